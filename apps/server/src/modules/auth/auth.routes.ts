import {
  acceptInvitationSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  switchAccountSchema,
  tokenParamsSchema,
} from '@taquilla/shared/schemas/auth';
import { dataEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import { emailChangeUndoneSchema, loginTwoFactorSchema } from '@taquilla/shared/schemas/sign-in-security';
import {
  invitationSchema,
  loginResultSchema,
  registeredSchema,
  resetTokenSchema,
  sessionSchema,
} from '@taquilla/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { t } from '../../lib/i18n.ts';
import { throttle } from '../../lib/throttle.ts';
import { authMessages as m } from './auth.messages.ts';
import * as service from './auth.service.ts';
import { PASSWORD_RESET_JOB } from './auth.service.ts';
import { clientOf } from './client.ts';
import { ipAndEmailLimiter } from './rate-limit.ts';

const MINUTE = 60_000;

/** /api/auth: public endpoints (no token needed) for signing up, logging in and single-use links. */
export const authRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = fastify.deps;
  const tags = ['auth'];
  deps.jobs.register(PASSWORD_RESET_JOB, (payload) => service.sendPasswordReset(deps, String(payload.email)));

  // Requests per address and per e-mail, whatever their outcome (generous: offices share one address).
  // Wrong passwords and codes are slowed by the back-off of backoff.ts, which never locks the owner out.
  const loginLimit = ipAndEmailLimiter(
    fastify,
    'login',
    { ip: { max: 100, windowMs: MINUTE }, email: { max: 300, windowMs: 15 * MINUTE } },
    m['auth.rate_limited_login'],
  );
  const twoFactorLimit = throttle(
    fastify,
    [{ name: 'login-2fa:ip', max: 60, windowMs: MINUTE, key: (request) => request.ip }],
    m['auth.rate_limited_login'],
  );
  const undoLimit = throttle(
    fastify,
    [{ name: 'undo-email:ip', max: 20, windowMs: 15 * MINUTE, key: (request) => request.ip }],
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
    {
      schema: {
        tags,
        summary: 'Sign up: a new user and account',
        body: registerSchema,
        response: { 201: dataEnvelope(registeredSchema) },
      },
      preHandler: registerLimit,
    },
    async (request, reply) => {
      const data = await service.register(deps, request.body, request.locale, clientOf(request));
      reply.header('x-auth-token', data.token);
      return reply.status(201).send({ data });
    },
  );

  fastify.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in',
        body: loginSchema,
        response: { 200: dataEnvelope(loginResultSchema) },
      },
      preHandler: loginLimit,
    },
    async (request, reply) => {
      const data = await service.login(deps, request.body, clientOf(request));
      if ('token' in data) reply.header('x-auth-token', data.token);
      return { data };
    },
  );

  fastify.post(
    '/auth/login/two-factor',
    {
      schema: {
        tags,
        summary: 'Log in: the second step, with a code of the authenticator app or a recovery code',
        body: loginTwoFactorSchema,
        response: { 200: dataEnvelope(sessionSchema) },
      },
      preHandler: twoFactorLimit,
    },
    async (request, reply) => {
      const data = await service.loginTwoFactor(deps, request.body, clientOf(request));
      reply.header('x-auth-token', data.token);
      return { data };
    },
  );

  fastify.post(
    '/auth/switch-account',
    {
      schema: {
        tags,
        summary: 'Switch to another of my accounts',
        body: switchAccountSchema,
        response: { 200: dataEnvelope(sessionSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.switchAccount(
        deps,
        requireAuth(request),
        request.body.account_id,
        clientOf(request),
      );
      reply.header('x-auth-token', data.token);
      return { data };
    },
  );

  fastify.post(
    '/auth/logout',
    { schema: { tags, summary: 'Log out', response: { 204: noContent } } },
    async (request, reply) => {
      await service.logout(deps, request.auth);
      return reply.status(204).send();
    },
  );

  fastify.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Ask for a password reset link',
        body: forgotPasswordSchema,
        response: { 202: dataEnvelope(z.object({ message: z.string() })) },
      },
      preHandler: forgotLimit,
    },
    async (request, reply) => {
      await service.forgotPassword(deps, request.body.email);
      return reply.status(202).send({ data: { message: t(request.locale, m['auth.forgot_sent']) } });
    },
  );

  fastify.get(
    '/auth/reset-password/:token',
    {
      schema: {
        tags,
        summary: 'Check a password reset link',
        params: tokenParamsSchema,
        response: { 200: dataEnvelope(resetTokenSchema) },
      },
    },
    async (request) => ({
      data: await service.checkResetToken(deps, request.params.token),
    }),
  );

  fastify.post(
    '/auth/reset-password/:token',
    {
      schema: {
        tags,
        summary: 'Reset my password',
        params: tokenParamsSchema,
        body: resetPasswordSchema,
        response: { 200: dataEnvelope(z.object({ reset: z.literal(true) })) },
      },
    },
    async (request) => {
      await service.resetPassword(deps, request.params.token, request.body.password);
      return { data: { reset: true as const } };
    },
  );

  fastify.post(
    '/auth/undo-email-change/:token',
    {
      schema: {
        tags,
        summary: 'Undo an e-mail change (the link sent to the old address): ends every session',
        params: tokenParamsSchema,
        response: { 200: dataEnvelope(emailChangeUndoneSchema) },
      },
      preHandler: undoLimit,
    },
    async (request) => ({ data: await service.undoEmailChange(deps, request.params.token) }),
  );

  fastify.get(
    '/auth/invitations/:token',
    {
      schema: {
        tags,
        summary: 'Get an invitation',
        params: tokenParamsSchema,
        response: { 200: dataEnvelope(invitationSchema) },
      },
    },
    async (request) => ({
      data: await service.getInvitation(deps, request.params.token),
    }),
  );

  fastify.post(
    '/auth/invitations/:token',
    {
      schema: {
        tags,
        summary: 'Accept an invitation',
        params: tokenParamsSchema,
        body: acceptInvitationSchema,
        response: { 200: dataEnvelope(sessionSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.acceptInvitation(
        deps,
        request.params.token,
        request.body,
        request.auth,
        clientOf(request),
      );
      reply.header('x-auth-token', data.token);
      return { data };
    },
  );
};
