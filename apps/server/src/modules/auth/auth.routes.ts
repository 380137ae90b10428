import {
  acceptInvitationSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  switchAccountSchema,
  tokenParamsSchema,
} from '@taquilla/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.ts';
import { t } from '../../lib/i18n.ts';
import { authMessages as m } from './auth.messages.ts';
import * as service from './auth.service.ts';
import { PASSWORD_RESET_JOB } from './auth.service.ts';
import { ipAndEmailLimiter } from './rate-limit.ts';

const MINUTE = 60_000;

/** /api/auth: public endpoints (no token needed) for signing up, logging in and single-use links. */
export const authRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = fastify.deps;
  const tags = ['auth'];
  deps.jobs.register(PASSWORD_RESET_JOB, (payload) => service.sendPasswordReset(deps, String(payload.email)));

  const loginLimit = ipAndEmailLimiter(
    fastify,
    'login',
    // Per IP generous (offices share one address); per e-mail strict: 10 guesses per 15 minutes.
    { ip: { max: 100, windowMs: MINUTE }, email: { max: 10, windowMs: 15 * MINUTE } },
    m['auth.rate_limited_login'],
  );
  const forgotLimit = ipAndEmailLimiter(
    fastify,
    'forgot',
    { ip: { max: 20, windowMs: 15 * MINUTE }, email: { max: 5, windowMs: 15 * MINUTE } },
    m['auth.rate_limited_forgot'],
  );
  const registerLimit = ipAndEmailLimiter(
    fastify,
    'register',
    { ip: { max: 20, windowMs: 15 * MINUTE }, email: { max: 10, windowMs: 15 * MINUTE } },
    m['auth.rate_limited_login'],
  );

  fastify.post(
    '/auth/register',
    { schema: { tags, body: registerSchema }, preHandler: registerLimit },
    async (request, reply) => {
      const data = await service.register(deps, request.body, request.locale);
      reply.header('x-auth-token', data.token);
      return reply.status(201).send({ data });
    },
  );

  fastify.post(
    '/auth/login',
    { schema: { tags, body: loginSchema }, preHandler: loginLimit },
    async (request, reply) => {
      const data = await service.login(deps, request.body);
      if ('token' in data) reply.header('x-auth-token', data.token);
      return { data };
    },
  );

  fastify.post(
    '/auth/switch-account',
    { schema: { tags, body: switchAccountSchema } },
    async (request, reply) => {
      const data = await service.switchAccount(deps, requireAuth(request), request.body.account_id);
      reply.header('x-auth-token', data.token);
      return { data };
    },
  );

  fastify.post('/auth/logout', { schema: { tags } }, async (request, reply) => {
    await service.logout(deps, request.auth);
    return reply.status(204).send();
  });

  fastify.post(
    '/auth/forgot-password',
    { schema: { tags, body: forgotPasswordSchema }, preHandler: forgotLimit },
    async (request, reply) => {
      await service.forgotPassword(deps, request.body.email);
      return reply.status(202).send({ data: { message: t(request.locale, m['auth.forgot_sent']) } });
    },
  );

  fastify.get(
    '/auth/reset-password/:token',
    { schema: { tags, params: tokenParamsSchema } },
    async (request) => ({
      data: await service.checkResetToken(deps, request.params.token),
    }),
  );

  fastify.post(
    '/auth/reset-password/:token',
    { schema: { tags, params: tokenParamsSchema, body: resetPasswordSchema } },
    async (request) => {
      await service.resetPassword(deps, request.params.token, request.body.password);
      return { data: { reset: true } };
    },
  );

  fastify.get(
    '/auth/invitations/:token',
    { schema: { tags, params: tokenParamsSchema } },
    async (request) => ({
      data: await service.getInvitation(deps, request.params.token),
    }),
  );

  fastify.post(
    '/auth/invitations/:token',
    { schema: { tags, params: tokenParamsSchema, body: acceptInvitationSchema } },
    async (request, reply) => {
      const data = await service.acceptInvitation(deps, request.params.token, request.body, request.auth);
      reply.header('x-auth-token', data.token);
      return { data };
    },
  );
};
