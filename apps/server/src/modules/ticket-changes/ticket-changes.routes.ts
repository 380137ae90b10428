import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import {
  findTicketsInput,
  foundOrderSchema,
  holderEditInput,
  ticketChangeActionsSchema,
  ticketTransferInput,
  ticketTransferResultSchema,
} from '@taquilla/shared/schemas/ticket-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findTicketsLimit } from './find-tickets.limits.ts';
import { openLookup, requestLookup } from './find-tickets.service.ts';
import * as service from './ticket-changes.service.ts';

const params = z.object({ id: z.uuid(), attendeeShortId: z.string().min(1).max(40) });

/**
 * The ticket's holder (no login: the ticket's private link): what they may change now, fix the name, pass
 * the ticket to someone else. The event's settings say whether and until when.
 */
export const ticketChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['attendees'];
  const lookupLimit = findTicketsLimit(app);
  app.post(
    '/public/events/:id/find-tickets',
    {
      preHandler: lookupLimit,
      schema: {
        tags,
        summary: 'E-mail a link to the tickets bought with an address from the event organizer (public)',
        params: z.object({ id: z.uuid() }),
        body: findTicketsInput,
        response: { 202: dataEnvelope(z.object({ message: z.string() })) },
      },
    },
    async (request, reply) => {
      const sent = await requestLookup(app.deps, request.params.id, request.body, request.locale);
      return reply.status(202).send({ data: sent });
    },
  );
  app.post(
    '/public/find-tickets/:token',
    {
      schema: {
        tags,
        summary: 'Open a find-my-tickets link, once: the orders and tickets of its address (public)',
        params: z.object({ token: z.string().min(10).max(100) }),
        response: { 200: dataEnvelope(z.array(foundOrderSchema)) },
      },
    },
    async (request) => ({ data: await openLookup(app.deps, request.params.token) }),
  );
  app.get(
    '/public/events/:id/attendees/:attendeeShortId/changes',
    {
      schema: {
        tags,
        summary: 'What the holder may change on a ticket now (public)',
        params,
        response: { 200: dataEnvelope(ticketChangeActionsSchema) },
      },
    },
    async (request) => {
      const { id, attendeeShortId } = request.params;
      return { data: await service.ticketActions(app.deps, id, attendeeShortId, request.locale) };
    },
  );
  app.put(
    '/public/events/:id/attendees/:attendeeShortId/holder',
    {
      schema: {
        tags,
        summary: "The holder corrects the ticket's name (public, within the event's window)",
        params,
        body: holderEditInput,
        response: { 200: dataEnvelope(ticketChangeActionsSchema) },
      },
    },
    async (request) => {
      const { id, attendeeShortId } = request.params;
      await service.editHolder(app.deps, id, attendeeShortId, request.body, request.locale);
      return { data: await service.ticketActions(app.deps, id, attendeeShortId, request.locale) };
    },
  );
  app.post(
    '/public/events/:id/attendees/:attendeeShortId/transfer',
    {
      schema: {
        tags,
        summary: 'The holder passes the ticket to another person: new holder, new code (public)',
        params,
        body: ticketTransferInput,
        response: { 201: dataEnvelope(ticketTransferResultSchema) },
      },
    },
    async (request, reply) => {
      const { id, attendeeShortId } = request.params;
      const result = await service.transferTicket(
        app.deps,
        id,
        attendeeShortId,
        request.body,
        request.locale,
      );
      return reply.status(201).send({ data: result });
    },
  );
};
