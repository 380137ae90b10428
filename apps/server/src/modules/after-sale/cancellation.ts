import type { CancelOrderInput } from '@taquilla/shared/schemas/orders';
import type { Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict } from '../../lib/errors.ts';
import { waitlistUnitsFreed } from '../../lib/units-freed.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import * as audit from '../audit/audit.service.ts';
import { cancelRefusal } from '../order-lifecycle/order-lifecycle.ts';
import { logActivity } from '../orders/activity.ts';
import { queueCancelledEmail } from '../orders/order-emails.ts';
import {
  cancelOrderRows,
  lockEventOrder,
  type OrderRow,
  orderEmailEvent,
  orderMoney,
} from '../orders/orders.service.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

const orderChange = (order: OrderRow) => ({
  accountId: order.account_id,
  eventId: order.event_id,
  orderId: order.id,
});

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
  const refusal = cancelRefusal(order);
  if (refusal) throw conflict(refusal);
  // Their QR codes stop opening the door.
  const { order: updated, ticketIds } = await cancelOrderRows(tx, order);
  // Its units are free again: people on the tickets' waiting lists get offers.
  await waitlistUnitsFreed(deps.jobs, ticketIds, tx);
  await logActivity(tx, updated, 'CANCELLED', { userId: opts.userId });
  await emitWebhook(deps.jobs, ['order.cancelled', 'attendee.cancelled'], orderChange(updated), tx);
  if (opts.notifyBuyer && updated.email) {
    const [event, money] = await Promise.all([orderEmailEvent(tx, order), orderMoney(tx, order)]);
    const ctx = {
      jobs: deps.jobs,
      appUrl: deps.config.appUrl,
      tx,
      event,
      order: updated,
      userId: opts.userId,
    };
    await queueCancelledEmail(ctx, money);
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
  assertCan(auth, 'orders:manage');
  return deps.db.transaction(async (tx) => {
    const order = await lockEventOrder(tx, auth.accountId, eventId, orderId);
    const cancelled = await cancelOrderUnits(deps, tx, order, {
      userId: auth.userId,
      notifyBuyer: input.notify_buyer,
    });
    await audit.record(tx, {
      action: 'order.cancelled',
      ...audit.aboutOrder(order),
      changes: audit.changesBetween(order, cancelled, ['status']),
    });
    return cancelled;
  });
}
