import { messageAudience, messageInput } from '@taquilla/shared/schemas/messages';
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
    { schema: { params: eventParams, body: z.strictObject({ audience: messageAudience }) } },
    async (request) => ({
      data: await service.countAudience(deps, requireAuth(request), request.params.id, request.body.audience),
    }),
  );
  app.post(
    '/events/:id/messages',
    { schema: { params: eventParams, body: messageInput } },
    async (request, reply) => {
      const data = await service.createMessage(
        deps,
        requireAuth(request),
        request.params.id,
        request.body,
        request.locale,
      );
      return reply.status('is_test' in data ? 202 : 201).send({ data });
    },
  );
  app.get(
    '/events/:id/messages',
    { schema: { params: eventParams, querystring: listQuerystring } },
    async (request) => service.listMessages(deps, requireAuth(request), request.params.id, request.query),
  );
  app.get('/events/:id/messages/:messageId', { schema: { params: itemParams } }, async (request) => ({
    data: await service.getMessage(deps, requireAuth(request), request.params.id, request.params.messageId),
  }));
  app.post('/events/:id/messages/:messageId/cancel', { schema: { params: itemParams } }, async (request) => ({
    data: await service.cancelMessage(
      deps,
      requireAuth(request),
      request.params.id,
      request.params.messageId,
    ),
  }));
};
