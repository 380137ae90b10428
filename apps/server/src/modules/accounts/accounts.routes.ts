import { accountSettingsSchema, updateAccountSchema } from '@taquilla/shared/schemas/accounts';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.ts';
import './accounts.messages.ts';
import * as service from './accounts.service.ts';

/** /api/accounts/me: the settings of the caller's account. */
export const accountsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = fastify.deps;
  const tags = ['accounts'];
  fastify.get(
    '/accounts/me',
    {
      schema: {
        tags,
        summary: "Get the caller's account settings",
        response: { 200: dataEnvelope(accountSettingsSchema) },
      },
    },
    async (request) => ({
      data: await service.getAccount(deps, requireAuth(request)),
    }),
  );
  fastify.put(
    '/accounts/me',
    {
      schema: {
        tags,
        summary: "Update the caller's account settings",
        body: updateAccountSchema,
        response: { 200: dataEnvelope(accountSettingsSchema) },
      },
    },
    async (request) => ({
      data: await service.updateAccount(deps, requireAuth(request), request.body),
    }),
  );
};
