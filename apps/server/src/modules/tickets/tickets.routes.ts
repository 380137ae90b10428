import { ticketInput, ticketSortInput } from '@taquilla/shared/schemas/tickets';
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
    { schema: { params: eventParams, querystring: listQuerystring, tags: ['tickets'] } },
    async (request) => service.listTickets(deps, requireAuth(request), request.params.eventId, request.query),
  );
  app.post(
    '/events/:eventId/tickets',
    { schema: { params: eventParams, body: ticketInput, tags: ['tickets'] } },
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
    { schema: { params: eventParams, body: ticketSortInput, tags: ['tickets'] } },
    async (request, reply) => {
      await service.sortTickets(deps, requireAuth(request), request.params.eventId, request.body.ids);
      return reply.status(204).send();
    },
  );
  app.get(
    '/events/:eventId/tickets/:ticketId',
    { schema: { params: ticketParams, tags: ['tickets'] } },
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
    { schema: { params: ticketParams, body: ticketInput, tags: ['tickets'] } },
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
    { schema: { params: ticketParams, tags: ['tickets'] } },
    async (request, reply) => {
      await service.deleteTicket(deps, requireAuth(request), request.params.eventId, request.params.ticketId);
      return reply.status(204).send();
    },
  );
};
