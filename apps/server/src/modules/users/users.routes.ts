import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import {
  accountMemberSchema,
  currentUserSchema,
  inviteUserSchema,
  updateMeSchema,
  updateUserSchema,
  userIdParamsSchema,
  userTokenParamsSchema,
} from '@taquilla/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { currentUser } from '../auth/identity.service.ts';
import * as service from './users.service.ts';

/** /api/users: the current user, e-mail confirmation and change, and the account's team. */
export const usersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = fastify.deps;
  const tags = ['users'];

  fastify.get(
    '/users/me',
    {
      schema: {
        tags,
        summary: 'Get the signed-in user and their accounts',
        response: { 200: dataEnvelope(currentUserSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { data: await currentUser(deps.db, auth.userId, auth.accountId) };
    },
  );

  fastify.put(
    '/users/me',
    {
      schema: {
        tags,
        summary: 'Update my profile',
        body: updateMeSchema,
        response: { 200: dataEnvelope(currentUserSchema) },
      },
    },
    async (request) => ({
      data: await service.updateMe(deps, requireAuth(request), request.body, request.ip),
    }),
  );

  fastify.post(
    '/users/:id/confirm-email/:token',
    {
      schema: {
        tags,
        summary: 'Confirm my e-mail address',
        params: userTokenParamsSchema,
        response: { 200: dataEnvelope(currentUserSchema) },
      },
    },
    async (request) => ({
      data: await service.confirmEmail(deps, requireAuth(request), request.params.id, request.params.token),
    }),
  );

  fastify.post(
    '/users/:id/resend-email-confirmation',
    {
      schema: {
        tags,
        summary: 'Send my e-mail confirmation again',
        params: userIdParamsSchema,
        response: { 202: dataEnvelope(z.object({ sent: z.literal(true) })) },
      },
    },
    async (request, reply) => {
      await service.resendEmailConfirmation(deps, requireAuth(request), request.params.id);
      return reply.status(202).send({ data: { sent: true } });
    },
  );

  fastify.post(
    '/users/:id/email-change/:token',
    {
      schema: {
        tags,
        summary: 'Confirm my new e-mail address',
        params: userTokenParamsSchema,
        response: { 200: dataEnvelope(currentUserSchema) },
      },
    },
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
    {
      schema: {
        tags,
        summary: 'Cancel my pending e-mail change',
        params: userIdParamsSchema,
        response: { 200: dataEnvelope(currentUserSchema) },
      },
    },
    async (request) => ({
      data: await service.cancelEmailChange(deps, requireAuth(request), request.params.id),
    }),
  );

  fastify.get(
    '/users',
    {
      schema: {
        tags,
        summary: "List the account's team",
        querystring: listQuerystring,
        response: { 200: listEnvelope(accountMemberSchema) },
      },
    },
    async (request) => service.listUsers(deps, requireAuth(request), request.query),
  );

  fastify.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Invite a user to the account',
        body: inviteUserSchema,
        response: { 201: dataEnvelope(accountMemberSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.inviteUser(deps, requireAuth(request), request.body, request.locale);
      return reply.status(201).send({ data });
    },
  );

  fastify.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Get a team member',
        params: userIdParamsSchema,
        response: { 200: dataEnvelope(accountMemberSchema) },
      },
    },
    async (request) => ({
      data: await service.getUser(deps, requireAuth(request), request.params.id),
    }),
  );

  fastify.put(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Update a team member (role, status, name)',
        params: userIdParamsSchema,
        body: updateUserSchema,
        response: { 200: dataEnvelope(accountMemberSchema) },
      },
    },
    async (request) => ({
      data: await service.updateUser(deps, requireAuth(request), request.params.id, request.body),
    }),
  );

  fastify.post(
    '/users/:id/invitation',
    {
      schema: {
        tags,
        summary: 'Send an invitation again',
        params: userIdParamsSchema,
        response: { 200: dataEnvelope(accountMemberSchema) },
      },
    },
    async (request) => ({
      data: await service.resendInvitation(deps, requireAuth(request), request.params.id),
    }),
  );

  fastify.delete(
    '/users/:id/invitation',
    {
      schema: {
        tags,
        summary: 'Withdraw an invitation',
        params: userIdParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.revokeInvitation(deps, requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
