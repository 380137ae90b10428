import { z } from 'zod';
import type { App } from '../../app.ts';
import { publicTicket, ticketCalendar } from './attendees.service.ts';

const params = z.object({ id: z.uuid(), attendeeShortId: z.string().min(1).max(40) });
type Params = z.infer<typeof params>;

/** The public ticket (with its QR code) and its add-to-calendar file. */
export async function attendeesRoutes(app: App) {
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
