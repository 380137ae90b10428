import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { attendees, events, orderItems, orders } from '../../db/schema/index.ts';

export async function addItemUnits(q: Queryable, orderId: string, itemId: string, delta: number) {
  await q
    .update(orderItems)
    .set({ quantity: sql`${orderItems.quantity} + ${delta}` })
    .where(and(eq(orderItems.order_id, orderId), eq(orderItems.id, itemId)));
}

export async function deleteOrder(q: Queryable, accountId: string, orderId: string) {
  await q.delete(orders).where(and(eq(orders.account_id, accountId), eq(orders.id, orderId)));
}

/** An event of this account, as after-sale actions need it (tenancy: another account's is not found). */
export async function findAccountEvent(q: Queryable, accountId: string, eventId: string) {
  const [row] = await q
    .select({
      id: events.id,
      account_id: events.account_id,
      name: events.name,
      currency: events.currency,
      timezone: events.timezone,
      order_timeout_minutes: events.order_timeout_minutes,
      settings: events.settings,
    })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.account_id, accountId), isNull(events.deleted_at)))
    .limit(1);
  return row;
}

/** One attendee of this account's event, locked when asked (inside the order's transaction). */
export async function findAccountAttendee(
  q: Queryable,
  accountId: string,
  eventId: string,
  attendeeId: string,
  lock = false,
) {
  const query = q
    .select()
    .from(attendees)
    .where(
      and(eq(attendees.id, attendeeId), eq(attendees.account_id, accountId), eq(attendees.event_id, eventId)),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function setAttendeeStatus(
  q: Queryable,
  accountId: string,
  attendeeId: string,
  status: (typeof attendees.$inferSelect)['status'],
) {
  await q
    .update(attendees)
    .set({ status })
    .where(and(eq(attendees.account_id, accountId), eq(attendees.id, attendeeId)));
}

/** The ids of a date's orders that still stand (paid, or awaiting an offline payment), oldest first. */
export async function standingOrdersOfDate(q: Queryable, accountId: string, dateId: string) {
  const rows = await q
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.account_id, accountId),
        eq(orders.event_date_id, dateId),
        inArray(orders.status, ['COMPLETED', 'AWAITING_OFFLINE_PAYMENT']),
      ),
    )
    .orderBy(asc(orders.created_at), asc(orders.id));
  return rows.map((r) => r.id);
}

/** Reservations still open on a date: given up at once, so no checkout in progress completes on it. */
export async function abandonReservationsOfDate(q: Queryable, accountId: string, dateId: string) {
  await q
    .update(orders)
    .set({ status: 'ABANDONED', updated_at: new Date() })
    .where(
      and(eq(orders.account_id, accountId), eq(orders.event_date_id, dateId), eq(orders.status, 'RESERVED')),
    );
}
