import type { OrderPaymentInput } from '@taquilla/shared/schemas/checkout';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict, invalid } from '../../lib/errors.ts';
import { randomBase62 } from '../../lib/ids.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as paymentSettings from '../payment-settings/payment-settings.service.ts';
import * as payments from '../payments/payments.service.ts';
import type { PaymentIntent } from '../payments/stripe.ts';
import { checkoutMessages as m } from './checkout.messages.ts';
import { findEvent } from './checkout.repository.ts';
import { assertOpen, sellingEvent } from './checkout.service.ts';
import { confirmPayment, failPayment } from './confirmation.ts';

/** The payment step: test card, offline (bank transfer / at the door) or Stripe's Payment Element. */
type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };

export const PAYMENT_FAILED = 'PAYMENT_FAILED';
export const PAYMENT_NOT_PROCESSED = 'PAYMENT_NOT_PROCESSED';

const paymentFailed = () => new AppError(409, PAYMENT_FAILED, m['checkout.payment_failed']);
const notProcessed = () => new AppError(502, PAYMENT_NOT_PROCESSED, m['checkout.payment_not_processed']);

export interface PaymentResult {
  order: OrderRow;
  stripe?: { client_secret: string; publishable_key: string; account_id?: string };
}

export async function startPayment(
  deps: Deps,
  eventId: string,
  shortId: string,
  input: OrderPaymentInput,
): Promise<PaymentResult> {
  const event = await sellingEvent(deps, eventId);
  const order = assertOpen(await orders.findOrderByShortId(deps.db, eventId, shortId));
  if (order.total_cents === 0) throw conflict(m['checkout.no_payment_required']);
  if (!order.email) throw conflict(m['checkout.details_required']);
  if (!payments.eventPaymentProviders(deps.config, event.settings).includes(input.provider)) {
    throw invalid({ provider: m['checkout.provider_unavailable'] });
  }

  if (input.provider === 'test') {
    const outcome = payments.testCardOutcome(input.card_number);
    if (outcome === 'invalid') throw invalid({ card_number: m['checkout.card_invalid'] });
    const p = {
      orderId: order.id,
      provider: 'test',
      ref: `test_${randomBase62(24)}`,
      amountCents: order.total_cents,
      currency: order.currency,
    };
    if (outcome === 'declined') {
      await failPayment(deps, { ...p, reason: 'card_declined' });
      throw paymentFailed();
    }
    return { order: await confirmPayment(deps, p) };
  }

  if (input.provider === 'offline') {
    const held = await deps.db.transaction(async (tx) => {
      const locked = assertOpen(await orders.findOrderById(tx, order.id, true));
      return orders.holdForOfflinePayment(deps, tx, locked);
    });
    return { order: held };
  }

  return startStripePayment(deps, order, await stripeAccountFor(deps, event));
}

/** The account's connected Stripe account (payment settings), else one set on the event itself. */
async function stripeAccountFor(
  deps: Deps,
  event: { account_id: string; settings: Record<string, unknown> },
) {
  return (
    (await paymentSettings.chargeableStripeAccount(deps, event.account_id)) ??
    ((event.settings.stripe_account_id as string | undefined) || undefined)
  );
}

/**
 * Creates (or reuses) the order's PaymentIntent. The PaymentIntent id is recorded as a PENDING payment
 * before the client secret leaves the server, so the webhook always finds its order.
 */
async function startStripePayment(deps: Deps, order: OrderRow, account?: string): Promise<PaymentResult> {
  const stripe = payments.stripeClient(deps.config);
  const opts = account ? { stripeAccount: account } : {};
  const fee = account ? paymentSettings.platformFeeCents(deps.config, order.total_cents) : 0;
  let intent: PaymentIntent | undefined;
  try {
    const pending = (await payments.orderPayments(deps.db, order.id, 'stripe')).find(
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
      await payments.insertPayment(deps.db, {
        order_id: order.id,
        provider: 'stripe',
        provider_ref: intent.id,
        status: 'PENDING',
        amount_cents: order.total_cents,
        currency: order.currency,
      });
    }
  } catch (err) {
    deps.log?.error({ err, order: order.id }, 'stripe payment could not start');
    throw notProcessed();
  }
  const updated = await orders.updateOrder(deps.db, order.id, {
    payment_provider: 'stripe',
    payment_status: 'AWAITING_PAYMENT',
  });
  return {
    order: updated,
    stripe: {
      client_secret: intent.client_secret ?? '',
      publishable_key: deps.config.stripe.publishableKey ?? '',
      ...(account ? { account_id: account } : {}),
    },
  };
}

/** Applies what Stripe says about a PaymentIntent (webhook, or the return page asking). */
export async function applyIntent(deps: Deps, intent: PaymentIntent): Promise<OrderRow | null> {
  const payment = await payments.findPayment(deps.db, 'stripe', intent.id);
  if (!payment) return null;
  const p = {
    orderId: payment.order_id,
    provider: 'stripe',
    ref: intent.id,
    amountCents: intent.amount_received || intent.amount,
    currency: intent.currency.toUpperCase(),
  };
  if (intent.status === 'succeeded') return confirmPayment(deps, p);
  const failed =
    intent.status === 'canceled' ||
    (intent.status === 'requires_payment_method' && intent.last_payment_error != null);
  if (failed) {
    return failPayment(deps, { ...p, reason: intent.last_payment_error?.code ?? intent.status });
  }
  return (await orders.findOrderById(deps.db, payment.order_id)) ?? null;
}

/** The return page asks the server to look at the order's PaymentIntents; the server decides. */
export async function refreshPayment(deps: Deps, order: OrderRow): Promise<OrderRow> {
  const event = await findEvent(deps.db, order.event_id);
  const pending = (await payments.orderPayments(deps.db, order.id, 'stripe')).filter(
    (p) => p.status === 'PENDING',
  );
  if (pending.length === 0) return order;
  const account = event ? await stripeAccountFor(deps, event) : undefined;
  const stripe = payments.stripeClient(deps.config);
  let latest = order;
  for (const p of pending) {
    let intent: PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(
        p.provider_ref,
        {},
        account ? { stripeAccount: account } : {},
      );
    } catch (err) {
      deps.log?.error(
        { err, order: order.id, intent: p.provider_ref },
        'stripe payment could not be checked',
      );
      throw notProcessed();
    }
    latest = (await applyIntent(deps, intent)) ?? latest;
  }
  return latest;
}
