import type { AutomaticRefundReason, RefundStatus } from '@taquilla/shared';
import type { RefundOrderInput } from '@taquilla/shared/schemas/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { moneyParam } from '../../lib/i18n.ts';
import { isUuid } from '../../lib/ids.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { refundRefusal } from '../order-lifecycle/order-lifecycle.ts';
import { logActivity } from '../orders/activity.ts';
import { queueRefundEmail, queueRefundedEmail } from '../orders/order-emails.ts';
import { ordersMessages as m } from '../orders/orders.messages.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as payments from '../payments/payments.service.ts';
import { paymentProvider } from '../payments/providers.ts';
import type { RefundRow } from './refunds.repository.ts';
import * as repo from './refunds.repository.ts';

/** The provider's answer to a refund: done, still working on it (a webhook settles it later), or refused. */
export interface RefundOutcome {
  status: 'SUCCEEDED' | 'PENDING' | 'FAILED';
  providerRef: string | null;
  failureReason?: string;
}

/** Why money went back without an organizer asking (the refund's `reason`; no `created_by`). */
export const AUTOMATIC_REFUND = {
  late: 'LATE_PAYMENT',
  duplicate: 'DUPLICATE_PAYMENT',
} as const satisfies Record<string, AutomaticRefundReason>;

/** Which automatic refund a reason names ('late', 'duplicate'), if any. */
const automaticReason = (reason: string | null) =>
  (Object.keys(AUTOMATIC_REFUND) as (keyof typeof AUTOMATIC_REFUND)[]).find(
    (k) => AUTOMATIC_REFUND[k] === reason,
  );

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };

export type { RefundRow };

/**
 * The order's refund status from its refunds: pending while one is; REFUND_FAILED when the latest failed;
 * otherwise REFUNDED once what succeeded covers what was paid, PARTIALLY_REFUNDED before that. Money paid
 * beyond the order's total (a second payment) that went back leaves the order as it was: not refunded.
 */
export function refundStatusOf(
  refunds: RefundRow[],
  paidCents: number,
  totalCents: number,
): RefundStatus | null {
  if (refunds.some((r) => r.status === 'PENDING')) return 'REFUND_PENDING';
  if (refunds.at(-1)?.status === 'FAILED') return 'REFUND_FAILED';
  const refunded = refunds.filter((r) => r.status === 'SUCCEEDED').reduce((n, r) => n + r.amount_cents, 0);
  const kept = paidCents - refunded;
  if (refunded === 0 || kept >= totalCents) return null;
  return kept <= 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
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
 * Opens an organizer's refund under the order's row lock (the caller's transaction): checks the rules
 * (spec §5: not a manual order, no refund pending, never beyond what was paid) and writes the refund
 * PENDING from a payment with enough left; `issueRefund` then asks the provider, outside the transaction.
 */
export async function openRefund(
  tx: Tx,
  order: OrderRow,
  input: RefundOrderInput,
  userId: string,
): Promise<{ row: RefundRow; payment: payments.PaymentRow }> {
  const refunds = await repo.listRefunds(tx, order.account_id, order.id);
  const refusal = refundRefusal(order, { pendingRefund: refunds.some((r) => r.status === 'PENDING') });
  if (refusal) throw conflict(refusal);
  const { left } = await refundable(tx, order, refunds);
  const from = left.find((p) => p.left >= input.amount_cents);
  if (!from) {
    const max = Math.max(0, ...left.map((p) => p.left));
    throw invalid({
      amount_cents: { key: m['orders.refund_exceeds'], params: { max: moneyParam(max, order.currency) } },
    });
  }
  const row = await repo.insertRefund(tx, {
    account_id: order.account_id,
    order_id: order.id,
    payment_id: from.payment.id,
    provider: from.payment.provider,
    status: 'PENDING',
    amount_cents: input.amount_cents,
    currency: order.currency,
    reason: input.reason || null,
    notify_buyer: input.notify_buyer,
    created_by: userId,
  });
  await orders.setRefundStatus(tx, order, 'REFUND_PENDING');
  await logActivity(tx, order, 'REFUND_REQUESTED', {
    userId,
    details: { amount_cents: input.amount_cents, reason: input.reason || null },
  });
  return { row, payment: from.payment };
}

/**
 * Asks the provider that took the money to give a PENDING refund back (payments/provider.ts), outside any
 * transaction, and settles the refund with its answer. `settings`: the event's, as providers read them
 * (the connected Stripe account the payment went to).
 */
export async function issueRefund(
  deps: Deps,
  refund: RefundRow,
  payment: payments.PaymentRow,
  settings: Record<string, unknown>,
) {
  let outcome: RefundOutcome;
  try {
    const done = await paymentProvider(refund.provider).refund(deps, payment, {
      amountCents: refund.amount_cents,
      settings,
      refundId: refund.id,
    });
    outcome = { status: done.state === 'REFUNDED' ? 'SUCCEEDED' : 'PENDING', providerRef: done.ref };
  } catch (err) {
    deps.log?.error({ err, order: refund.order_id, refund: refund.id }, 'refund failed');
    outcome = { status: 'FAILED', providerRef: null, failureReason: (err as Error).message };
  }
  await settleRefund(deps, refund.account_id, refund.id, outcome);
}

/**
 * A payment the order cannot keep goes back like any refund: a PENDING refund of the whole payment,
 * written in the caller's transaction (the order locked) with the reason and no organizer, the buyer to be
 * told; `issueRefund` then asks the provider once the transaction committed.
 */
export async function recordAutomaticRefund(
  tx: Tx,
  order: OrderRow,
  payment: payments.PaymentRow,
  reason: AutomaticRefundReason,
): Promise<RefundRow> {
  const row = await repo.insertRefund(tx, {
    account_id: order.account_id,
    order_id: order.id,
    payment_id: payment.id,
    provider: payment.provider,
    status: 'PENDING',
    amount_cents: payment.amount_cents,
    currency: payment.currency,
    reason,
    notify_buyer: true,
    created_by: null,
  });
  await orders.setRefundStatus(tx, order, 'REFUND_PENDING');
  await logActivity(tx, order, 'REFUND_REQUESTED', { details: { amount_cents: row.amount_cents, reason } });
  return row;
}

/**
 * Applies the provider's answer to a refund, once: a refund already SUCCEEDED or FAILED is left alone (a
 * redelivered or late webhook changes nothing). Recomputes the order's refund status, logs the outcome
 * and, when the organizer asked, tells the buyer the money is on its way.
 */
export async function settleRefund(deps: Deps, accountId: string, refundId: string, outcome: RefundOutcome) {
  await deps.db.transaction(async (tx) => {
    const pending = await repo.findRefund(tx, accountId, refundId);
    if (!pending) return;
    const order = await orders.findOrderById(tx, pending.account_id, pending.order_id, true);
    const refund = await repo.findRefund(tx, accountId, refundId, true);
    if (!order || !refund || refund.status !== 'PENDING') return;
    const updated = await repo.updateRefund(tx, refund, {
      status: outcome.status,
      provider_ref: outcome.providerRef ?? refund.provider_ref,
      failure_reason: outcome.failureReason?.slice(0, 500) ?? null,
    });
    if (outcome.status === 'PENDING') return;
    const refunds = await repo.listRefunds(tx, order.account_id, order.id);
    const { paid } = await refundable(tx, order, refunds);
    const withStatus = await orders.setRefundStatus(
      tx,
      order,
      refundStatusOf(refunds, paid, order.total_cents),
    );
    const details = { amount_cents: updated.amount_cents, reason: updated.failure_reason };
    await logActivity(tx, order, outcome.status === 'SUCCEEDED' ? 'REFUNDED' : 'REFUND_FAILED', { details });
    if (outcome.status === 'SUCCEEDED') {
      await emitWebhook(
        deps.jobs,
        'order.refunded',
        { accountId, eventId: order.event_id, ids: [order.id] },
        tx,
      );
    }
    if (outcome.status === 'SUCCEEDED' && refund.notify_buyer && order.email) {
      const event = await orders.orderEmailEvent(tx, order);
      const ctx = { jobs: deps.jobs, appUrl: deps.config.appUrl, tx, event, order: withStatus };
      const automatic = refund.created_by === null && automaticReason(refund.reason);
      const sent = { id: updated.id, amountCents: updated.amount_cents };
      if (automatic) await queueRefundEmail(ctx, sent, automatic);
      else await queueRefundedEmail(ctx, sent);
    }
  });
}

/**
 * A provider's word on one of its refunds (its webhook): the refund is found by the provider's id or, when
 * the webhook beat our own write of that id, by our id it carries back, and settled once.
 */
export async function settleProviderRefund(deps: Deps, provider: string, update: payments.RefundUpdate) {
  const ownId = update.refundRowId;
  const row =
    (await repo.findRefundRef(deps.db, provider, update.providerRef)) ??
    (ownId && isUuid(ownId) ? await repo.findProviderRefund(deps.db, provider, ownId) : undefined);
  if (!row) return;
  await settleRefund(deps, row.account_id, row.id, {
    status: update.status,
    providerRef: update.providerRef,
    ...(update.failureReason ? { failureReason: update.failureReason } : {}),
  });
}
