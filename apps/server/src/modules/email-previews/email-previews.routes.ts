import {
  emailPreviewInput,
  emailPreviewSchema,
  emailTestSentSchema,
} from '@taquilla/shared/schemas/email-templates';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import * as service from './email-previews.service.ts';

const eventParams = z.object({ id: z.uuid() });

/**
 * The organizer's e-mail texts seen before they are saved: the real e-mail rendered for a sample order
 * (preview), or sent to the caller's own address through the e-mail queue (test). Same permissions as
 * changing the texts: the account's `account:manage`, an event's `events:manage`.
 */
export const emailPreviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['email-templates'];
  const preview = { 200: dataEnvelope(emailPreviewSchema) };
  const sent = { 202: dataEnvelope(emailTestSentSchema) };

  app.post(
    '/accounts/me/email-templates/preview',
    {
      schema: {
        tags,
        summary:
          "The real e-mail (subject, HTML, text) with the account's texts as typed, for a sample order",
        body: emailPreviewInput,
        response: preview,
      },
    },
    async (request) => ({
      data: await service.previewEmail(app.deps, requireAuth(request), null, request.body),
    }),
  );
  app.post(
    '/accounts/me/email-templates/test',
    {
      schema: {
        tags,
        summary: 'Send that e-mail to your own address (through the e-mail queue)',
        body: emailPreviewInput,
        response: sent,
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send({ data: await service.sendTestEmail(app.deps, requireAuth(request), null, request.body) }),
  );
  app.post(
    '/events/:id/email-templates/preview',
    {
      schema: {
        tags,
        summary: "The real e-mail with the event's texts as typed, for a sample order of the event",
        params: eventParams,
        body: emailPreviewInput,
        response: preview,
      },
    },
    async (request) => ({
      data: await service.previewEmail(app.deps, requireAuth(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/events/:id/email-templates/test',
    {
      schema: {
        tags,
        summary: "Send the event's e-mail, as typed, to your own address",
        params: eventParams,
        body: emailPreviewInput,
        response: sent,
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        data: await service.sendTestEmail(app.deps, requireAuth(request), request.params.id, request.body),
      }),
  );
};
