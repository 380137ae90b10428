import type {
  ManualOrderInput,
  ManualOrderPrice,
  ManualOrderPriceInput,
} from '@taquilla/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { moneyParam } from '../../lib/i18n.ts';
import { newShortId } from '../../lib/ids.ts';
import * as audit from '../audit/audit.service.ts';
import { holdRefusal, holdUnits, priceOrder } from '../checkout/checkout.service.ts';
import { logActivity } from '../orders/activity.ts';
import { ordersMessages as m } from '../orders/orders.messages.ts';
import {
  completeOrder,
  lockEventOrder,
  type PendingAttendee,
  recordManualSale,
} from '../orders/orders.service.ts';
import { recordOfflinePayment } from '../payments/payments.service.ts';
import * as afterSale from './after-sale.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

const FREE = { unit_price_cents: 0, unit_discount_cents: 0, taxes_cents: 0, fees_cents: 0, total_cents: 0 };

/** What the box office took: the amount given, 0 for complimentary tickets; one of the two must be said. */
function amountPaid(input: ManualOrderInput): number {
  if (input.complimentary) {
    if (input.amount_paid_cents) {
      throw invalid({ amount_paid_cents: m['orders.complimentary_with_amount'] });
    }
    return 0;
  }
  if (input.amount_paid_cents === undefined) {
    throw invalid({ amount_paid_cents: m['orders.amount_or_complimentary'] });
  }
  return input.amount_paid_cents;
}

/** POST events/{id}/orders/price: what a manual order's tickets cost (the amount the form suggests). */
export async function priceManualOrder(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  input: ManualOrderPriceInput,
): Promise<ManualOrderPrice> {
  assertCan(auth, 'orders:manage');
  if (!(await afterSale.findAccountEvent(deps.db, auth.accountId, eventId))) throw notFound();
  const priced = await priceOrder(deps, eventId, input, { byOrganizer: true });
  return { total_cents: priced.order.total_cents, currency: priced.order.currency };
}

/**
 * POST events/{id}/orders: a sale made by phone or at the box office, or complimentary tickets. Priced by
 * checkout (`priceOrder`, byOrganizer: any ticket of the event) and held through its one entry point
 * (`holdUnits`, byOrganizer: stock limits hold, the buyer's rules — hidden tickets, sale windows, min/max —
 * do not), completed in the same transaction and flagged `is_manual` (it cannot be refunded through a
 * provider); what was paid is recorded as an offline payment. `complimentary` (or `amount_paid_cents` 0)
 * makes the lines free; without either the order is refused, never made free by omission.
 */
export async function createManualOrder(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  input: ManualOrderInput,
  requestLocale: string,
) {
  assertCan(auth, 'orders:manage');
  const event = await afterSale.findAccountEvent(deps.db, auth.accountId, eventId);
  if (!event) throw notFound();
  const units = input.tickets.reduce((n, l) => n + l.quantity, 0);
  if (input.attendees && input.attendees.length !== units) {
    throw invalid({ attendees: { key: m['orders.attendee_count'], params: { count: units } } });
  }
  const paid = amountPaid(input);
  const priced = await priceOrder(
    deps,
    eventId,
    { tickets: input.tickets, event_date_id: input.event_date_id },
    { byOrganizer: true },
  );
  // What the buyer paid is recorded as a payment: never more than the order costs (a typo such as
  // 25000 for 25,00 € would otherwise stand as money taken).
  if (paid > priced.order.total_cents) {
    throw invalid({
      amount_paid_cents: {
        key: m['orders.paid_exceeds_total'],
        params: { total: moneyParam(priced.order.total_cents, priced.order.currency) },
      },
    });
  }
  const complimentary = paid === 0;
  const lines = complimentary
    ? priced.lines.map((l) => ({ ...l, ...FREE, taxes_and_fees: [] }))
    : priced.lines;
  const totals = complimentary ? { ...FREE, subtotal_cents: 0 } : {};
  const locale = input.locale ?? requestLocale;
  const buyer = { ...input.buyer, email: input.buyer.email.trim().toLowerCase() };

  return deps.db.transaction(async (tx) => {
    const held = await holdUnits(
      deps,
      {
        order: { ...priced.order, ...totals, short_id: newShortId('o'), locale },
        lines,
        status: 'COMPLETED',
        byOrganizer: true,
      },
      tx,
    );
    if ('problem' in held) throw holdRefusal(held, input, priced.tickets);
    const pending: PendingAttendee[] = input.tickets.flatMap((line) =>
      Array.from({ length: line.quantity }, () => ({
        order_item_id: held.itemIds.get(line.price_id) ?? '',
        ticket_id: line.ticket_id,
        price_id: line.price_id,
        ...buyer,
        answers: {},
      })),
    );
    input.attendees?.forEach((a, i) => {
      const unit = pending[i];
      if (unit) Object.assign(unit, { ...a, email: a.email.trim().toLowerCase() });
    });
    const written = await lockEventOrder(tx, auth.accountId, eventId, held.orderId);
    const order = await recordManualSale(tx, written, {
      ...buyer,
      payment_provider: paid > 0 ? 'offline' : null,
      pending_attendees: pending as unknown as Record<string, unknown>[],
    });
    await logActivity(tx, order, 'CREATED', { userId: auth.userId, details: { manual: true } });
    await audit.record(tx, {
      action: 'order.created_manually',
      ...audit.aboutOrder(order),
      changes: {
        email: { after: buyer.email },
        total_cents: { after: order.total_cents },
        amount_paid_cents: { after: paid },
      },
    });
    if (paid > 0) {
      await recordOfflinePayment(tx, order, paid, `manual_${order.short_id}`);
    }
    return completeOrder(deps, tx, order, paid > 0 ? 'PAYMENT_RECEIVED' : 'NO_PAYMENT_REQUIRED', {
      sendEmails: input.send_emails,
      userId: auth.userId,
    });
  });
}
