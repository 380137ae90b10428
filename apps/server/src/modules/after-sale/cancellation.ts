import type { CancelOrderInput } from '@taquilla/shared/schemas/orders';
import type { Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { SOLD_ORDERS } from '../../lib/order-rules.ts';
import { waitlistUnitsFreed } from '../waitlist/units-freed.ts';
import { logActivity } from './activity.ts';
import { queueCancelledEmail } from './after-sale-emails.ts';
import { ordersMessages as m } from './orders.messages.ts';
import type { OrderRow } from './orders.repository.ts';
import * as repo from './orders.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

/**
 * Cancels an order inside the caller's transaction (its row locked): the order and its attendees become
 * CANCELLED, so at once its units are free for sale again (the `order_holds_until` trigger stops them
 * counting), its QR codes are refused at the door (only ACTIVE attendees check in), and its promo code use
 * and affiliate sale are given back (both count completed orders only). Every cancellation — the cancel
 * action and a refund that cancels — goes through here.
 */
export async function cancelOrderUnits(
  deps: Deps,
  tx: Tx,
  order: OrderRow,
  opts: { userId: string; notifyBuyer: boolean },
): Promise<OrderRow> {
  if (order.status === 'CANCELLED') throw conflict(m['orders.already_cancelled']);
  if (!SOLD_ORDERS.includes(order.status)) {
    throw conflict(m['orders.not_cancellable']);
  }
  const updated = await repo.updateOrder(tx, order, { status: 'CANCELLED' });
  // Their QR codes stop opening the door.
  await repo.setAttendeeStatus(tx, order, 'CANCELLED');
  // Its units are free again: people on the tickets' waiting lists get offers.
  const items = await repo.loadItems(tx, [order.id]);
  await waitlistUnitsFreed(
    deps.jobs,
    items.map((i) => i.ticket_id),
    tx,
  );
  await logActivity(tx, updated, 'CANCELLED', { userId: opts.userId });
  if (opts.notifyBuyer && updated.email) {
    const event = await repo.findEmailEvent(tx, order.account_id, order.event_id);
    await queueCancelledEmail({ jobs: deps.jobs, appUrl: deps.config.appUrl, tx, event, order: updated });
    await logActivity(tx, updated, 'EMAIL_SENT', { details: { to: updated.email, about: 'CANCELLED' } });
  }
  return updated;
}

/** POST events/{id}/orders/{orderId}/cancel */
export async function cancelOrder(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  orderId: string,
  input: CancelOrderInput,
): Promise<OrderRow> {
  assertCan(auth, 'events:manage');
  return deps.db.transaction(async (tx) => {
    const order = await repo.findAccountOrder(tx, auth.accountId, eventId, orderId, true);
    if (!order) throw notFound();
    return cancelOrderUnits(deps, tx, order, { userId: auth.userId, notifyBuyer: input.notify_buyer });
  });
}
