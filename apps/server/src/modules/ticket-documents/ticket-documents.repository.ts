import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  attendees,
  eventDates,
  events,
  orderItems,
  orders,
  organizers,
  questions,
} from '../../db/schema/index.ts';

/** What a ticket's PDF and passes are made of: the order, its event and organizer, and its tickets. */
const columns = {
  attendee: {
    id: attendees.id,
    short_id: attendees.short_id,
    first_name: attendees.first_name,
    last_name: attendees.last_name,
    status: attendees.status,
    qr_secret: attendees.qr_secret,
    ticket_id: attendees.ticket_id,
    event_date_id: attendees.event_date_id,
    answers: attendees.answers,
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
  /** The ticket's date when the event has several (#27); null: the event's own. */
  date: {
    starts_at: eventDates.starts_at,
    ends_at: eventDates.ends_at,
    location: eventDates.location,
    updated_at: eventDates.updated_at,
  },
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
    .leftJoin(
      eventDates,
      and(eq(eventDates.id, attendees.event_date_id), eq(eventDates.account_id, attendees.account_id)),
    )
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

/** The ticket questions whose answers the holder sees (not the organizer's hidden ones), in form order. */
export function shownTicketQuestions(q: Queryable, eventId: string) {
  return q
    .select({
      id: questions.id,
      title: questions.title,
      ticket_ids: questions.ticket_ids,
      updated_at: questions.updated_at,
    })
    .from(questions)
    .where(
      and(
        eq(questions.event_id, eventId),
        eq(questions.belongs_to, 'ATTENDEE'),
        eq(questions.is_hidden, false),
      ),
    )
    .orderBy(asc(questions.sort_order), asc(questions.created_at));
}
export type ShownQuestion = Awaited<ReturnType<typeof shownTicketQuestions>>[number];
