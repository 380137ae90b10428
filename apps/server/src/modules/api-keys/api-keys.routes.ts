import { apiKeySchema, apiKeyWithSecretSchema, createApiKeySchema } from '@taquilla/shared/schemas/api-keys';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import * as service from './api-keys.service.ts';

const BASE = '/accounts/me/api-keys';
const tags = ['api-keys'];

/** /api/accounts/me/api-keys: the account's API keys (admins, with a person's login only). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "List the account's API keys",
        response: { 200: dataEnvelope(z.array(apiKeySchema)) },
      },
    },
    async (request) => ({ data: await service.listKeys(deps, requireAuth(request)) }),
  );
  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Create an API key (the key is answered only now)',
        body: createApiKeySchema,
        response: { 201: dataEnvelope(apiKeyWithSecretSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createKey(deps, requireAuth(request), request.body) }),
  );
  app.post(
    `${BASE}/:id/revoke`,
    {
      schema: {
        tags,
        summary: 'Revoke an API key (requests with it get 401 at once)',
        params: z.object({ id: z.uuid() }),
        response: { 200: dataEnvelope(apiKeySchema) },
      },
    },
    async (request) => ({ data: await service.revokeKey(deps, requireAuth(request), request.params.id) }),
  );
};
