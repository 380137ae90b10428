import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import { REPORT_KINDS, reportExportQuery, reportRange, reportSchema } from '@taquilla/shared/schemas/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { fileResponse, SPREADSHEET_TYPES } from '../../lib/openapi.ts';
import { EXPORT_MONEY_DOC, sendExport } from '../../lib/spreadsheet.ts';
import * as service from './reports.service.ts';

const report = z.enum(REPORT_KINDS);
const eventParams = z.object({ id: z.uuid(), report });
const accountParams = z.object({ report });

const ABOUT =
  'Sales are completed orders, counted on the day they completed; refunds that went through subtract on the day they were made. `from`/`to`: calendar days (both included) in the time zone of the event (or account), both or neither, at most 366 days apart.';
const FILE = `The report's rows, then its totals. ${EXPORT_MONEY_DOC} Percentages as numbers (45.5 for 45.5 %).`;

/** Reports («Informes») of one event and of the whole account, as JSON and as CSV/XLSX downloads. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];
  app.get(
    '/events/:id/reports/:report',
    {
      schema: {
        tags,
        summary: "One report of an event's sales, money or check-in",
        description: ABOUT,
        params: eventParams,
        querystring: reportRange,
        response: { 200: dataEnvelope(reportSchema) },
      },
    },
    async (request) => {
      const { id, report } = request.params;
      const auth = requireAuth(request);
      const result = await service.eventReport(app.deps, auth, id, report, request.query, request.locale);
      return { data: result.report };
    },
  );
  app.get(
    '/events/:id/reports/:report/export',
    {
      schema: {
        tags,
        summary: 'Export one report of an event (CSV or XLSX, `format` parameter)',
        description: ABOUT,
        params: eventParams,
        querystring: reportExportQuery,
        response: { 200: fileResponse(FILE, SPREADSHEET_TYPES) },
      },
    },
    async (request, reply) => {
      const { id, report } = request.params;
      const { format, ...dates } = request.query;
      const auth = requireAuth(request);
      const result = await service.eventReport(app.deps, auth, id, report, dates, request.locale);
      return sendExport(reply, format, reportSheet(result.report, result.event.slug, request.locale));
    },
  );
  app.get(
    '/reports/:report',
    {
      schema: {
        tags,
        summary: "One report over all the account's events",
        description: ABOUT,
        params: accountParams,
        querystring: reportRange,
        response: { 200: dataEnvelope(reportSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { report } = request.params;
      return { data: await service.accountReport(app.deps, auth, report, request.query, request.locale) };
    },
  );
  app.get(
    '/reports/:report/export',
    {
      schema: {
        tags,
        summary: "Export one report over all the account's events (CSV or XLSX, `format` parameter)",
        description: ABOUT,
        params: accountParams,
        querystring: reportExportQuery,
        response: { 200: fileResponse(FILE, SPREADSHEET_TYPES) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { format, ...dates } = request.query;
      const result = await service.accountReport(
        app.deps,
        auth,
        request.params.report,
        dates,
        request.locale,
      );
      return sendExport(reply, format, reportSheet(result, 'account', request.locale));
    },
  );
};
