import type { ManualOrderInput } from '@taquilla/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { moneyParam } from '../../lib/i18n.ts';
import { newShortId } from '../../lib/ids.ts';
import { holdRefusal, holdUnits, priceOrder } from '../checkout/checkout.service.ts';
import { insertPayment } from '../payments/payments.service.ts';
import { logActivity } from './activity.ts';
import * as afterSale from './after-sale.repository.ts';
import { ordersMessages as m } from './orders.messages.ts';
import * as repo from './orders.repository.ts';
import { completeOrder, type PendingAttendee } from './orders.service.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

const FREE = { unit_price_cents: 0, unit_discount_cents: 0, taxes_cents: 0, fees_cents: 0, total_cents: 0 };

/**
 * POST events/{id}/orders: a sale made by phone or at the box office, or complimentary tickets. Priced by
 * checkout (`priceOrder`, byOrganizer: any ticket of the event) and held through its one entry point
 * (`holdUnits`, byOrganizer: stock limits hold, the buyer's rules — hidden tickets, sale windows, min/max —
 * do not), completed in the same transaction and flagged `is_manual` (it cannot be refunded through a
 * provider); what was paid is recorded as an offline payment. `amount_paid_cents` 0 makes the lines free.
 */
export async function createManualOrder(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  input: ManualOrderInput,
  requestLocale: string,
) {
  assertCan(auth, 'events:manage');
  const event = await afterSale.findAccountEvent(deps.db, auth.accountId, eventId);
  if (!event) throw notFound();
  const units = input.tickets.reduce((n, l) => n + l.quantity, 0);
  if (input.attendees && input.attendees.length !== units) {
    throw invalid({ attendees: { key: m['orders.attendee_count'], params: { count: units } } });
  }
  const priced = await priceOrder(deps, eventId, { tickets: input.tickets }, { byOrganizer: true });
  // What the buyer paid is recorded as a payment: never more than the order costs (a typo such as
  // 25000 for 25,00 € would otherwise stand as money taken).
  if (input.amount_paid_cents > priced.order.total_cents) {
    throw invalid({
      amount_paid_cents: {
        key: m['orders.paid_exceeds_total'],
        params: { total: moneyParam(priced.order.total_cents, priced.order.currency) },
      },
    });
  }
  const complimentary = input.amount_paid_cents === 0;
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
    const written = await repo.findAccountOrder(tx, auth.accountId, eventId, held.orderId, true);
    if (!written) throw new Error(`manual order ${held.orderId} not written`);
    const order = await repo.updateOrder(tx, written, {
      ...buyer,
      is_manual: true,
      payment_provider: input.amount_paid_cents > 0 ? 'offline' : null,
      pending_attendees: pending as unknown as Record<string, unknown>[],
    });
    await logActivity(tx, order, 'CREATED', { userId: auth.userId, details: { manual: true } });
    if (input.amount_paid_cents > 0) {
      await insertPayment(tx, {
        order_id: order.id,
        provider: 'offline',
        provider_ref: `manual_${order.short_id}`,
        status: 'SUCCEEDED',
        amount_cents: input.amount_paid_cents,
        currency: order.currency,
      });
    }
    return completeOrder(
      deps,
      tx,
      order,
      input.amount_paid_cents > 0 ? 'PAYMENT_RECEIVED' : 'NO_PAYMENT_REQUIRED',
      { sendEmails: input.send_emails, userId: auth.userId },
    );
  });
}
