import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import * as repo from './payments.repository.ts';
import type * as provider from './provider.ts';
import * as providers from './providers.ts';
import * as stripe from './stripe.ts';

/**
 * Payments for other modules: the attempts (`payments`, one row per provider attempt, unique per
 * provider reference), the provider events already processed (`payment_webhook_events`) and the
 * providers behind one interface (`provider.ts`: `test`, `offline`, `stripe`). Deciding what a payment
 * does to an order is checkout's job (`checkout/confirmation.ts`). Other modules reach payments only
 * through here.
 */

export type PaymentRow = repo.PaymentRow;
export type PaymentProviderDriver = provider.PaymentProviderDriver;
export type StartOutcome = provider.StartOutcome;
export type PaymentCheck = provider.PaymentCheck;
export type RefundUpdate = provider.RefundUpdate;

export const insertPayment = (q: Queryable, values: Parameters<typeof repo.insertPayment>[1]) =>
  repo.insertPayment(q, values);

/** The attempt with this provider reference; `lock` takes its row lock (inside the caller's transaction). */
export const findPayment = (q: Queryable, provider: string, ref: string, lock = false) =>
  repo.findPayment(q, provider, ref, lock);

/** Payments still PENDING that started before a time, every account's (the reconciliation job). */
export const pendingPaymentsStartedBefore = (q: Queryable, startedBefore: Date, limit: number) =>
  repo.pendingPaymentsStartedBefore(q, startedBefore, limit);

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

/** The providers a buyer may use for an event (see providers.ts). */
export const eventPaymentProviders = (config: Config, settings: Record<string, unknown>) =>
  providers.eventPaymentProviders(config, settings);

/** The provider behind a name (a buyer's choice, or the `provider` of a payment row). */
export const paymentProvider = (id: string) => providers.paymentProvider(id);

export const stripeClient = (config: Config) => stripe.stripeClient(config);

export const stripeConfigured = (config: Config) => stripe.stripeConfigured(config);
