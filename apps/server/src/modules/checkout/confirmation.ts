import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { AttendeeRow, EmailEvent, OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as paymentSettings from '../payment-settings/payment-settings.service.ts';
import type { PaymentRow } from '../payments/payments.service.ts';
import * as payments from '../payments/payments.service.ts';
import type { RefundRow } from '../refunds/refunds.service.ts';
import { AUTOMATIC_REFUND, issueRefund, recordAutomaticRefund } from '../refunds/refunds.service.ts';
import { findEvent } from './checkout.repository.ts';
import { holdUnits } from './checkout.service.ts';

/**
 * What a payment outcome does to an order. The server decides, whatever the browser says, and every
 * path is idempotent: the payment row (unique provider + reference) is locked with the order, and a
 * payment already SUCCEEDED or REFUNDED is not applied twice. A payment that arrives after the
 * reservation expired completes the order if the units are still there, or is refunded — never lost.
 */
type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };

/**
 * A provider's word on one attempt (the order's account scopes every write below); `fresh`: a reference
 * this server made a moment ago (the test card), written once, already SUCCEEDED, without a lookup first.
 */
export type PaymentOutcome = payments.Attempt;

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
  const result: { order: OrderRow; giveBack?: RefundRow; payment?: PaymentRow } = await deps.db.transaction(
    async (tx) => {
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
        const giveBack = await recordAutomaticRefund(tx, order, succeeded, AUTOMATIC_REFUND.duplicate);
        return { order, giveBack, payment: succeeded };
      }
      const underpaid = p.amountCents < order.total_cents;
      if (!underpaid && order.status !== 'CANCELLED' && (await revive(deps, tx, order))) return complete();
      // Too late (the units are gone) or too little: the order is cancelled and the payment goes back.
      const cancelled = await orders.cancelForLatePayment(tx, order, p.provider);
      const giveBack = await recordAutomaticRefund(tx, cancelled, succeeded, AUTOMATIC_REFUND.late);
      return { order: cancelled, giveBack, payment: succeeded };
    },
  );
  if (!result.giveBack || !result.payment) return result;
  await refundPayment(deps, result.order, result.giveBack, result.payment);
  return { order: (await orders.findOrderById(deps.db, p.accountId, p.orderId)) ?? result.order };
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

/**
 * Gives an automatic refund back through the payment's provider, outside any transaction (it is a network
 * call); the refund settles like any other (`refunds/refunds.service.ts`): refund status, log, e-mail.
 */
async function refundPayment(deps: Deps, order: OrderRow, refund: RefundRow, payment: PaymentRow) {
  const event = await findEvent(deps.db, order.event_id);
  const settings = event ? await paymentSettings.providerSettings(deps, event) : {};
  await issueRefund(deps, refund, payment, settings);
}
