import {
  createEventSchema,
  duplicateEventSchema,
  eventDefaultsSchema,
  eventStatusSchema,
  updateEventSchema,
  updateEventSettingsSchema,
} from '@taquilla/shared/schemas/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring, parseListQuery } from '../../lib/pagination.ts';
import { eventListSpec } from './events.repository.ts';
import * as service from './events.service.ts';
import { salesStats } from './events.stats.ts';

const idParams = z.object({ id: z.uuid() });

export const eventRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = () => fastify.deps;

  fastify.get('/events', { schema: { querystring: listQuerystring } }, async (request) => {
    const query = request.query;
    const params = parseListQuery(query, eventListSpec);
    return service.listEvents(deps(), requireAuth(request), params, query.eventsState ?? query.events_state);
  });

  fastify.post('/events', { schema: { body: createEventSchema } }, async (request, reply) => {
    const data = await service.createEvent(deps(), requireAuth(request), request.body);
    return reply.status(201).send({ data });
  });

  fastify.get('/events/:id', { schema: { params: idParams } }, async (request) => ({
    data: await service.getEvent(deps(), requireAuth(request), request.params.id),
  }));

  fastify.get('/events/:id/stats', { schema: { params: idParams } }, async (request) => {
    const event = await service.getEventRow(deps(), requireAuth(request), request.params.id);
    return { data: await salesStats(deps().db, event) };
  });

  fastify.put('/events/:id', { schema: { params: idParams, body: updateEventSchema } }, async (request) => ({
    data: await service.updateEvent(deps(), requireAuth(request), request.params.id, request.body),
  }));

  fastify.put(
    '/events/:id/status',
    { schema: { params: idParams, body: eventStatusSchema } },
    async (request) => ({
      data: await service.setStatus(deps(), requireAuth(request), request.params.id, request.body.status),
    }),
  );

  fastify.post(
    '/events/:id/duplicate',
    { schema: { params: idParams, body: duplicateEventSchema } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const data = await service.duplicateEvent(
        deps(),
        auth,
        request.locale,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );

  fastify.get('/events/:id/settings', { schema: { params: idParams } }, async (request) => ({
    data: await service.getSettings(deps(), requireAuth(request), request.params.id),
  }));

  fastify.put(
    '/events/:id/settings',
    { schema: { params: idParams, body: updateEventSettingsSchema } },
    async (request) => ({
      data: await service.updateSettings(deps(), requireAuth(request), request.params.id, request.body),
    }),
  );

  fastify.get('/accounts/me/event-defaults', async (request) => ({
    data: await service.getEventDefaults(deps(), requireAuth(request)),
  }));

  fastify.put('/accounts/me/event-defaults', { schema: { body: eventDefaultsSchema } }, async (request) => ({
    data: await service.updateEventDefaults(deps(), requireAuth(request), request.body),
  }));
};
