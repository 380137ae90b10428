import { attendeeUpdateInput } from '@taquilla/shared/schemas/attendees';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { sendCsv } from '../../lib/csv.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { exportAttendees } from './attendees.export.ts';
import * as manage from './attendees.manage.ts';
import { publicTicket, ticketCalendar } from './attendees.service.ts';

const params = z.object({ id: z.uuid(), attendeeShortId: z.string().min(1).max(40) });
const eventParams = z.object({ id: z.uuid() });
const itemParams = z.object({ id: z.uuid(), attendeeId: z.uuid() });

/**
 * The public ticket (with its QR code) and its add-to-calendar file; for the organizer, the event's
 * attendees: list, read, correct, resend the ticket.
 */
export const attendeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['attendees'];
  app.get(
    '/events/:id/attendees',
    { schema: { tags, params: eventParams, querystring: listQuerystring } },
    async (request) => manage.listAttendees(app.deps, requireAuth(request), request.params.id, request.query),
  );
  app.get(
    '/events/:id/attendees/export',
    { schema: { tags, params: eventParams, querystring: listQuerystring } },
    async (request, reply) => {
      const { filename, csv } = await exportAttendees(
        app.deps,
        requireAuth(request),
        request.params.id,
        request.query,
        request.locale,
      );
      return sendCsv(reply, filename, csv);
    },
  );
  app.get('/events/:id/attendees/:attendeeId', { schema: { tags, params: itemParams } }, async (request) => {
    const { id, attendeeId } = request.params;
    return { data: await manage.getAttendee(app.deps, requireAuth(request), id, attendeeId) };
  });
  app.put(
    '/events/:id/attendees/:attendeeId',
    { schema: { tags, params: itemParams, body: attendeeUpdateInput } },
    async (request) => {
      const { id, attendeeId } = request.params;
      const auth = requireAuth(request);
      return { data: await manage.updateAttendee(app.deps, auth, id, attendeeId, request.body) };
    },
  );
  app.post(
    '/events/:id/attendees/:attendeeId/resend',
    { schema: { tags, params: itemParams } },
    async (request, reply) => {
      const { id, attendeeId } = request.params;
      await manage.resendTicket(app.deps, requireAuth(request), id, attendeeId);
      return reply.status(202).send({ data: { queued: true } });
    },
  );
  app.get('/public/events/:id/attendees/:attendeeShortId', { schema: { tags, params } }, async (request) => {
    const { id, attendeeShortId } = request.params;
    return { data: await publicTicket(app.deps, id, attendeeShortId) };
  });
  app.get(
    '/public/events/:id/attendees/:attendeeShortId/ics',
    { schema: { tags, params } },
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
