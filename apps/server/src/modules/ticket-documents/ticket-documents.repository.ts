import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { attendees, events, orderItems, orders, organizers } from '../../db/schema/index.ts';

/** What a ticket's PDF and passes are made of: the order, its event and organizer, and its tickets. */
const columns = {
  attendee: {
    id: attendees.id,
    short_id: attendees.short_id,
    first_name: attendees.first_name,
    last_name: attendees.last_name,
    status: attendees.status,
    qr_secret: attendees.qr_secret,
    updated_at: attendees.updated_at,
  },
  item: { ticket_name: orderItems.ticket_name, price_label: orderItems.price_label },
  order: {
    id: orders.id,
    short_id: orders.short_id,
    account_id: orders.account_id,
    status: orders.status,
    locale: orders.locale,
  },
  event: {
    id: events.id,
    name: events.name,
    start_date: events.start_date,
    end_date: events.end_date,
    timezone: events.timezone,
    location: events.location,
    settings: events.settings,
    updated_at: events.updated_at,
  },
  organizer: { id: organizers.id, name: organizers.name, logo_path: organizers.logo_path },
};

export type TicketDocumentRow = Awaited<ReturnType<typeof selectTickets>>[number];

function selectTickets(q: Queryable, where: SQL | undefined) {
  return q
    .select(columns)
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .innerJoin(events, eq(events.id, attendees.event_id))
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(where, isNull(events.deleted_at)))
    .orderBy(asc(attendees.created_at), asc(attendees.id));
}

/** Every ticket of an order, by its public short id under its event. */
export const orderTicketsByShortId = (q: Queryable, eventId: string, orderShortId: string) =>
  selectTickets(q, and(eq(orders.event_id, eventId), eq(orders.short_id, orderShortId)));

/** Every ticket of an order of the account (an e-mail's attachment). */
export const orderTicketsById = (q: Queryable, accountId: string, orderId: string) =>
  selectTickets(q, and(eq(attendees.account_id, accountId), eq(attendees.order_id, orderId)));

/** One ticket by its public short id under its event. */
export async function ticketByShortId(q: Queryable, eventId: string, attendeeShortId: string) {
  const [row] = await selectTickets(
    q,
    and(eq(attendees.event_id, eventId), eq(attendees.short_id, attendeeShortId)),
  ).limit(1);
  return row;
}

/** One ticket of the account (an attendee's ticket e-mail). */
export async function ticketById(q: Queryable, accountId: string, attendeeId: string) {
  const [row] = await selectTickets(
    q,
    and(eq(attendees.account_id, accountId), eq(attendees.id, attendeeId)),
  ).limit(1);
  return row;
}
