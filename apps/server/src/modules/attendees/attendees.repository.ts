import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { attendees, events, orderItems, orders, organizers } from '../../db/schema/index.ts';

/** One attendee by its public short id, with its order, line and event. */
export async function findPublicAttendee(q: Queryable, eventId: string, shortId: string) {
  const [row] = await q
    .select({
      attendee: attendees,
      order: { short_id: orders.short_id, status: orders.status },
      item: { ticket_name: orderItems.ticket_name, price_label: orderItems.price_label },
      event: {
        id: events.id,
        name: events.name,
        slug: events.slug,
        description: events.description,
        start_date: events.start_date,
        end_date: events.end_date,
        timezone: events.timezone,
        location: events.location,
      },
      organizer_name: organizers.name,
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .innerJoin(events, eq(events.id, attendees.event_id))
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(attendees.event_id, eventId), eq(attendees.short_id, shortId), isNull(events.deleted_at)))
    .limit(1);
  return row;
}
