import {
  AUDIT_ACTIONS,
  auditEntrySchema,
  auditSettingsSchema,
  updateAuditSettingsSchema,
} from '@taquilla/shared/schemas/audit';
import { dataEnvelope, listEnvelope } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { fileResponse, SPREADSHEET_TYPES } from '../../lib/openapi.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { sendExport } from '../../lib/spreadsheet.ts';
import * as service from './audit.service.ts';

const BASE = '/audit-log';
const tags = ['audit'];
const DAY_SECONDS = 24 * 3600;
export const AUDIT_RETENTION_JOB = 'audit.retention';

const entrySchema = auditEntrySchema.extend({
  action_label: z.string().meta({ description: "The action in the request's language" }),
});

/** /api/audit-log: the account's audit trail (admins), its export and how long it is kept. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  await deps.jobs.repeat(AUDIT_RETENTION_JOB, DAY_SECONDS, async () => {
    await service.purgeExpired(deps);
  });

  app.get(
    BASE,
    {
      config: { access: 'audit:read' },
      schema: {
        tags,
        summary:
          'List the audit trail, newest first (filters: action, actor_user_id, actor_api_key_id, event_id, organizer_id, target_type, target_id, created_at)',
        querystring: listQuerystring,
        response: { 200: listEnvelope(entrySchema) },
      },
    },
    async (request) => service.listEntries(deps, requireAuth(request), request.query, request.locale),
  );
  app.get(
    `${BASE}/export`,
    {
      config: { access: 'audit:read' },
      schema: {
        tags,
        summary: 'Export the audit trail (CSV or XLSX, `format` parameter; the list filters apply)',
        querystring: listQuerystring,
        response: {
          200: fileResponse(
            "The entries as a spreadsheet: dates on the account's time zone, the changes as JSON (secrets redacted).",
            SPREADSHEET_TYPES,
          ),
        },
      },
    },
    async (request, reply) => {
      const { format, sheet } = await service.exportEntries(
        deps,
        requireAuth(request),
        request.query,
        request.locale,
      );
      return sendExport(reply, format, sheet);
    },
  );
  app.get(
    `${BASE}/actions`,
    {
      config: { access: 'audit:read' },
      schema: {
        tags,
        summary: "Every action code with its label in the request's language (the screen's filter)",
        response: {
          200: dataEnvelope(z.array(z.object({ action: z.enum(AUDIT_ACTIONS), label: z.string() }))),
        },
      },
    },
    async (request) => ({ data: service.listActions(requireAuth(request), request.locale) }),
  );
  app.get(
    `${BASE}/settings`,
    {
      config: { access: 'audit:read' },
      schema: {
        tags,
        summary: 'How many days the audit trail is kept',
        response: { 200: dataEnvelope(auditSettingsSchema) },
      },
    },
    async (request) => ({ data: await service.getSettings(deps, requireAuth(request)) }),
  );
  app.put(
    `${BASE}/settings`,
    {
      config: { access: 'account:manage' },
      schema: {
        tags,
        summary: 'Set how many days the audit trail is kept (30 to 3650)',
        body: updateAuditSettingsSchema,
        response: { 200: dataEnvelope(auditSettingsSchema) },
      },
    },
    async (request) => ({ data: await service.updateSettings(deps, requireAuth(request), request.body) }),
  );
};
