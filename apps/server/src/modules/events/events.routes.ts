import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import {
  createEventInput,
  duplicateEventInput,
  eventDefaultsResponseSchema,
  eventDefaultsSchema,
  eventSalesStatsSchema,
  eventSettingsResponseSchema,
  eventStatusSchema,
  manageEventDetailSchema,
  manageEventSchema,
  updateEventSchema,
  updateEventSettingsSchema,
} from '@taquilla/shared/schemas/events';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import * as service from './events.service.ts';
import { salesStats } from './events.stats.ts';

const idParams = z.object({ id: z.uuid() });
const statsQuery = z.object({ event_date_id: z.uuid().optional() });

export const eventRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = () => fastify.deps;

  fastify.get(
    '/events',
    {
      schema: {
        summary: "List the account's events",
        querystring: listQuerystring,
        response: { 200: listEnvelope(manageEventSchema) },
      },
    },
    async (request) => service.listEvents(deps(), requireAuth(request), request.query),
  );

  fastify.post(
    '/events',
    {
      schema: {
        summary: 'Create an event',
        body: createEventInput,
        response: { 201: dataEnvelope(manageEventDetailSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createEvent(deps(), requireAuth(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  fastify.get(
    '/events/:id',
    {
      schema: {
        summary: 'Get an event',
        params: idParams,
        response: { 200: dataEnvelope(manageEventDetailSchema) },
      },
    },
    async (request) => ({
      data: await service.getEvent(deps(), requireAuth(request), request.params.id),
    }),
  );

  fastify.get(
    '/events/:id/stats',
    {
      schema: {
        summary: "Get an event's sales dashboard",
        description:
          '`event_date_id` (a date of this event; another id is a 422): only the orders and attendees of that date.',
        params: idParams,
        querystring: statsQuery,
        response: { 200: dataEnvelope(eventSalesStatsSchema) },
      },
    },
    async (request) => ({
      data: await salesStats(deps(), requireAuth(request), request.params.id, request.query.event_date_id),
    }),
  );

  fastify.put(
    '/events/:id',
    {
      schema: {
        summary: 'Update an event',
        params: idParams,
        body: updateEventSchema,
        response: { 200: dataEnvelope(manageEventDetailSchema) },
      },
    },
    async (request) => ({
      data: await service.updateEvent(deps(), requireAuth(request), request.params.id, request.body),
    }),
  );

  fastify.delete(
    '/events/:id',
    {
      schema: {
        summary: 'Delete an event that has no orders (an event with orders is archived instead: 409)',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.deleteEvent(deps(), requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );

  fastify.put(
    '/events/:id/status',
    {
      schema: {
        summary: 'Publish, unpublish or archive an event',
        params: idParams,
        body: eventStatusSchema,
        response: { 200: dataEnvelope(manageEventDetailSchema) },
      },
    },
    async (request) => ({
      data: await service.setStatus(deps(), requireAuth(request), request.params.id, request.body.status),
    }),
  );

  fastify.post(
    '/events/:id/duplicate',
    {
      schema: {
        summary: 'Duplicate an event',
        params: idParams,
        body: duplicateEventInput,
        response: { 201: dataEnvelope(manageEventDetailSchema) },
      },
    },
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

  fastify.get(
    '/events/:id/settings',
    {
      schema: {
        summary: "Get an event's settings",
        params: idParams,
        response: { 200: dataEnvelope(eventSettingsResponseSchema) },
      },
    },
    async (request) => ({
      data: await service.getSettings(deps(), requireAuth(request), request.params.id),
    }),
  );

  fastify.put(
    '/events/:id/settings',
    {
      schema: {
        summary: "Update an event's settings",
        params: idParams,
        body: updateEventSettingsSchema,
        response: { 200: dataEnvelope(eventSettingsResponseSchema) },
      },
    },
    async (request) => ({
      data: await service.updateSettings(deps(), requireAuth(request), request.params.id, request.body),
    }),
  );

  fastify.get(
    '/accounts/me/event-defaults',
    {
      schema: {
        summary: "Get the account's defaults for new events",
        response: { 200: dataEnvelope(eventDefaultsResponseSchema) },
      },
    },
    async (request) => ({
      data: await service.getEventDefaults(deps(), requireAuth(request)),
    }),
  );

  fastify.put(
    '/accounts/me/event-defaults',
    {
      schema: {
        summary: "Update the account's defaults for new events",
        body: eventDefaultsSchema,
        response: { 200: dataEnvelope(eventDefaultsResponseSchema) },
      },
    },
    async (request) => ({
      data: await service.updateEventDefaults(deps(), requireAuth(request), request.body),
    }),
  );
};
