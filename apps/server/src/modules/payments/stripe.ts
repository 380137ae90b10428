import { percentOf } from '@taquilla/shared/money';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { insertPayment, orderPayments } from './payments.repository.ts';
import type { PaymentCheck, PaymentProviderDriver } from './provider.ts';

/**
 * The official Stripe SDK, built once per secret key. `STRIPE_API_URL` points it at another host
 * (tests run a local stub of Stripe's HTTP API there); without it the SDK talks to api.stripe.com.
 */
const clients = new Map<string, Stripe>();

export function stripeConfigured(config: Config): boolean {
  return Boolean(config.stripe.secretKey && config.stripe.publishableKey);
}

export function stripeClient(config: Config): Stripe {
  const key = config.stripe.secretKey;
  if (!key) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY)');
  const cacheKey = `${key}|${config.stripe.apiUrl ?? ''}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const url = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : null;
    client = new Stripe(key, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(url
        ? {
            host: url.hostname,
            port: url.port || (url.protocol === 'http:' ? 80 : 443),
            protocol: url.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

export type PaymentIntent = Stripe.PaymentIntent;
export type StripeEvent = Stripe.Event;

/** The installation's fee on a payment through a connected account (STRIPE_PLATFORM_FEE_*), half-up to the cent. */
export function platformFeeCents(config: Config, amountCents: number): number {
  const fee = config.stripe.platformFee;
  if (!fee) return 0;
  return Math.min(percentOf(amountCents, fee.percent) + fee.fixedCents, amountCents);
}

const accountOf = (settings: Record<string, unknown>) =>
  (settings.stripe_account_id as string | undefined) || undefined;

/** The request options that address a connected account (`Stripe-Account`), or the platform's own. */
export const onAccount = (account: string | null | undefined): Stripe.RequestOptions =>
  account ? { stripeAccount: account } : {};

/** What a PaymentIntent says about its payment (webhook or retrieval). */
export function intentCheck(intent: PaymentIntent): PaymentCheck {
  const amounts = {
    amountCents: intent.amount_received || intent.amount,
    currency: intent.currency.toUpperCase(),
  };
  if (intent.status === 'succeeded') return { kind: 'succeeded', ...amounts };
  const failed =
    intent.status === 'canceled' ||
    (intent.status === 'requires_payment_method' && intent.last_payment_error != null);
  if (failed) return { kind: 'failed', reason: intent.last_payment_error?.code ?? intent.status, ...amounts };
  return { kind: 'pending' };
}

/**
 * `stripe`: the Payment Element. Starting creates (or reuses) the order's PaymentIntent, recorded as a
 * PENDING payment before the client secret leaves the server so the webhook always finds its order.
 * Connect: the event's `settings.stripe_account_id` names the connected account.
 */
export const stripeProvider: PaymentProviderDriver = {
  id: 'stripe',
  usesAccountSettings: true,
  works: (config) => stripeConfigured(config),
  async start(ctx, order, _input, settings) {
    const stripe = stripeClient(ctx.config);
    const account = accountOf(settings);
    const opts = onAccount(account);
    const fee = account ? platformFeeCents(ctx.config, order.total_cents) : 0;
    let intent: PaymentIntent | undefined;
    const pending = (await orderPayments(ctx.db, order.id, 'stripe')).find(
      (p) => p.status === 'PENDING' && p.amount_cents === order.total_cents,
    );
    if (pending) {
      const existing = await stripe.paymentIntents.retrieve(pending.provider_ref, {}, opts);
      if (!['succeeded', 'canceled'].includes(existing.status)) intent = existing;
    }
    if (!intent) {
      intent = await stripe.paymentIntents.create(
        {
          amount: order.total_cents,
          currency: order.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          metadata: { order_id: order.id, order_short_id: order.short_id, event_id: order.event_id },
          ...(order.email ? { receipt_email: order.email } : {}),
          ...(fee > 0 ? { application_fee_amount: fee } : {}),
        },
        { ...opts, idempotencyKey: `order_${order.id}_${randomBase62(8)}` },
      );
      await insertPayment(ctx.db, {
        order_id: order.id,
        provider: 'stripe',
        provider_ref: intent.id,
        status: 'PENDING',
        amount_cents: order.total_cents,
        currency: order.currency,
      });
    }
    return {
      kind: 'pending',
      ref: intent.id,
      client: {
        client_secret: intent.client_secret ?? '',
        publishable_key: ctx.config.stripe.publishableKey ?? '',
        ...(account ? { account_id: account } : {}),
      },
    };
  },
  async check(ctx, payment, settings) {
    const opts = onAccount(accountOf(settings));
    return intentCheck(
      await stripeClient(ctx.config).paymentIntents.retrieve(payment.provider_ref, {}, opts),
    );
  },
  async cancel(ctx, payment, settings) {
    const stripe = stripeClient(ctx.config);
    const opts = onAccount(accountOf(settings));
    try {
      const canceled = await stripe.paymentIntents.cancel(
        payment.provider_ref,
        { cancellation_reason: 'abandoned' },
        opts,
      );
      return intentCheck(canceled);
    } catch (err) {
      // Stripe refuses to cancel an intent that succeeded (or is processing) meanwhile: its state decides.
      ctx.log?.warn({ err, payment: payment.provider_ref }, 'stripe payment could not be cancelled');
      return intentCheck(await stripe.paymentIntents.retrieve(payment.provider_ref, {}, opts));
    }
  },
  async refund(ctx, payment, { amountCents, settings, refundId }) {
    const account = accountOf(settings);
    const partial = amountCents < payment.amount_cents;
    const refund = await stripeClient(ctx.config).refunds.create(
      {
        payment_intent: payment.provider_ref,
        reason: 'requested_by_customer',
        ...(partial ? { amount: amountCents } : {}),
        ...(refundId ? { metadata: { refund_id: refundId } } : {}),
      },
      {
        idempotencyKey: refundId
          ? `order_refund_${refundId}`
          : partial
            ? `refund_${payment.provider_ref}_${amountCents}`
            : `refund_${payment.provider_ref}`,
        ...onAccount(account),
      },
    );
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new Error(`stripe refund ${refund.id} ${refund.status}: ${refund.failure_reason ?? ''}`);
    }
    return { state: refund.status === 'succeeded' ? 'REFUNDED' : 'PENDING', ref: refund.id };
  },
};
