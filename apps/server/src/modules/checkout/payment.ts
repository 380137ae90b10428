import type { OrderPaymentInput } from '@taquilla/shared/schemas/checkout';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict, invalid } from '../../lib/errors.ts';
import type { AttendeeRow, OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as paymentSettings from '../payment-settings/payment-settings.service.ts';
import * as payments from '../payments/payments.service.ts';
import { eventPaymentProviders, paymentProvider } from '../payments/providers.ts';
import { checkoutMessages as m } from './checkout.messages.ts';
import { findEvent } from './checkout.repository.ts';
import { assertOpen, orderContext } from './checkout.service.ts';
import { confirmPayment, confirmPaymentWith, failPayment } from './confirmation.ts';

/** The payment step, through the provider the buyer chose (`payments/provider.ts`). */
type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };

export const PAYMENT_FAILED = 'PAYMENT_FAILED';
export const PAYMENT_NOT_PROCESSED = 'PAYMENT_NOT_PROCESSED';

const paymentFailed = () => new AppError(409, PAYMENT_FAILED, m['checkout.payment_failed']);
const notProcessed = () => new AppError(502, PAYMENT_NOT_PROCESSED, m['checkout.payment_not_processed']);

export interface PaymentResult {
  order: OrderRow;
  stripe?: { client_secret: string; publishable_key: string; account_id?: string };
  /** Set when the order completed here: the rows written, for an answer without another read. */
  completed?: { items: OrderItemRow[]; attendees: AttendeeRow[]; settings: Record<string, unknown> };
}

export async function startPayment(
  deps: Deps,
  eventId: string,
  shortId: string,
  input: OrderPaymentInput,
): Promise<PaymentResult> {
  // One read: the order, its event, its items.
  const context = await orderContext(deps, eventId, shortId);
  const { event } = context;
  const order = assertOpen(context.order);
  if (order.total_cents === 0) throw conflict(m['checkout.no_payment_required']);
  if (!order.email) throw conflict(m['checkout.details_required']);
  if (!eventPaymentProviders(deps.config, event.settings).includes(input.provider)) {
    throw invalid({ provider: m['checkout.provider_unavailable'] });
  }
  const provider = paymentProvider(input.provider);
  let outcome: payments.StartOutcome;
  try {
    const settings = provider.usesAccountSettings
      ? await paymentSettings.providerSettings(deps, event)
      : event.settings;
    outcome = await provider.start(deps, order, input, settings);
  } catch (err) {
    deps.log?.error({ err, order: order.id, provider: provider.id }, 'payment could not start');
    throw notProcessed();
  }
  const attempt = {
    accountId: order.account_id,
    orderId: order.id,
    provider: provider.id,
    amountCents: order.total_cents,
    currency: order.currency,
  };
  switch (outcome.kind) {
    case 'invalid_details':
      throw invalid({ [outcome.field]: m['checkout.card_invalid'] });
    case 'declined':
      await failPayment(deps, { ...attempt, ref: outcome.ref, reason: outcome.reason });
      throw paymentFailed();
    case 'paid': {
      // Charged at once under a reference the provider just made: nothing can have recorded it yet.
      const done = await confirmPaymentWith(deps, { ...attempt, ref: outcome.ref, fresh: true }, context);
      if (!done.items || !done.attendees) return { order: done.order };
      const completed = { items: done.items, attendees: done.attendees, settings: event.settings };
      return { order: done.order, completed };
    }
    case 'offline': {
      const held = await deps.db.transaction(async (tx) => {
        const locked = assertOpen(await orders.findOrderById(tx, order.account_id, order.id, true));
        return orders.holdForOfflinePayment(deps, tx, locked);
      });
      return { order: held };
    }
    case 'pending': {
      const updated = await orders.awaitProviderPayment(deps.db, order, provider.id);
      return { order: updated, stripe: outcome.client };
    }
  }
}

/** Applies what a provider says about one of its payments (a webhook, or the return page asking). */
export async function applyCheck(
  deps: Deps,
  accountId: string,
  payment: payments.PaymentRow,
  check: payments.PaymentCheck,
): Promise<OrderRow | null> {
  const p = {
    accountId,
    orderId: payment.order_id,
    provider: payment.provider,
    ref: payment.provider_ref,
  };
  if (check.kind === 'succeeded') return confirmPayment(deps, { ...p, ...check });
  if (check.kind === 'failed') return failPayment(deps, { ...p, ...check });
  return (await orders.findOrderById(deps.db, accountId, payment.order_id)) ?? null;
}

/** The return page asks the server to look at the order's pending payments; the server decides. */
export async function refreshPayment(deps: Deps, order: OrderRow): Promise<OrderRow> {
  const event = await findEvent(deps.db, order.event_id);
  const settings = event ? await paymentSettings.providerSettings(deps, event) : {};
  const pending = (await payments.orderPayments(deps.db, order.id)).filter((p) => p.status === 'PENDING');
  let latest = order;
  for (const p of pending) {
    let check: payments.PaymentCheck;
    try {
      check = await paymentProvider(p.provider).check(deps, p, settings);
    } catch (err) {
      deps.log?.error({ err, order: order.id, payment: p.provider_ref }, 'payment could not be checked');
      throw notProcessed();
    }
    latest = (await applyCheck(deps, order.account_id, p, check)) ?? latest;
  }
  return latest;
}
