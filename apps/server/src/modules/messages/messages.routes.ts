import { dataEnvelope, listEnvelope } from '@taquilla/shared/schemas/envelope';
import {
  audienceCountSchema,
  failedDeliverySchema,
  messageAudience,
  messageInput,
  messageSchema,
  messageTestResultSchema,
  retriedDeliveriesSchema,
} from '@taquilla/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { registerMessageJobs } from './messages.sender.ts';
import * as service from './messages.service.ts';

const eventParams = z.object({ id: z.uuid() });
const itemParams = z.object({ id: z.uuid(), messageId: z.uuid() });

/**
 * events/{id}/messages: compose (send now, schedule, or a test copy to oneself), history with delivery
 * counts, cancel a scheduled one, and the audience's size before sending. Registers the sending jobs.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  registerMessageJobs(deps.jobs, deps);

  app.post(
    '/events/:id/messages/audience',
    {
      schema: {
        summary: 'Count the recipients of an audience',
        params: eventParams,
        body: z.strictObject({ audience: messageAudience }),
        response: { 200: dataEnvelope(audienceCountSchema) },
      },
    },
    async (request) => ({
      data: await service.countAudience(deps, requireAuth(request), request.params.id, request.body.audience),
    }),
  );
  app.post(
    '/events/:id/messages',
    {
      schema: {
        summary: 'Send or schedule a message to attendees (or a test copy to oneself: 202)',
        params: eventParams,
        body: messageInput,
        response: { 201: dataEnvelope(messageSchema), 202: dataEnvelope(messageTestResultSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createMessage(
        deps,
        requireAuth(request),
        request.params.id,
        request.body,
        request.locale,
      );
      if ('is_test' in data) return reply.status(202).send({ data });
      return reply.status(201).send({ data });
    },
  );
  app.get(
    '/events/:id/messages',
    {
      schema: {
        summary: "List an event's messages",
        params: eventParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(messageSchema) },
      },
    },
    async (request) => service.listMessages(deps, requireAuth(request), request.params.id, request.query),
  );
  app.get(
    '/events/:id/messages/failed-deliveries',
    {
      schema: {
        summary: "The recipients the event's messages could not reach after their tries",
        params: eventParams,
        response: { 200: dataEnvelope(z.array(failedDeliverySchema)) },
      },
    },
    async (request) => ({
      data: await service.listFailedDeliveries(deps, requireAuth(request), request.params.id),
    }),
  );
  app.post(
    '/events/:id/messages/:messageId/retry-failed',
    {
      schema: {
        summary: "Try a message's failed recipients again",
        params: itemParams,
        response: { 202: dataEnvelope(retriedDeliveriesSchema) },
      },
    },
    async (request, reply) => {
      const { id, messageId } = request.params;
      const data = await service.retryFailedDeliveries(deps, requireAuth(request), id, messageId);
      return reply.status(202).send({ data });
    },
  );
  app.get(
    '/events/:id/messages/:messageId',
    {
      schema: {
        summary: 'Get a message with its delivery counts',
        params: itemParams,
        response: { 200: dataEnvelope(messageSchema) },
      },
    },
    async (request) => ({
      data: await service.getMessage(deps, requireAuth(request), request.params.id, request.params.messageId),
    }),
  );
  app.post(
    '/events/:id/messages/:messageId/cancel',
    {
      schema: {
        summary: 'Cancel a scheduled message',
        params: itemParams,
        response: { 200: dataEnvelope(messageSchema) },
      },
    },
    async (request) => ({
      data: await service.cancelMessage(
        deps,
        requireAuth(request),
        request.params.id,
        request.params.messageId,
      ),
    }),
  );
};
