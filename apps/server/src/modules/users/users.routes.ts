import {
  inviteUserSchema,
  updateMeSchema,
  updateUserSchema,
  userIdParamsSchema,
  userTokenParamsSchema,
} from '@taquilla/shared/schemas/users';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import * as service from './users.service.ts';

/** /api/users: the current user, e-mail confirmation and change, and the account's team. */
export const usersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = fastify.deps;
  const tags = ['users'];

  fastify.get('/users/me', { schema: { tags } }, async (request) => {
    const auth = requireAuth(request);
    return { data: await service.getCurrentUser(deps.db, auth.userId, auth.accountId) };
  });

  fastify.put('/users/me', { schema: { tags, body: updateMeSchema } }, async (request) => ({
    data: await service.updateMe(deps, requireAuth(request), request.body),
  }));

  fastify.post(
    '/users/:id/confirm-email/:token',
    { schema: { tags, params: userTokenParamsSchema } },
    async (request) => ({
      data: await service.confirmEmail(deps, requireAuth(request), request.params.id, request.params.token),
    }),
  );

  fastify.post(
    '/users/:id/resend-email-confirmation',
    { schema: { tags, params: userIdParamsSchema } },
    async (request, reply) => {
      await service.resendEmailConfirmation(deps, requireAuth(request), request.params.id);
      return reply.status(202).send({ data: { sent: true } });
    },
  );

  fastify.post(
    '/users/:id/email-change/:token',
    { schema: { tags, params: userTokenParamsSchema } },
    async (request) => ({
      data: await service.confirmEmailChange(
        deps,
        requireAuth(request),
        request.params.id,
        request.params.token,
      ),
    }),
  );

  fastify.delete(
    '/users/:id/email-change',
    { schema: { tags, params: userIdParamsSchema } },
    async (request) => ({
      data: await service.cancelEmailChange(deps, requireAuth(request), request.params.id),
    }),
  );

  fastify.get('/users', { schema: { tags, querystring: listQuerystring } }, async (request) =>
    service.listUsers(deps, requireAuth(request), request.query),
  );

  fastify.post('/users', { schema: { tags, body: inviteUserSchema } }, async (request, reply) => {
    const data = await service.inviteUser(deps, requireAuth(request), request.body, request.locale);
    return reply.status(201).send({ data });
  });

  fastify.get('/users/:id', { schema: { tags, params: userIdParamsSchema } }, async (request) => ({
    data: await service.getUser(deps, requireAuth(request), request.params.id),
  }));

  fastify.put(
    '/users/:id',
    { schema: { tags, params: userIdParamsSchema, body: updateUserSchema } },
    async (request) => ({
      data: await service.updateUser(deps, requireAuth(request), request.params.id, request.body),
    }),
  );

  fastify.post(
    '/users/:id/invitation',
    { schema: { tags, params: userIdParamsSchema } },
    async (request) => ({
      data: await service.resendInvitation(deps, requireAuth(request), request.params.id),
    }),
  );

  fastify.delete(
    '/users/:id/invitation',
    { schema: { tags, params: userIdParamsSchema } },
    async (request, reply) => {
      await service.revokeInvitation(deps, requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
