import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import {
  eventReportExportQuery,
  eventReportRange,
  REPORT_KINDS,
  type ReportKind,
  reportExportQuery,
  reportRange,
  reportSchema,
} from '@taquilla/shared/schemas/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { fileResponse, SPREADSHEET_TYPES } from '../../lib/openapi.ts';
import { EXPORT_MONEY_DOC, sendExport } from '../../lib/spreadsheet.ts';
import * as service from './reports.service.ts';

const eventParams = z.object({ id: z.uuid() });

const ABOUT =
  'Sales are completed orders, counted on the day they completed; refunds that went through subtract on the day they were made. `from`/`to`: calendar days (both included) in the time zone of the event (or account), both or neither, at most 366 days apart.';
const EVENT_ABOUT = `${ABOUT} \`event_date_id\`: a date of the event (another id is a 422): only that date's orders, and for check-ins its attendees.`;
const FILE = `The report's rows, then its totals. ${EXPORT_MONEY_DOC} Percentages as numbers (45.5 for 45.5 %).`;

/** Reports («Informes») of one event and of the whole account, as JSON and as CSV/XLSX downloads. */
/**
 * Reports («Informes») of one event and of the whole account, as JSON and as CSV/XLSX downloads: one
 * path per report (the account's have no id in their path, and each is documented on its own).
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of REPORT_KINDS) reportRoutes(app, kind);
};

const reportRoutes = (app: Parameters<FastifyPluginAsyncZod>[0], kind: ReportKind) => {
  const tags = ['reports'];
  app.get(
    `/events/:id/reports/${kind}`,
    {
      schema: {
        tags,
        summary: `Report of an event: ${kind}`,
        description: EVENT_ABOUT,
        params: eventParams,
        querystring: eventReportRange,
        response: { 200: dataEnvelope(reportSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const result = await service.eventReport(
        app.deps,
        auth,
        request.params.id,
        kind,
        request.query,
        request.locale,
      );
      return { data: result.report };
    },
  );
  app.get(
    `/events/:id/reports/${kind}/export`,
    {
      schema: {
        tags,
        summary: `Export a report of an event: ${kind} (CSV or XLSX, \`format\` parameter)`,
        description: EVENT_ABOUT,
        params: eventParams,
        querystring: eventReportExportQuery,
        response: { 200: fileResponse(FILE, SPREADSHEET_TYPES) },
      },
    },
    async (request, reply) => {
      const { format, ...dates } = request.query;
      const auth = requireAuth(request);
      const { id } = request.params;
      const sheet = await service.eventReportSheet(app.deps, auth, id, kind, dates, request.locale);
      return sendExport(reply, format, sheet);
    },
  );
  app.get(
    `/reports/${kind}`,
    {
      schema: {
        tags,
        summary: `Report of all the account's events: ${kind}`,
        description: ABOUT,
        querystring: reportRange,
        response: { 200: dataEnvelope(reportSchema) },
      },
    },
    async (request) => ({
      data: await service.accountReport(app.deps, requireAuth(request), kind, request.query, request.locale),
    }),
  );
  app.get(
    `/reports/${kind}/export`,
    {
      schema: {
        tags,
        summary: `Export a report of all the account's events: ${kind} (CSV or XLSX, \`format\` parameter)`,
        description: ABOUT,
        querystring: reportExportQuery,
        response: { 200: fileResponse(FILE, SPREADSHEET_TYPES) },
      },
    },
    async (request, reply) => {
      const { format, ...dates } = request.query;
      const auth = requireAuth(request);
      const sheet = await service.accountReportSheet(app.deps, auth, kind, dates, request.locale);
      return sendExport(reply, format, sheet);
    },
  );
};
