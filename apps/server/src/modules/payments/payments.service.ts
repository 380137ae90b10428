import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import * as repo from './payments.repository.ts';
import * as providers from './providers.ts';
import * as stripe from './stripe.ts';

/**
 * Payment records: one row per provider attempt (`payments`, unique per provider reference) and the
 * provider events already processed (`payment_webhook_events`). Deciding what a payment does to an
 * order is checkout's job (`checkout/confirmation.ts`). Other modules reach payments only through here.
 */

export type { PaymentRow } from './payments.repository.ts';

export const insertPayment = (q: Queryable, values: Parameters<typeof repo.insertPayment>[1]) =>
  repo.insertPayment(q, values);

export const findPayment = (q: Queryable, provider: string, ref: string, lock = false) =>
  repo.findPayment(q, provider, ref, lock);

export const updatePayment = (q: Queryable, id: string, values: Parameters<typeof repo.updatePayment>[2]) =>
  repo.updatePayment(q, id, values);

export const orderPayments = (q: Queryable, orderId: string, provider?: string) =>
  repo.orderPayments(q, orderId, provider);

export const recordWebhookEvent = (q: Queryable, provider: string, eventId: string, type: string) =>
  repo.recordWebhookEvent(q, provider, eventId, type);

export const webhookEventSeen = (q: Queryable, provider: string, eventId: string) =>
  repo.webhookEventSeen(q, provider, eventId);

export const eventPaymentProviders = (config: Config, settings: Record<string, unknown>) =>
  providers.eventPaymentProviders(config, settings);

export const testCardOutcome = (cardNumber: string) => providers.testCardOutcome(cardNumber);

export const stripeClient = (config: Config) => stripe.stripeClient(config);

export const stripeConfigured = (config: Config) => stripe.stripeConfigured(config);
