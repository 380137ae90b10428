import type { Queryable } from '../../db/client.ts';
import * as repo from './payments.repository.ts';
import type * as provider from './provider.ts';

/**
 * Payments for other modules: the attempts (`payments`, one row per provider attempt, unique per
 * provider reference), the provider events already processed (`payment_webhook_events`) and the
 * providers behind one interface (`provider.ts`: `test`, `offline`, `stripe`). Deciding what a payment
 * does to an order is checkout's job (`checkout/confirmation.ts`). Other modules reach payments only
 * through here (the providers themselves through `providers.ts` and `stripe.ts`).
 */

export type PaymentRow = repo.PaymentRow;
export type PaymentProviderDriver = provider.PaymentProviderDriver;
export type StartOutcome = provider.StartOutcome;
export type PaymentCheck = provider.PaymentCheck;

/**
 * Money the organizer took by hand (a bank transfer or cash marked paid, what a manual order's buyer
 * paid): one SUCCEEDED offline payment under `ref`.
 */
export function recordOfflinePayment(
  q: Queryable,
  order: { id: string; currency: string },
  amountCents: number,
  ref: string,
) {
  return repo.insertPayment(q, {
    order_id: order.id,
    provider: 'offline',
    provider_ref: ref,
    status: 'SUCCEEDED',
    amount_cents: amountCents,
    currency: order.currency,
  });
}

export const insertPayment = (q: Queryable, values: Parameters<typeof repo.insertPayment>[1]) =>
  repo.insertPayment(q, values);

/** The attempt with this provider reference; `lock` takes its row lock (inside the caller's transaction). */
export const findPayment = (q: Queryable, provider: string, ref: string, lock = false) =>
  repo.findPayment(q, provider, ref, lock);

/** Writes a payment of an order of this account. */
export const updatePayment = (
  q: Queryable,
  accountId: string,
  id: string,
  values: Parameters<typeof repo.updatePayment>[3],
) => repo.updatePayment(q, accountId, id, values);

/** An order's attempts, newest first (of one provider when given). */
export const orderPayments = (q: Queryable, orderId: string, provider?: string) =>
  repo.orderPayments(q, orderId, provider);

export const recordWebhookEvent = (q: Queryable, provider: string, eventId: string, type: string) =>
  repo.recordWebhookEvent(q, provider, eventId, type);

export const webhookEventSeen = (q: Queryable, provider: string, eventId: string) =>
  repo.webhookEventSeen(q, provider, eventId);
