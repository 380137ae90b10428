import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { payments, paymentWebhookEvents } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(q: Queryable, values: typeof payments.$inferInsert) {
  return one(await q.insert(payments).values(values).returning());
}

export async function findPayment(q: Queryable, provider: string, ref: string, lock = false) {
  const query = q
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.provider_ref, ref)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updatePayment(q: Queryable, id: string, values: Partial<typeof payments.$inferInsert>) {
  return one(await q.update(payments).set(values).where(eq(payments.id, id)).returning());
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
