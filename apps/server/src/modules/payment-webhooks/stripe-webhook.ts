import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { applyStripeRefundEvent } from '../after-sale/refunds.service.ts';
import { applyCheck } from '../checkout/payment.ts';
import { findPayment, recordWebhookEvent, webhookEventSeen } from '../payments/payments.service.ts';
import type { PaymentIntent, StripeEvent } from '../payments/stripe.ts';
import { intentCheck } from '../payments/stripe.ts';

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/** Refunds the organizer made (after-sale/refunds.service.ts) settle through these. */
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed']);

/**
 * Applies one verified Stripe event. An event id already processed is acknowledged and skipped; outcomes
 * go through the same idempotent confirmation as the return page, so redelivered or out-of-order events
 * change an order once. The event is recorded after it is applied: a delivery that failed half-way is
 * processed again on Stripe's retry.
 */
export async function handleStripeEvent(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger },
  event: StripeEvent,
): Promise<{ received: true; duplicate?: true }> {
  if (await webhookEventSeen(deps.db, 'stripe', event.id)) return { received: true, duplicate: true };
  if (INTENT_EVENTS.has(event.type)) {
    const intent = event.data.object as PaymentIntent;
    const payment = await findPayment(deps.db, 'stripe', intent.id);
    if (payment) await applyCheck(deps, payment.account_id, payment, intentCheck(intent));
  }
  if (REFUND_EVENTS.has(event.type)) await applyStripeRefundEvent(deps, event);
  await recordWebhookEvent(deps.db, 'stripe', event.id, event.type);
  return { received: true };
}
