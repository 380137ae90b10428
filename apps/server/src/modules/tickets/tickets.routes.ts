import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import { ticketInput, ticketSchema, ticketSortInput } from '@taquilla/shared/schemas/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import * as service from './tickets.service.ts';

const eventParams = z.object({ eventId: z.uuid() });
const ticketParams = z.object({ eventId: z.uuid(), ticketId: z.uuid() });

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/events/:eventId/tickets',
    {
      schema: {
        summary: "List an event's tickets",
        params: eventParams,
        querystring: listQuerystring,
        tags: ['tickets'],
        response: { 200: listEnvelope(ticketSchema) },
      },
    },
    async (request) => service.listTickets(deps, requireAuth(request), request.params.eventId, request.query),
  );
  app.post(
    '/events/:eventId/tickets',
    {
      schema: {
        summary: 'Create a ticket',
        params: eventParams,
        body: ticketInput,
        tags: ['tickets'],
        response: { 201: dataEnvelope(ticketSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createTicket(
        deps,
        requireAuth(request),
        request.params.eventId,
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );
  app.put(
    '/events/:eventId/tickets/sort',
    {
      schema: {
        summary: 'Reorder the tickets',
        params: eventParams,
        body: ticketSortInput,
        tags: ['tickets'],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.sortTickets(deps, requireAuth(request), request.params.eventId, request.body.ids);
      return reply.status(204).send();
    },
  );
  app.get(
    '/events/:eventId/tickets/:ticketId',
    {
      schema: {
        summary: 'Get a ticket',
        params: ticketParams,
        tags: ['tickets'],
        response: { 200: dataEnvelope(ticketSchema) },
      },
    },
    async (request) => ({
      data: await service.getTicket(
        deps.db,
        requireAuth(request),
        request.params.eventId,
        request.params.ticketId,
      ),
    }),
  );
  app.put(
    '/events/:eventId/tickets/:ticketId',
    {
      schema: {
        summary: 'Update a ticket',
        params: ticketParams,
        body: ticketInput,
        tags: ['tickets'],
        response: { 200: dataEnvelope(ticketSchema) },
      },
    },
    async (request) => ({
      data: await service.updateTicket(
        deps,
        requireAuth(request),
        request.params.eventId,
        request.params.ticketId,
        request.body,
      ),
    }),
  );
  app.delete(
    '/events/:eventId/tickets/:ticketId',
    {
      schema: {
        summary: 'Delete a ticket',
        params: ticketParams,
        tags: ['tickets'],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.deleteTicket(deps, requireAuth(request), request.params.eventId, request.params.ticketId);
      return reply.status(204).send();
    },
  );
};
