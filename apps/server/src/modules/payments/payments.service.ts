import type { Queryable } from '../../db/client.ts';
import * as repo from './payments.repository.ts';

/**
 * Payments for other modules: the attempts (`payments` rows, one per provider attempt, unique per
 * provider reference) and the providers behind one interface (`provider.ts`: `paymentProvider`,
 * `eventPaymentProviders`). Deciding what a payment does to an order is checkout's job
 * (`checkout/confirmation.ts`).
 */
export type PaymentRow = repo.PaymentRow;
export type { OrderToPay, PaymentCheck, PaymentProviderDriver, StartOutcome } from './provider.ts';
export { eventPaymentProviders, paymentProvider } from './providers.ts';

/** The attempt with this provider reference; `lock` takes its row lock (inside the caller's transaction). */
export function findPayment(q: Queryable, provider: string, ref: string, lock = false) {
  return repo.findPayment(q, provider, ref, lock);
}

/** Records a new attempt. */
export function insertPayment(q: Queryable, values: Parameters<typeof repo.insertPayment>[1]) {
  return repo.insertPayment(q, values);
}

export function updatePayment(q: Queryable, id: string, values: Parameters<typeof repo.updatePayment>[2]) {
  return repo.updatePayment(q, id, values);
}

/** An order's attempts, newest first (of one provider when given). */
export function orderPayments(q: Queryable, orderId: string, provider?: string) {
  return repo.orderPayments(q, orderId, provider);
}
