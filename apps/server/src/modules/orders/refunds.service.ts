import type { RefundStatus } from '@taquilla/shared';
import type { RefundOrderInput } from '@taquilla/shared/schemas/orders';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { moneyParam } from '../../lib/i18n.ts';
import * as payments from '../payments/payments.service.ts';
import { logActivity } from './activity.ts';
import type { RefundRow } from './after-sale.repository.ts';
import * as afterSale from './after-sale.repository.ts';
import { queueRefundedEmail } from './after-sale-emails.ts';
import { cancelOrderUnits } from './cancellation.ts';
import { ordersMessages as m } from './orders.messages.ts';
import type { OrderRow } from './orders.repository.ts';
import * as repo from './orders.repository.ts';

/** The provider's answer to a refund: done, still working on it (a webhook settles it later), or refused. */
export interface RefundOutcome {
  status: 'SUCCEEDED' | 'PENDING' | 'FAILED';
  providerRef: string | null;
  failureReason?: string;
}

/** A Stripe refund's status as ours (`requires_action` waits for the buyer, like `pending`). */
function stripeRefundState(status: string | null | undefined): RefundOutcome['status'] {
  if (status === 'succeeded') return 'SUCCEEDED';
  if (status === 'failed' || status === 'canceled') return 'FAILED';
  return 'PENDING';
}

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The order's refund status from its refunds: pending while one is; REFUND_FAILED when the latest failed;
 * otherwise REFUNDED once what succeeded covers what was paid, PARTIALLY_REFUNDED before that.
 */
export function refundStatusOf(refunds: RefundRow[], paidCents: number): RefundStatus | null {
  if (refunds.some((r) => r.status === 'PENDING')) return 'REFUND_PENDING';
  if (refunds.at(-1)?.status === 'FAILED') return 'REFUND_FAILED';
  const refunded = refunds.filter((r) => r.status === 'SUCCEEDED').reduce((n, r) => n + r.amount_cents, 0);
  if (refunded === 0) return null;
  return refunded >= paidCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

/** Payments that took money, and what is left to refund on each (pending refunds count as gone). */
async function refundable(q: Queryable, order: OrderRow, refunds: RefundRow[]) {
  const taken = (await payments.orderPayments(q, order.id)).filter((p) => p.status === 'SUCCEEDED');
  const left = taken.map((p) => ({
    payment: p,
    left:
      p.amount_cents -
      refunds
        .filter((r) => r.payment_id === p.id && r.status !== 'FAILED')
        .reduce((n, r) => n + r.amount_cents, 0),
  }));
  return { paid: taken.reduce((n, p) => n + p.amount_cents, 0), left };
}

/**
 * POST events/{id}/orders/{orderId}/refund. Three steps so no lock is held over the network: under the
 * order's row lock, check the rules (spec §5: not a manual order, no refund pending, never beyond what was
 * paid) and write the refund PENDING (cancelling the order too when asked); then ask the provider; then
 * settle the refund with its answer. A Stripe refund may stay PENDING until its webhook settles it.
 */
export async function refundOrder(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  orderId: string,
  input: RefundOrderInput,
) {
  assertCan(auth, 'events:manage');
  const event = await afterSale.findAccountEvent(deps.db, auth.accountId, eventId);
  if (!event) throw notFound();
  const refund = await deps.db.transaction(async (tx) => {
    const order = await repo.findAccountOrder(tx, auth.accountId, eventId, orderId, true);
    if (!order) throw notFound();
    if (order.is_manual) throw conflict(m['orders.refund_manual_order']);
    const refunds = await afterSale.listRefunds(tx, auth.accountId, order.id);
    if (refunds.some((r) => r.status === 'PENDING')) throw conflict(m['orders.refund_pending']);
    if (order.payment_status !== 'PAYMENT_RECEIVED') throw conflict(m['orders.refund_not_paid']);
    const { left } = await refundable(tx, order, refunds);
    const from = left.find((p) => p.left >= input.amount_cents);
    if (!from) {
      const max = Math.max(0, ...left.map((p) => p.left));
      throw invalid({
        amount_cents: { key: m['orders.refund_exceeds'], params: { max: moneyParam(max, order.currency) } },
      });
    }
    const row = await afterSale.insertRefund(tx, {
      account_id: order.account_id,
      order_id: order.id,
      payment_id: from.payment.id,
      provider: from.payment.provider,
      status: 'PENDING',
      amount_cents: input.amount_cents,
      currency: order.currency,
      reason: input.reason || null,
      notify_buyer: input.notify_buyer,
      created_by: auth.userId,
    });
    await repo.updateOrder(tx, order, { refund_status: 'REFUND_PENDING' });
    await logActivity(tx, order, 'REFUND_REQUESTED', {
      userId: auth.userId,
      details: { amount_cents: input.amount_cents, reason: input.reason || null },
    });
    if (input.cancel_order && order.status !== 'CANCELLED') {
      await cancelOrderUnits(deps, tx, order, { userId: auth.userId, notifyBuyer: false });
    }
    return { row, payment: from.payment };
  });

  // The provider that took the money gives it back (payments/provider.ts), outside any transaction.
  let outcome: RefundOutcome;
  try {
    const done = await payments.paymentProvider(refund.row.provider).refund(deps, refund.payment, {
      amountCents: refund.row.amount_cents,
      settings: event.settings,
      refundId: refund.row.id,
    });
    outcome = { status: done.state === 'REFUNDED' ? 'SUCCEEDED' : 'PENDING', providerRef: done.ref };
  } catch (err) {
    deps.log?.error({ err, order: orderId, refund: refund.row.id }, 'refund failed');
    outcome = { status: 'FAILED', providerRef: null, failureReason: (err as Error).message };
  }
  await settleRefund(deps, refund.row.account_id, refund.row.id, outcome);
}

/**
 * Applies the provider's answer to a refund, once: a refund already SUCCEEDED or FAILED is left alone (a
 * redelivered or late webhook changes nothing). Recomputes the order's refund status, logs the outcome
 * and, when the organizer asked, tells the buyer the money is on its way.
 */
export async function settleRefund(deps: Deps, accountId: string, refundId: string, outcome: RefundOutcome) {
  await deps.db.transaction(async (tx) => {
    const pending = await afterSale.findRefund(tx, accountId, refundId);
    if (!pending) return;
    const order = await repo.findOrderById(tx, pending.account_id, pending.order_id, true);
    const refund = await afterSale.findRefund(tx, accountId, refundId, true);
    if (!order || !refund || refund.status !== 'PENDING') return;
    const updated = await afterSale.updateRefund(tx, refund, {
      status: outcome.status,
      provider_ref: outcome.providerRef ?? refund.provider_ref,
      failure_reason: outcome.failureReason?.slice(0, 500) ?? null,
    });
    if (outcome.status === 'PENDING') return;
    const refunds = await afterSale.listRefunds(tx, order.account_id, order.id);
    const { paid } = await refundable(tx, order, refunds);
    const withStatus = await repo.updateOrder(tx, order, { refund_status: refundStatusOf(refunds, paid) });
    const details = { amount_cents: updated.amount_cents, reason: updated.failure_reason };
    await logActivity(tx, order, outcome.status === 'SUCCEEDED' ? 'REFUNDED' : 'REFUND_FAILED', { details });
    if (outcome.status === 'SUCCEEDED' && refund.notify_buyer && order.email) {
      const event = await repo.findEmailEvent(tx, order.account_id, order.event_id);
      await queueRefundedEmail(
        { jobs: deps.jobs, appUrl: deps.config.appUrl, tx, event, order: withStatus },
        updated.amount_cents,
      );
      await logActivity(tx, order, 'EMAIL_SENT', { details: { to: order.email, about: 'REFUNDED' } });
    }
  });
}

/**
 * Stripe's refund events (webhook): `refund.updated`/`refund.failed` carry the refund itself;
 * `charge.refunded` names the PaymentIntent, whose pending refunds are then asked of Stripe. Either way
 * the refund is found by its id (or, when the webhook beat our own write of that id, by the refund row id
 * in its metadata) and settled once.
 */
export async function applyStripeRefundEvent(deps: Deps, event: Stripe.Event) {
  const stripe = payments.stripeClient(deps.config);
  let refunds: Stripe.Refund[] = [];
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const intent =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!intent) return;
    const payment = await payments.findPayment(deps.db, 'stripe', intent);
    if (!payment) return;
    for (const row of await afterSale.listPaymentRefunds(deps.db, payment.account_id, payment.id)) {
      if (row.status === 'PENDING' && row.provider_ref) {
        refunds.push(await stripe.refunds.retrieve(row.provider_ref));
      }
    }
  } else if (
    event.type === 'refund.updated' ||
    event.type === 'refund.failed' ||
    event.type === 'refund.created'
  ) {
    refunds = [event.data.object];
  }
  for (const refund of refunds) {
    const ownId = refund.metadata?.refund_id;
    const row =
      (await afterSale.findRefundRef(deps.db, 'stripe', refund.id)) ??
      (ownId && UUID.test(ownId) ? await afterSale.findProviderRefund(deps.db, 'stripe', ownId) : undefined);
    if (!row) continue;
    await settleRefund(deps, row.account_id, row.id, {
      status: stripeRefundState(refund.status),
      providerRef: refund.id,
      ...(refund.failure_reason ? { failureReason: refund.failure_reason } : {}),
    });
  }
}
