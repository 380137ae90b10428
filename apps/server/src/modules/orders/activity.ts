import type { OrderActivity, OrderActivityKind } from '@taquilla/shared/schemas/orders';
import type { Queryable } from '../../db/client.ts';
import * as repo from './activity.repository.ts';
import type { OrderRow } from './orders.repository.ts';

/** Writes one line of the order's activity log, inside the caller's transaction. */
export function logActivity(
  q: Queryable,
  order: Pick<OrderRow, 'id' | 'account_id'>,
  kind: OrderActivityKind,
  opts: { userId?: string | null; details?: Record<string, unknown> } = {},
) {
  return repo.insertActivity(q, {
    account_id: order.account_id,
    order_id: order.id,
    kind,
    user_id: opts.userId ?? null,
    details: opts.details ?? {},
  });
}

/**
 * The drawer's log: what was written, plus the order's creation when no line records it (checkout writes
 * the order inside the reservation function; the buyer made it).
 */
export async function orderActivity(q: Queryable, order: OrderRow): Promise<OrderActivity[]> {
  const rows = await repo.listActivity(q, order.account_id, order.id);
  const lines: OrderActivity[] = rows.map(({ activity, user_name }) => ({
    id: activity.id,
    kind: activity.kind,
    user_name,
    details: activity.details,
    created_at: activity.created_at.toISOString(),
  }));
  if (!lines.some((l) => l.kind === 'CREATED')) {
    lines.unshift({
      id: `created-${order.id}`,
      kind: 'CREATED',
      user_name: null,
      details: {},
      created_at: order.created_at.toISOString(),
    });
  }
  return lines;
}
