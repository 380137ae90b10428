import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  attendees,
  checkIns,
  events,
  orderItems,
  orders,
  organizers,
  ticketLookupTokens,
  ticketTransfers,
} from '../../db/schema/index.ts';

/**
 * A ticket by its public short id with what deciding a change needs; `lock` takes the attendee row
 * FOR UPDATE (a check-in of the same ticket holds it FOR SHARE, see check-in.sync.ts).
 */
export async function findTicket(q: Queryable, eventId: string, shortId: string, lock = false) {
  const query = q
    .select({
      attendee: attendees,
      order: {
        id: orders.id,
        account_id: orders.account_id,
        status: orders.status,
        locale: orders.locale,
        email: orders.email,
        answers: orders.answers,
      },
      ticket_name: orderItems.ticket_name,
      event: {
        id: events.id,
        name: events.name,
        start_date: events.start_date,
        timezone: events.timezone,
        settings: events.settings,
      },
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .innerJoin(events, eq(events.id, attendees.event_id))
    .where(and(eq(attendees.event_id, eventId), eq(attendees.short_id, shortId), isNull(events.deleted_at)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: attendees }) : await query;
  return row;
}

export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/** Whether the ticket was let in on any list of its event. */
export async function isCheckedIn(q: Queryable, accountId: string, attendeeId: string) {
  const [row] = await q
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(and(eq(checkIns.account_id, accountId), eq(checkIns.attendee_id, attendeeId)))
    .limit(1);
  return Boolean(row);
}

export async function updateHolder(
  q: Queryable,
  accountId: string,
  attendeeId: string,
  values: Partial<
    Pick<
      typeof attendees.$inferInsert,
      'first_name' | 'last_name' | 'email' | 'short_id' | 'qr_secret' | 'answers'
    >
  > & { transferred?: boolean },
) {
  const { transferred, ...set } = values;
  await q
    .update(attendees)
    .set({
      ...set,
      ...(transferred ? { transfer_count: sql`${attendees.transfer_count} + 1` } : {}),
    })
    .where(and(eq(attendees.account_id, accountId), eq(attendees.id, attendeeId)));
}

/** The order's answers, replaced by the buyer from their own ticket's page. */
export async function updateOrderAnswers(
  q: Queryable,
  accountId: string,
  orderId: string,
  answers: Record<string, unknown>,
) {
  await q
    .update(orders)
    .set({ answers })
    .where(and(eq(orders.account_id, accountId), eq(orders.id, orderId)));
}

/** Records a transfer in the caller's transaction; its door version is that transaction's id. */
export async function insertTransfer(
  q: Queryable,
  values: Omit<typeof ticketTransfers.$inferInsert, 'door_version'>,
) {
  const [row] = await q
    .insert(ticketTransfers)
    .values({ ...values, door_version: sql`pg_current_xact_id()::text::bigint` })
    .returning({ id: ticketTransfers.id });
  return row?.id ?? '';
}

/** The live, public event a "find my tickets" request is made from: its account and organizer. */
export async function findPublicEvent(q: Queryable, eventId: string) {
  const [row] = await q
    .select({
      id: events.id,
      account_id: events.account_id,
      organizer_id: events.organizer_id,
      organizer_name: organizers.name,
    })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(events.id, eventId), eq(events.status, 'LIVE'), isNull(events.deleted_at)))
    .limit(1);
  return row;
}

export async function insertLookupToken(q: Queryable, values: typeof ticketLookupTokens.$inferInsert) {
  await q.insert(ticketLookupTokens).values(values);
}

/** Uses a link once: marks it used and returns it, unless it was used or has expired. */
export async function consumeLookupToken(q: Queryable, tokenHash: string) {
  const [row] = await q
    .update(ticketLookupTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(ticketLookupTokens.token_hash, tokenHash),
        isNull(ticketLookupTokens.used_at),
        gt(ticketLookupTokens.expires_at, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** The orders that hold tickets bought with this address for this organizer, newest first. */
export async function ordersByEmail(
  q: Queryable,
  scope: { accountId: string; organizerId: string; email: string },
  statuses: readonly string[],
) {
  return q
    .select({
      id: orders.id,
      account_id: orders.account_id,
      short_id: orders.short_id,
      status: orders.status,
      created_at: orders.created_at,
      event_id: events.id,
      event_name: events.name,
      event_start: events.start_date,
      event_timezone: events.timezone,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.event_id))
    .where(
      and(
        eq(orders.account_id, scope.accountId),
        eq(events.organizer_id, scope.organizerId),
        isNull(events.deleted_at),
        sql`lower(${orders.email}) = ${scope.email}`,
        inArray(orders.status, statuses as never[]),
      ),
    )
    .orderBy(desc(orders.created_at))
    .limit(200);
}

export async function ticketsOfOrders(q: Queryable, accountId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return q
    .select({
      order_id: attendees.order_id,
      short_id: attendees.short_id,
      first_name: attendees.first_name,
      last_name: attendees.last_name,
      ticket_name: orderItems.ticket_name,
    })
    .from(attendees)
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .where(
      and(
        eq(attendees.account_id, accountId),
        inArray(attendees.order_id, orderIds),
        ne(attendees.status, 'CANCELLED'),
        // Passed on to someone else: no longer the buyer's to see.
        eq(attendees.transfer_count, 0),
      ),
    )
    .orderBy(asc(attendees.created_at), asc(attendees.short_id));
}
