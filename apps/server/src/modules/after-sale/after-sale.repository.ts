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

/** The lines of an order that still hold units (a line whose attendees were all cancelled holds none). */
export async function soldLinesOfOrder(q: Queryable, orderId: string) {
  const rows = await q
    .select({
      ticket_id: orderItems.ticket_id,
      price_id: orderItems.price_id,
      quantity: orderItems.quantity,
      unit_price_cents: orderItems.unit_price_cents,
    })
    .from(orderItems)
    .where(and(eq(orderItems.order_id, orderId), sql`${orderItems.quantity} > 0`))
    .orderBy(asc(orderItems.id));
  return rows.map((r) => ({
    ticket_id: r.ticket_id,
    price_id: r.price_id,
    quantity: r.quantity,
    amount_cents: r.unit_price_cents,
  }));
}

/**
 * Inside a move's transaction: the order's lines hold nothing for a moment (quantity 0), so that holding
 * the same units on the new date does not count them twice; `restoreOrderUnits` puts them back.
 */
export async function releaseOrderUnits(q: Queryable, orderId: string) {
  const rows = await q
    .select({ id: orderItems.id, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId));
  await q.update(orderItems).set({ quantity: 0 }).where(eq(orderItems.order_id, orderId));
  return rows;
}

export async function restoreOrderUnits(q: Queryable, kept: { id: string; quantity: number }[]) {
  for (const item of kept) {
    await q.update(orderItems).set({ quantity: item.quantity }).where(eq(orderItems.id, item.id));
  }
}

/** The order, its lines and its attendees now belong to another date of the same event. */
export async function moveOrderToDate(q: Queryable, orderId: string, dateId: string) {
  const now = new Date();
  await q.update(orders).set({ event_date_id: dateId, updated_at: now }).where(eq(orders.id, orderId));
  await q.update(orderItems).set({ event_date_id: dateId }).where(eq(orderItems.order_id, orderId));
  await q.update(attendees).set({ event_date_id: dateId }).where(eq(attendees.order_id, orderId));
}
