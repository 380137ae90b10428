import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { queueRefundEmail } from '../orders/order-emails.ts';
import type { AttendeeRow, EmailEvent, OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as paymentSettings from '../payment-settings/payment-settings.service.ts';
import type { PaymentRow } from '../payments/payments.service.ts';
import * as payments from '../payments/payments.service.ts';
import { paymentProvider } from '../payments/providers.ts';
import { findEvent } from './checkout.repository.ts';
import { holdUnits } from './checkout.service.ts';

/**
 * What a payment outcome does to an order. The server decides, whatever the browser says, and every
 * path is idempotent: the payment row (unique provider + reference) is locked with the order, and a
 * payment already SUCCEEDED or REFUNDED is not applied twice. A payment that arrives after the
 * reservation expired completes the order if the units are still there, or is refunded — never lost.
 */
type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };

export interface PaymentOutcome {
  /** The order's account: every read and write below is scoped by it. */
  accountId: string;
  orderId: string;
  provider: string;
  ref: string;
  amountCents: number;
  currency: string;
  /**
   * The reference was made by this server a moment ago (a synchronous provider: the test card), so no
   * payment row can exist for it yet: it is written once, already SUCCEEDED, without a lookup first.
   */
  fresh?: boolean;
}

/** What the caller already read (the payment step's one query): completing the order needs no more. */
export interface KnownOrder {
  order: OrderRow;
  items: OrderItemRow[];
  event: EmailEvent;
}

/**
 * Holds the order's units for good through the one locked path (`holdUnits`), as COMPLETED. An order
 * whose units still count (a live reservation, one awaiting offline payment) just takes the status; an
 * expired or abandoned one is re-checked like a new order — tiers, capacity, sale windows, the promo
 * code's max uses and expiry. False when the units are gone (nothing written).
 */
async function revive(deps: Deps, tx: Tx, order: OrderRow): Promise<boolean> {
  const held = await holdUnits(deps, { orderId: order.id, status: 'COMPLETED' }, tx);
  return !('problem' in held);
}

/**
 * Applies a successful payment. `known` (the payment step) saves reading the order's items and event
 * again; the answer then carries the rows written, for the buyer's answer without another read.
 */
export async function confirmPayment(deps: Deps, p: PaymentOutcome, known?: KnownOrder): Promise<OrderRow> {
  return (await confirmPaymentWith(deps, p, known)).order;
}

export async function confirmPaymentWith(
  deps: Deps,
  p: PaymentOutcome,
  known?: KnownOrder,
): Promise<{ order: OrderRow; attendees?: AttendeeRow[]; items?: OrderItemRow[] }> {
  if (p.fresh && known?.order.status === 'RESERVED') {
    // The usual case of a sale: the reservation is open and the payment new. One statement writes it
    // all, or nothing when the order is not open any more; then the general path below decides.
    const done = await orders.completePaidReservation(deps, {
      order: known.order,
      items: known.items,
      event: known.event,
      payment: { provider: p.provider, ref: p.ref, amountCents: p.amountCents, currency: p.currency },
    });
    if (done) return done;
  }
  let toRefund: PaymentRow | null = null;
  const result = await deps.db.transaction(async (tx) => {
    const order = await orders.findOrderById(tx, p.accountId, p.orderId, true);
    if (!order) throw new Error(`payment ${p.ref} for unknown order ${p.orderId}`);
    const succeeded = await payments.succeedAttempt(tx, p);
    if (!succeeded) return { order };
    const complete = () =>
      orders.completeOrderWith(deps, tx, order, 'PAYMENT_RECEIVED', {
        ...(known ? { items: known.items, event: known.event } : {}),
        set: { payment_provider: p.provider },
      });
    if (order.status === 'COMPLETED') {
      // Paid twice (two attempts both went through): the second payment goes back.
      toRefund = succeeded;
      return { order };
    }
    const underpaid = p.amountCents < order.total_cents;
    if (!underpaid && order.status !== 'CANCELLED' && (await revive(deps, tx, order))) return complete();
    toRefund = succeeded;
    const cancelled = await orders.cancelForLatePayment(tx, order, p.provider);
    return { order: cancelled };
  });
  if (toRefund) return { order: await refundPayment(deps, result.order, toRefund) };
  return result;
}

/** A failed attempt: the order stays payable; a failure reported after a success changes nothing. */
export async function failPayment(deps: Deps, p: PaymentOutcome & { reason: string }): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const order = await orders.findOrderById(tx, p.accountId, p.orderId, true);
    if (!order) throw new Error(`payment ${p.ref} for unknown order ${p.orderId}`);
    if (!(await payments.failAttempt(tx, p, p.reason))) return order;
    if (order.status !== 'RESERVED') return order;
    return orders.recordPaymentFailure(tx, order, p.provider);
  });
}

/** Gives a payment back through its provider, outside any transaction (it is a network call). */
async function refundPayment(deps: Deps, order: OrderRow, payment: PaymentRow): Promise<OrderRow> {
  const event = await findEvent(deps.db, order.event_id);
  const lateOrder = order.status === 'CANCELLED';
  try {
    await paymentProvider(payment.provider).refund(deps, payment, {
      amountCents: payment.amount_cents,
      settings: event ? await paymentSettings.providerSettings(deps, event) : {},
    });
  } catch (err) {
    deps.log?.error({ err, payment: payment.provider_ref, order: order.id }, 'automatic refund failed');
    if (!lateOrder) return order;
    return orders.setRefundStatus(deps.db, order, 'REFUND_FAILED');
  }
  return deps.db.transaction(async (tx) => {
    await payments.markRefunded(tx, order.account_id, payment.id);
    if (!lateOrder) return order;
    const updated = await orders.setRefundStatus(tx, order, 'REFUNDED');
    if (event) {
      await queueRefundEmail(
        { jobs: deps.jobs, appUrl: deps.config.appUrl, tx, event, order: updated },
        payment.amount_cents,
      );
    }
    return updated;
  });
}
