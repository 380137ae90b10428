import type { RefundOrderInput } from '@taquilla/shared/schemas/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import * as audit from '../audit/audit.service.ts';
import { lockEventOrder } from '../orders/orders.service.ts';
import { providerSettings } from '../payment-settings/payment-settings.service.ts';
import { issueRefund, openRefund } from '../refunds/refunds.service.ts';
import * as afterSale from './after-sale.repository.ts';
import { cancelOrderUnits } from './cancellation.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };

/**
 * POST events/{id}/orders/{orderId}/refund. Three steps so no lock is held over the network: under the
 * order's row lock, open the refund (`refunds`: the rules, a PENDING row), cancelling the order too when
 * asked; then ask the provider that took the money; then settle the refund with its answer. A Stripe
 * refund may stay PENDING until its webhook settles it.
 */
export async function refundOrder(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  orderId: string,
  input: RefundOrderInput,
) {
  assertCan(auth, 'orders:refund');
  const event = await afterSale.findAccountEvent(deps.db, auth.accountId, eventId);
  if (!event) throw notFound();
  const refund = await deps.db.transaction(async (tx) => {
    const order = await lockEventOrder(tx, auth.accountId, eventId, orderId);
    const opened = await openRefund(tx, order, input, auth.userId);
    await audit.record(tx, {
      action: 'order.refunded',
      ...audit.aboutOrder(order),
      changes: {
        amount_cents: { after: input.amount_cents },
        reason: { after: input.reason || null },
        cancel_order: { after: Boolean(input.cancel_order) },
      },
    });
    if (input.cancel_order && order.status !== 'CANCELLED') {
      await cancelOrderUnits(deps, tx, order, { userId: auth.userId, notifyBuyer: false });
    }
    return opened;
  });
  await issueRefund(deps, refund.row, refund.payment, await providerSettings(deps, event));
}
