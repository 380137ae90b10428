import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { applyCheck } from '../checkout/payment.ts';
import { applyStripeAccountUpdate } from '../payment-settings/payment-settings.service.ts';
import { applyEventOnce, findPayment } from '../payments/payments.service.ts';
import type { PaymentIntent, StripeEvent } from '../payments/stripe.ts';
import { intentCheck } from '../payments/stripe.ts';
import { stripeRefundUpdates } from '../payments/stripe-refunds.ts';
import { settleProviderRefund } from '../refunds/refunds.service.ts';

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/** Refunds (the organizer's, and the automatic ones of late or double payments) settle through these. */
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed']);

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };

/**
 * Applies one verified Stripe event, from whichever endpoint it came: the platform's own
 * (`/webhooks/stripe`) or the Connect one (`/webhooks/stripe-connect`), which is the only one Stripe sends
 * the events of connected accounts to — the payments and refunds of every account selling through its
 * own Stripe account arrive there, named by `event.account`.
 *
 * An event id already processed is acknowledged and skipped; outcomes go through the same idempotent
 * confirmation as the return page and the reconciliation job, so redelivered or out-of-order events change
 * an order once. The event is recorded only after it was applied: a delivery that failed half-way (Stripe
 * unreachable, the database down) answers an error and is processed again on Stripe's retry.
 */
export async function handleStripeEvent(
  deps: Deps,
  event: StripeEvent,
): Promise<{ received: true; duplicate?: true }> {
  const applied = await applyEventOnce(deps.db, 'stripe', event, () => applyStripeEvent(deps, event));
  return applied ? { received: true } : { received: true, duplicate: true };
}

async function applyStripeEvent(deps: Deps, event: StripeEvent) {
  if (INTENT_EVENTS.has(event.type)) {
    const intent = event.data.object as PaymentIntent;
    const payment = await findPayment(deps.db, 'stripe', intent.id);
    if (payment) await applyCheck(deps, payment.account_id, payment, intentCheck(intent));
  } else if (REFUND_EVENTS.has(event.type)) {
    for (const update of await stripeRefundUpdates(deps.config, event)) {
      await settleProviderRefund(deps, 'stripe', update);
    }
  } else if (event.type === 'account.updated') {
    await applyStripeAccountUpdate(deps, event.data.object);
  }
}
