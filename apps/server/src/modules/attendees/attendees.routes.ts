import { attendeeUpdateInput } from '@taquilla/shared/schemas/attendees';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { requireAuth } from '../../lib/auth.ts';
import { sendExport } from '../../lib/spreadsheet.ts';
import { cancelAttendee, reactivateAttendee } from '../orders/attendee-status.ts';
import { exportAttendees } from './attendees.export.ts';
import * as manage from './attendees.manage.ts';
import { publicTicket, ticketCalendar } from './attendees.service.ts';

const params = z.object({ id: z.uuid(), attendeeShortId: z.string().min(1).max(40) });
type Params = z.infer<typeof params>;
const eventParams = z.object({ id: z.uuid() });
const itemParams = z.object({ id: z.uuid(), attendeeId: z.uuid() });
type ItemParams = z.infer<typeof itemParams>;

/**
 * The public ticket (with its QR code) and its add-to-calendar file; for the organizer, the event's
 * attendees: list, read, correct, resend the ticket.
 */
export async function attendeesRoutes(app: App) {
  const tags = ['attendees'];
  app.get('/events/:id/attendees', { schema: { tags, params: eventParams } }, async (request) => {
    const { id } = request.params as { id: string };
    return manage.listAttendees(app.deps, requireAuth(request), id, request.query as Record<string, unknown>);
  });
  app.get(
    '/events/:id/attendees/export',
    { schema: { tags, params: eventParams } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const query = request.query as Record<string, unknown>;
      const { format, sheet } = await exportAttendees(
        app.deps,
        requireAuth(request),
        id,
        query,
        request.locale,
      );
      return sendExport(reply, format, sheet);
    },
  );
  app.get('/events/:id/attendees/:attendeeId', { schema: { tags, params: itemParams } }, async (request) => {
    const { id, attendeeId } = request.params as ItemParams;
    return { data: await manage.getAttendee(app.deps, requireAuth(request), id, attendeeId) };
  });
  app.put(
    '/events/:id/attendees/:attendeeId',
    { schema: { tags, params: itemParams, body: attendeeUpdateInput } },
    async (request) => {
      const { id, attendeeId } = request.params as ItemParams;
      const body = request.body as z.infer<typeof attendeeUpdateInput>;
      return { data: await manage.updateAttendee(app.deps, requireAuth(request), id, attendeeId, body) };
    },
  );
  app.post(
    '/events/:id/attendees/:attendeeId/resend',
    { schema: { tags, params: itemParams } },
    async (request, reply) => {
      const { id, attendeeId } = request.params as ItemParams;
      await manage.resendTicket(app.deps, requireAuth(request), id, attendeeId);
      return reply.status(202).send({ data: { queued: true } });
    },
  );
  app.post(
    '/events/:id/attendees/:attendeeId/cancel',
    { schema: { tags, params: itemParams } },
    async (request) => {
      const { id, attendeeId } = request.params as ItemParams;
      const auth = requireAuth(request);
      await cancelAttendee(app.deps, auth, id, attendeeId);
      return { data: await manage.getAttendee(app.deps, auth, id, attendeeId) };
    },
  );
  app.post(
    '/events/:id/attendees/:attendeeId/reactivate',
    { schema: { tags, params: itemParams } },
    async (request) => {
      const { id, attendeeId } = request.params as ItemParams;
      const auth = requireAuth(request);
      await reactivateAttendee(app.deps, auth, id, attendeeId);
      return { data: await manage.getAttendee(app.deps, auth, id, attendeeId) };
    },
  );
  app.get(
    '/public/events/:id/attendees/:attendeeShortId',
    { schema: { tags: ['attendees'], params } },
    async (request) => {
      const { id, attendeeShortId } = request.params as Params;
      return { data: await publicTicket(app.deps, id, attendeeShortId) };
    },
  );
  app.get(
    '/public/events/:id/attendees/:attendeeShortId/ics',
    { schema: { tags: ['attendees'], params } },
    async (request, reply) => {
      const { id, attendeeShortId } = request.params as Params;
      const { filename, body } = await ticketCalendar(app.deps, id, attendeeShortId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
        .send(body);
    },
  );
}
