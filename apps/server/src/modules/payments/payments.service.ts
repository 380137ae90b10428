import type { Queryable, Tx } from '../../db/client.ts';
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
export type RefundUpdate = provider.RefundUpdate;

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

/**
 * A provider's attempt at an order's payment, as the payment flow names it: the order's account scopes
 * every write. `fresh`: a reference this server made a moment ago (a synchronous provider such as the
 * test card), so no row can exist for it yet.
 */
export interface Attempt {
  accountId: string;
  orderId: string;
  provider: string;
  ref: string;
  amountCents: number;
  currency: string;
  fresh?: boolean;
}

/** The attempt's row, locked for the caller's transaction; written PENDING the first time it is heard of. */
export async function lockAttempt(tx: Tx, a: Attempt): Promise<PaymentRow> {
  const found = await repo.findPayment(tx, a.provider, a.ref, true);
  if (found) return found;
  return repo.insertPayment(tx, {
    order_id: a.orderId,
    provider: a.provider,
    provider_ref: a.ref,
    status: 'PENDING',
    amount_cents: a.amountCents,
    currency: a.currency,
  });
}

/**
 * The attempt SUCCEEDED for the amount the provider took; null when it already had (or was refunded):
 * a payment is applied once, whoever reports it first.
 */
export async function succeedAttempt(tx: Tx, a: Attempt): Promise<PaymentRow | null> {
  if (a.fresh) {
    return repo.insertPayment(tx, {
      order_id: a.orderId,
      provider: a.provider,
      provider_ref: a.ref,
      status: 'SUCCEEDED',
      amount_cents: a.amountCents,
      currency: a.currency,
    });
  }
  const payment = await lockAttempt(tx, a);
  if (payment.status === 'SUCCEEDED' || payment.status === 'REFUNDED') return null;
  return repo.updatePayment(tx, a.accountId, payment.id, {
    status: 'SUCCEEDED',
    amount_cents: a.amountCents,
    failure_reason: null,
  });
}

/** The attempt FAILED for the provider's reason; null when it was no longer PENDING (a late failure). */
export async function failAttempt(tx: Tx, a: Attempt, reason: string): Promise<PaymentRow | null> {
  const payment = await lockAttempt(tx, a);
  if (payment.status !== 'PENDING') return null;
  return repo.updatePayment(tx, a.accountId, payment.id, {
    status: 'FAILED',
    failure_reason: reason.slice(0, 500),
  });
}

/** The attempt with this provider reference (a webhook names it), with its order's account. */
export const findPayment = (q: Queryable, provider: string, ref: string) =>
  repo.findPayment(q, provider, ref);

/** Payments still PENDING that started before a time, every account's (the reconciliation job). */
export const pendingPaymentsStartedBefore = (q: Queryable, startedBefore: Date, limit: number) =>
  repo.pendingPaymentsStartedBefore(q, startedBefore, limit);

/** A pending payment the provider could not settle yet: asked about after the others next time. */
export const postponeReconciliation = (q: Queryable, accountId: string, paymentId: string) =>
  repo.updatePayment(q, accountId, paymentId, { updated_at: new Date() });

/** An order's attempts, newest first (of one provider when given). */
export const orderPayments = (q: Queryable, orderId: string, provider?: string) =>
  repo.orderPayments(q, orderId, provider);

/**
 * Applies a provider's event once: one already handled (a redelivery) is skipped and answers false. The
 * event is recorded only after `apply` succeeded, so a delivery that failed half-way (the provider
 * unreachable, the database down) is applied again on the provider's retry; `apply` is idempotent.
 */
export async function applyEventOnce(
  q: Queryable,
  provider: string,
  event: { id: string; type: string },
  apply: () => Promise<void>,
): Promise<boolean> {
  if (await repo.webhookEventSeen(q, provider, event.id)) return false;
  await apply();
  await repo.recordWebhookEvent(q, provider, event.id, event.type);
  return true;
}
