import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { attendees, events, orderItems, orderRefunds, orders } from '../../db/schema/index.ts';

export type RefundRow = typeof orderRefunds.$inferSelect;

export async function insertRefund(q: Queryable, values: typeof orderRefunds.$inferInsert) {
  const [row] = await q.insert(orderRefunds).values(values).returning();
  if (!row) throw new Error('refund not written');
  return row;
}

/** Writes a refund already found (filtered by its account and id). */
export async function updateRefund(
  q: Queryable,
  refund: Pick<RefundRow, 'id' | 'account_id'>,
  values: Partial<typeof orderRefunds.$inferInsert>,
) {
  const [row] = await q
    .update(orderRefunds)
    .set(values)
    .where(and(eq(orderRefunds.account_id, refund.account_id), eq(orderRefunds.id, refund.id)))
    .returning();
  if (!row) throw new Error(`refund ${refund.id} not found`);
  return row;
}

/** The refunds of an order of this account, oldest first. */
export async function listRefunds(q: Queryable, accountId: string, orderId: string) {
  return q
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.account_id, accountId), eq(orderRefunds.order_id, orderId)))
    .orderBy(asc(orderRefunds.created_at), asc(orderRefunds.id));
}

/** A refund by its provider id (a webhook names it so). */
export async function findRefundRef(q: Queryable, provider: string, ref: string) {
  const [row] = await q
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.provider, provider), eq(orderRefunds.provider_ref, ref)))
    .limit(1);
  return row;
}

export async function findRefund(q: Queryable, accountId: string, id: string, lock = false) {
  const query = q
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.account_id, accountId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * A refund of this provider named by our own id in the provider's event (its metadata, when the webhook
 * beat our write of the provider's id): the provider's message is the entry point, like a reference.
 */
export async function findProviderRefund(q: Queryable, provider: string, id: string) {
  const [row] = await q
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.provider, provider)))
    .limit(1);
  return row;
}

/** Changes a line of the order (already scoped) by `delta` units (an attendee cancelled or given their place back). */
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
