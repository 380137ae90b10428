import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { orderRefunds } from '../../db/schema/index.ts';

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
