import { dataEnvelope, listEnvelope } from '@taquilla/shared/schemas/envelope';
import {
  privacyEraseSchema,
  privacyErasureSchema,
  privacyPersonSchema,
  privacyPersonSummarySchema,
  privacyRequestSchema,
  privacySettingsInput,
  privacySettingsSchema,
} from '@taquilla/shared/schemas/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { PRIVACY_RETENTION_EVERY_SECONDS, PRIVACY_RETENTION_JOB } from './privacy.retention.ts';
import * as service from './privacy.service.ts';

const BASE = '/accounts/me/privacy';
const tags = ['privacy'];

const exportSchema = z
  .object({
    format: z.string(),
    generated_at: z.string(),
    email: z.string(),
    data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  })
  .meta({ id: 'PersonalDataExport' });

/**
 * /api/accounts/me/privacy: one person's data across the account's events (looked up, exported, erased),
 * the retention of past events' personal data, and the log of requests. The e-mail travels in the body,
 * never in a URL (which access logs keep).
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  await deps.jobs.repeat(PRIVACY_RETENTION_JOB, PRIVACY_RETENTION_EVERY_SECONDS, () =>
    service.retentionSweep(deps),
  );

  app.post(
    `${BASE}/lookup`,
    {
      schema: {
        tags,
        summary: 'How much personal data the account holds about one e-mail, per kind',
        body: privacyPersonSchema,
        response: { 200: dataEnvelope(privacyPersonSummarySchema) },
      },
    },
    async (request) => ({ data: await service.lookupPerson(deps, requireAuth(request), request.body.email) }),
  );
  app.post(
    `${BASE}/export`,
    {
      schema: {
        tags,
        summary: 'Download everything held about one e-mail as JSON (logged)',
        body: privacyPersonSchema,
        response: { 200: exportSchema },
      },
    },
    async (request, reply) => {
      const body = await service.exportPerson(deps, requireAuth(request), request.body.email);
      const day = body.generated_at.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="personal-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
  app.post(
    `${BASE}/erase`,
    {
      schema: {
        tags,
        summary: 'Erase (pseudonymise) everything held about one e-mail; invoices stay (logged)',
        body: privacyEraseSchema,
        response: { 200: dataEnvelope(privacyErasureSchema) },
      },
    },
    async (request) => ({ data: await service.erasePerson(deps, requireAuth(request), request.body) }),
  );
  app.get(
    `${BASE}/requests`,
    {
      schema: {
        tags,
        summary: 'The log of privacy requests (exports, erasures, retention sweeps)',
        querystring: listQuerystring,
        response: { 200: listEnvelope(privacyRequestSchema) },
      },
    },
    async (request) => service.listRequests(deps, requireAuth(request), request.query),
  );
  app.get(
    `${BASE}/settings`,
    {
      schema: {
        tags,
        summary: 'The retention of personal data',
        response: { 200: dataEnvelope(privacySettingsSchema) },
      },
    },
    async (request) => ({ data: await service.getSettings(deps, requireAuth(request)) }),
  );
  app.put(
    `${BASE}/settings`,
    {
      schema: {
        tags,
        summary: "Set how many days after an event ends its buyers' personal data is kept (null: kept)",
        body: privacySettingsInput,
        response: { 200: dataEnvelope(privacySettingsSchema) },
      },
    },
    async (request) => ({ data: await service.updateSettings(deps, requireAuth(request), request.body) }),
  );
};
