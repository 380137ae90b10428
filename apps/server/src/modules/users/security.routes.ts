import { dataEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import {
  activeSessionSchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  recoveryCodesSchema,
  sessionIdParamsSchema,
  twoFactorEnrolmentSchema,
  twoFactorPolicySchema,
} from '@taquilla/shared/schemas/sign-in-security';
import { currentUserSchema } from '@taquilla/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import * as twoFactor from '../auth/two-factor.service.ts';
import * as service from './security.service.ts';

/** /api/users/me/two-factor, /api/users/me/sessions and the account's 2FA requirement. */
export const securityRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = fastify.deps;
  const tags = ['users'];

  fastify.post(
    '/users/me/two-factor',
    {
      schema: {
        tags,
        summary: 'Start two-factor enrolment: a new secret, its otpauth:// URI and QR code',
        response: { 200: dataEnvelope(twoFactorEnrolmentSchema) },
      },
    },
    async (request) => ({ data: await twoFactor.startEnrolment(deps, requireAuth(request)) }),
  );

  fastify.post(
    '/users/me/two-factor/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm two-factor enrolment with a code; answers the recovery codes, once',
        body: confirmTwoFactorSchema,
        response: { 200: dataEnvelope(recoveryCodesSchema) },
      },
    },
    async (request) => ({
      data: await twoFactor.confirmEnrolment(deps, requireAuth(request), request.body.code, request.ip),
    }),
  );

  fastify.delete(
    '/users/me/two-factor',
    {
      schema: {
        tags,
        summary: 'Turn two-factor authentication off (needs the password)',
        body: disableTwoFactorSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await twoFactor.disable(deps, requireAuth(request), request.body.password, request.ip);
      return reply.status(204).send();
    },
  );

  fastify.post(
    '/users/me/two-factor/recovery-codes',
    {
      schema: {
        tags,
        summary: 'Replace my recovery codes (needs the password); the old ones stop working; answered once',
        body: disableTwoFactorSchema,
        response: { 200: dataEnvelope(recoveryCodesSchema) },
      },
    },
    async (request) => ({
      data: await twoFactor.regenerateRecoveryCodes(
        deps,
        requireAuth(request),
        request.body.password,
        request.ip,
      ),
    }),
  );

  fastify.get(
    '/users/me/sessions',
    {
      schema: {
        tags,
        summary: 'List my active sessions',
        response: { 200: dataEnvelope(z.array(activeSessionSchema)) },
      },
    },
    async (request) => ({ data: await service.listSessions(deps, requireAuth(request)) }),
  );

  fastify.delete(
    '/users/me/sessions',
    {
      schema: { tags, summary: 'End my other sessions (all but this one)', response: { 204: noContent } },
    },
    async (request, reply) => {
      await service.endOtherSessions(deps, requireAuth(request));
      return reply.status(204).send();
    },
  );

  fastify.delete(
    '/users/me/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'End one of my sessions',
        params: sessionIdParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.endSession(deps, requireAuth(request), request.params.sessionId);
      return reply.status(204).send();
    },
  );

  fastify.put(
    '/users/two-factor-policy',
    {
      schema: {
        tags,
        summary: 'Require two-factor authentication of every member of the account (or not)',
        body: twoFactorPolicySchema,
        response: { 200: dataEnvelope(currentUserSchema) },
      },
    },
    async (request) => ({
      data: await service.setTwoFactorPolicy(deps, requireAuth(request), request.body.require_two_factor),
    }),
  );
};
