import type { ManualOrderInput } from '@taquilla/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { holdUnitsForOrganizer } from '../checkout/organizer-hold.ts';
import * as payments from '../payments/payments.service.ts';
import { logActivity } from './activity.ts';
import * as afterSale from './after-sale.repository.ts';
import { ordersMessages as m } from './orders.messages.ts';
import * as repo from './orders.repository.ts';
import { completeOrder, type PendingAttendee } from './orders.service.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

/**
 * POST events/{id}/orders: a sale made by phone or at the box office, or complimentary tickets. The units
 * are taken through checkout's locked reservation (`holdUnitsForOrganizer`), so every stock limit holds;
 * the order then completes at once, flagged `is_manual` (it cannot be refunded through a provider), with
 * what was paid recorded as an offline payment. `amount_paid_cents` 0 makes the lines free.
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
  const locale = input.locale ?? requestLocale;
  const hold = await holdUnitsForOrganizer(deps, event, input.tickets, {
    complimentary: input.amount_paid_cents === 0,
    locale,
  });
  const buyer = { ...input.buyer, email: input.buyer.email.trim().toLowerCase() };
  const pending: PendingAttendee[] = input.tickets.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      order_item_id: hold.itemIds.get(line.price_id) ?? '',
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
  const complete = () =>
    deps.db.transaction(async (tx) => {
      const reserved = await repo.findOrderById(tx, hold.orderId, true);
      if (!reserved) throw new Error(`manual order ${hold.orderId} vanished`);
      const order = await repo.updateOrder(tx, reserved.id, {
        ...buyer,
        is_manual: true,
        locale,
        payment_provider: input.amount_paid_cents > 0 ? 'offline' : null,
        pending_attendees: pending as unknown as Record<string, unknown>[],
      });
      await logActivity(tx, order, 'CREATED', { userId: auth.userId, details: { manual: true } });
      if (input.amount_paid_cents > 0) {
        await payments.insertPayment(tx, {
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
  try {
    return await complete();
  } catch (err) {
    // The held units go back at once rather than when the reservation would have expired.
    await repo.updateOrder(deps.db, hold.orderId, { status: 'ABANDONED' });
    throw err;
  }
}
