import {
  attendeeUpdateInput,
  manageAttendeeDetailSchema,
  manageAttendeeSchema,
} from '@taquilla/shared/schemas/attendees';
import { publicTicketViewSchema } from '@taquilla/shared/schemas/checkout';
import { dataEnvelope, listEnvelope } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { fileResponse, SPREADSHEET_TYPES } from '../../lib/openapi.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { EXPORT_MONEY_DOC, sendExport } from '../../lib/spreadsheet.ts';
import { exportAttendees } from './attendees.export.ts';
import * as manage from './attendees.manage.ts';
import { publicTicket, ticketCalendar } from './attendees.service.ts';

const params = z.object({ id: z.uuid(), attendeeShortId: z.string().min(1).max(40) });
const eventParams = z.object({ id: z.uuid() });
const itemParams = z.object({ id: z.uuid(), attendeeId: z.uuid() });

const FILTERS =
  'Filters (`filter_fields[field][operator]=value`): status, ticket_id, and event_date_id (`eq` or `in`: dates of this event; an id that is not one is a 422 on its parameter).';

/**
 * The public ticket (with its QR code) and its add-to-calendar file; for the organizer, the event's
 * attendees: list, read, correct, resend the ticket.
 */
export const attendeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['attendees'];
  app.get(
    '/events/:id/attendees',
    {
      schema: {
        tags,
        summary: "List an event's attendees",
        description: FILTERS,
        params: eventParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(manageAttendeeSchema) },
      },
    },
    async (request) => manage.listAttendees(app.deps, requireAuth(request), request.params.id, request.query),
  );
  app.get(
    '/events/:id/attendees/export',
    {
      schema: {
        tags,
        summary: "Export an event's attendees (CSV or XLSX, `format` parameter; the list filters apply)",
        description: FILTERS,
        params: eventParams,
        querystring: listQuerystring,
        response: {
          200: fileResponse(
            `The attendees as a spreadsheet, each with its order's total, taxes, fees, refunded and net (as the orders export). ${EXPORT_MONEY_DOC}`,
            SPREADSHEET_TYPES,
          ),
        },
      },
    },
    async (request, reply) => {
      const { format, sheet } = await exportAttendees(
        app.deps,
        requireAuth(request),
        request.params.id,
        request.query,
        request.locale,
      );
      return sendExport(reply, format, sheet);
    },
  );
  app.get(
    '/events/:id/attendees/:attendeeId',
    {
      schema: {
        tags,
        summary: 'Get an attendee',
        params: itemParams,
        response: { 200: dataEnvelope(manageAttendeeDetailSchema) },
      },
    },
    async (request) => {
      const { id, attendeeId } = request.params;
      return { data: await manage.getAttendee(app.deps, requireAuth(request), id, attendeeId) };
    },
  );
  app.put(
    '/events/:id/attendees/:attendeeId',
    {
      schema: {
        tags,
        summary: "Correct an attendee's details",
        params: itemParams,
        body: attendeeUpdateInput,
        response: { 200: dataEnvelope(manageAttendeeDetailSchema) },
      },
    },
    async (request) => {
      const { id, attendeeId } = request.params;
      const auth = requireAuth(request);
      return { data: await manage.updateAttendee(app.deps, auth, id, attendeeId, request.body) };
    },
  );
  app.post(
    '/events/:id/attendees/:attendeeId/resend',
    {
      schema: {
        tags,
        summary: "Resend an attendee's ticket",
        params: itemParams,
        response: { 202: dataEnvelope(z.object({ queued: z.literal(true) })) },
      },
    },
    async (request, reply) => {
      const { id, attendeeId } = request.params;
      await manage.resendTicket(app.deps, requireAuth(request), id, attendeeId);
      return reply.status(202).send({ data: { queued: true } });
    },
  );
  app.get(
    '/public/events/:id/attendees/:attendeeShortId',
    {
      schema: {
        tags,
        summary: 'Get a ticket (public, by its short id), with its QR code',
        params,
        response: { 200: dataEnvelope(publicTicketViewSchema) },
      },
    },
    async (request) => {
      const { id, attendeeShortId } = request.params;
      return { data: await publicTicket(app.deps, id, attendeeShortId) };
    },
  );
  app.get(
    '/public/events/:id/attendees/:attendeeShortId/ics',
    {
      schema: {
        tags,
        summary: "Download a ticket's calendar file (public)",
        params,
        response: { 200: fileResponse('An iCalendar file', ['text/calendar']) },
      },
    },
    async (request, reply) => {
      const { id, attendeeShortId } = request.params;
      const { filename, body } = await ticketCalendar(app.deps, id, attendeeShortId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
        .send(body);
    },
  );
};
