import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { newShortId } from '../../lib/ids.ts';
import { waitlistUnitsFreed } from '../../lib/units-freed.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { holdRefusal, holdUnits, priceOrder } from '../checkout/checkout.service.ts';
import {
  cancelAttendeeRefusal,
  isSold,
  reactivateAttendeeRefusal,
} from '../order-lifecycle/order-lifecycle.ts';
import { logActivity } from '../orders/activity.ts';
import { lockEventOrder } from '../orders/orders.service.ts';
import * as afterSale from './after-sale.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

async function findAttendee(deps: Deps, auth: AuthContext, eventId: string, attendeeId: string) {
  assertCan(auth, 'orders:manage');
  const attendee = await afterSale.findAccountAttendee(deps.db, auth.accountId, eventId, attendeeId);
  if (!attendee) throw notFound();
  return attendee;
}

/**
 * Cancels one attendee: their QR code stops opening the door and their unit goes back on sale at once
 * (their order line holds one unit fewer; what was paid stays as it was — refund it separately).
 */
export async function cancelAttendee(deps: Deps, auth: AuthContext, eventId: string, attendeeId: string) {
  const found = await findAttendee(deps, auth, eventId, attendeeId);
  await deps.db.transaction(async (tx) => {
    const order = await lockEventOrder(tx, auth.accountId, eventId, found.order_id);
    const attendee = await afterSale.findAccountAttendee(tx, auth.accountId, eventId, attendeeId, true);
    if (!attendee) throw notFound();
    const refusal = cancelAttendeeRefusal(attendee);
    if (refusal) throw conflict(refusal);
    await afterSale.setAttendeeStatus(tx, auth.accountId, attendee.id, 'CANCELLED');
    if (isSold(order)) {
      await afterSale.addItemUnits(tx, attendee.order_id, attendee.order_item_id, -1);
      await waitlistUnitsFreed(deps.jobs, [attendee.ticket_id], tx);
    }
    await emitWebhook(
      deps.jobs,
      'attendee.cancelled',
      { accountId: auth.accountId, eventId, ids: [attendee.id] },
      tx,
    );
    await logActivity(tx, order, 'ATTENDEE_CANCELLED', {
      userId: auth.userId,
      details: { attendee: `${attendee.first_name} ${attendee.last_name}`.trim() },
    });
  });
}

/**
 * Gives a cancelled attendee their place back, if there still is one: in one transaction, a one-unit hold
 * through checkout's entry point (`holdUnits`, under the stock locks), whose unit then moves onto the
 * attendee's own order line — so the units held never go over a limit.
 */
export async function reactivateAttendee(deps: Deps, auth: AuthContext, eventId: string, attendeeId: string) {
  const found = await findAttendee(deps, auth, eventId, attendeeId);
  const early = reactivateAttendeeRefusal(found);
  if (early) throw conflict(early);
  const line = { ticket_id: found.ticket_id, price_id: found.price_id, quantity: 1 };
  const priced = await priceOrder(deps, eventId, { tickets: [line] }, { byOrganizer: true });
  await deps.db.transaction(async (tx) => {
    const order = await lockEventOrder(tx, auth.accountId, eventId, found.order_id);
    const attendee = await afterSale.findAccountAttendee(tx, auth.accountId, eventId, attendeeId, true);
    if (!attendee) throw notFound();
    const refusal = reactivateAttendeeRefusal(attendee, order);
    if (refusal) throw conflict(refusal);
    const held = await holdUnits(
      deps,
      {
        order: { ...priced.order, short_id: newShortId('o'), locale: order.locale },
        lines: priced.lines,
        status: 'RESERVED',
        holdMinutes: 1,
        byOrganizer: true,
      },
      tx,
    );
    if ('problem' in held) throw holdRefusal(held, { tickets: [line] }, priced.tickets);
    await afterSale.deleteOrder(tx, auth.accountId, held.orderId);
    await afterSale.addItemUnits(tx, attendee.order_id, attendee.order_item_id, 1);
    await afterSale.setAttendeeStatus(
      tx,
      auth.accountId,
      attendee.id,
      order.status === 'COMPLETED' ? 'ACTIVE' : 'AWAITING_PAYMENT',
    );
    await emitWebhook(
      deps.jobs,
      'attendee.updated',
      { accountId: auth.accountId, eventId, ids: [attendee.id] },
      tx,
    );
    await logActivity(tx, order, 'ATTENDEE_REACTIVATED', {
      userId: auth.userId,
      details: { attendee: `${attendee.first_name} ${attendee.last_name}`.trim() },
    });
  });
}
