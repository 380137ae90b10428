/**
 * Payment records: one row per provider attempt (`payments`, unique per provider reference) and the
 * provider events already processed (`payment_webhook_events`); the payment providers behind one
 * interface (provider.ts). Deciding what a payment does to an order is checkout's job
 * (`checkout/confirmation.ts`).
 */
export type { PaymentRow } from './payments.repository.ts';
export {
  findPayment,
  insertPayment,
  orderPayments,
  recordWebhookEvent,
  updatePayment,
  webhookEventSeen,
} from './payments.repository.ts';
export type { OrderToPay, PaymentCheck, PaymentProviderDriver, StartOutcome } from './provider.ts';
export { eventPaymentProviders, paymentProvider } from './providers.ts';
export { intentCheck, stripeClient } from './stripe.ts';
