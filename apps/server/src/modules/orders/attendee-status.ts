import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { holdUnitsForOrganizer } from '../checkout/organizer-hold.ts';
import { logActivity } from './activity.ts';
import * as afterSale from './after-sale.repository.ts';
import { ordersMessages as m } from './orders.messages.ts';
import * as repo from './orders.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

const holdsUnits = (status: string) => status === 'COMPLETED' || status === 'AWAITING_OFFLINE_PAYMENT';

async function findAttendee(deps: Deps, auth: AuthContext, eventId: string, attendeeId: string) {
  assertCan(auth, 'events:manage');
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
    const order = await repo.findAccountOrder(tx, auth.accountId, eventId, found.order_id, true);
    const attendee = await afterSale.findAccountAttendee(tx, auth.accountId, eventId, attendeeId, true);
    if (!order || !attendee) throw notFound();
    if (attendee.status === 'CANCELLED') throw conflict(m['orders.attendee_already_cancelled']);
    await afterSale.setAttendeeStatus(tx, attendee.id, 'CANCELLED');
    if (holdsUnits(order.status)) await afterSale.addItemUnits(tx, attendee.order_item_id, -1);
    await logActivity(tx, order, 'ATTENDEE_CANCELLED', {
      userId: auth.userId,
      details: { attendee: `${attendee.first_name} ${attendee.last_name}`.trim() },
    });
  });
}

/**
 * Gives a cancelled attendee their place back, if there still is one: the unit is taken through checkout's
 * locked reservation (a one-unit order held for a moment), then moved onto the attendee's own order line
 * in one transaction, so capacity is never exceeded.
 */
export async function reactivateAttendee(deps: Deps, auth: AuthContext, eventId: string, attendeeId: string) {
  const found = await findAttendee(deps, auth, eventId, attendeeId);
  if (found.status !== 'CANCELLED') throw conflict(m['orders.attendee_not_cancelled']);
  const event = await afterSale.findAccountEvent(deps.db, auth.accountId, eventId);
  const current = await repo.findAccountOrder(deps.db, auth.accountId, eventId, found.order_id);
  if (!event || !current) throw notFound();
  if (!holdsUnits(current.status)) throw conflict(m['orders.attendee_order_not_active']);
  const hold = await holdUnitsForOrganizer(
    deps,
    event,
    [{ ticket_id: found.ticket_id, price_id: found.price_id, quantity: 1 }],
    { complimentary: true, locale: current.locale },
  );
  try {
    await deps.db.transaction(async (tx) => {
      const order = await repo.findAccountOrder(tx, auth.accountId, eventId, found.order_id, true);
      const attendee = await afterSale.findAccountAttendee(tx, auth.accountId, eventId, attendeeId, true);
      if (!order || !attendee) throw notFound();
      if (!holdsUnits(order.status)) throw conflict(m['orders.attendee_order_not_active']);
      if (attendee.status !== 'CANCELLED') throw conflict(m['orders.attendee_not_cancelled']);
      // The held unit moves onto the attendee's line: the count of units held never goes over a limit.
      await afterSale.deleteOrder(tx, hold.orderId);
      await afterSale.addItemUnits(tx, attendee.order_item_id, 1);
      await afterSale.setAttendeeStatus(
        tx,
        attendee.id,
        order.status === 'COMPLETED' ? 'ACTIVE' : 'AWAITING_PAYMENT',
      );
      await logActivity(tx, order, 'ATTENDEE_REACTIVATED', {
        userId: auth.userId,
        details: { attendee: `${attendee.first_name} ${attendee.last_name}`.trim() },
      });
    });
  } catch (err) {
    await repo.updateOrder(deps.db, hold.orderId, { status: 'ABANDONED' });
    throw err;
  }
}
