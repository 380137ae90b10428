import { and, asc, desc, eq, exists, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { orders, payments, paymentWebhookEvents } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(q: Queryable, values: typeof payments.$inferInsert) {
  return one(await q.insert(payments).values(values).returning());
}

/**
 * The attempt with this provider reference (unguessable: a provider's webhook or our own attempt names
 * it), with its order's account, which scopes everything done with it afterwards.
 */
export async function findPayment(q: Queryable, provider: string, ref: string, lock = false) {
  const query = q
    .select({ payment: payments, account_id: orders.account_id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(and(eq(payments.provider, provider), eq(payments.provider_ref, ref)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: payments }) : await query;
  return row ? { ...row.payment, account_id: row.account_id } : undefined;
}

/**
 * Payments still PENDING that started before `startedBefore`, of every account (the reconciliation job's
 * sweep), with their order's account and state; the least recently looked at first, so a payment the
 * provider keeps pending does not starve the others.
 */
export async function pendingPaymentsStartedBefore(q: Queryable, startedBefore: Date, limit: number) {
  const rows = await q
    .select({
      payment: payments,
      account_id: orders.account_id,
      event_id: orders.event_id,
      order_status: orders.status,
      reserved_until: orders.reserved_until,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(and(eq(payments.status, 'PENDING'), lt(payments.created_at, startedBefore)))
    .orderBy(asc(payments.updated_at), asc(payments.id))
    .limit(limit);
  return rows.map(({ payment, ...order }) => ({ ...payment, ...order }));
}

/** Writes a payment of an order of this account (a payment row has no account of its own: its order's). */
export async function updatePayment(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof payments.$inferInsert>,
) {
  const ofAccount = q
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, payments.order_id), eq(orders.account_id, accountId)));
  return one(
    await q
      .update(payments)
      .set(values)
      .where(and(eq(payments.id, id), exists(ofAccount)))
      .returning(),
  );
}

export async function orderPayments(q: Queryable, orderId: string, provider?: string) {
  return q
    .select()
    .from(payments)
    .where(and(eq(payments.order_id, orderId), provider ? eq(payments.provider, provider) : undefined))
    .orderBy(desc(payments.created_at));
}

/** Records a provider event id; false when it was already processed (a redelivery). */
export async function recordWebhookEvent(q: Queryable, provider: string, eventId: string, type: string) {
  const rows = await q
    .insert(paymentWebhookEvents)
    .values({ provider, event_id: eventId, type })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.event_id });
  return rows.length > 0;
}

export async function webhookEventSeen(q: Queryable, provider: string, eventId: string) {
  const [row] = await q
    .select({ id: paymentWebhookEvents.event_id })
    .from(paymentWebhookEvents)
    .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.event_id, eventId)))
    .limit(1);
  return Boolean(row);
}
