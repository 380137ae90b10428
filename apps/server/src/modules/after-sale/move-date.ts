import type { MoveDateInput } from '@taquilla/shared/schemas/event-dates';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { newShortId } from '../../lib/ids.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { holdUnits, priceOrder } from '../checkout/checkout.service.ts';
import { markMoved } from '../event-dates/event-dates.service.ts';
import { logActivity } from '../orders/activity.ts';
import { queueDateChangedEmail } from '../orders/order-emails.ts';
import { lockEventOrder, orderEmailEvent } from '../orders/orders.service.ts';
import * as afterSale from './after-sale.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };

export const MOVE_DATE_ORDERS_JOB = 'event_dates.move_orders';

interface MoveDateJob {
  accountId: string;
  eventId: string;
  dateId: string;
  toDateId: string;
  userId: string;
  notify: boolean;
}

/**
 * POST events/{id}/dates/{dateId}/move: the date is cancelled at once (reservations still open on it are
 * given up), and a job moves each standing order to the other date in a transaction of its own. Asked
 * again, or retried after a crash, it takes up only the orders still on the date.
 */
export async function moveDate(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  dateId: string,
  input: MoveDateInput,
) {
  assertCan(auth, 'orders:manage');
  return deps.db.transaction(async (tx) => {
    const { date } = await markMoved(tx, auth, eventId, dateId, input.to_event_date_id);
    await afterSale.abandonReservationsOfDate(tx, auth.accountId, dateId);
    const standing = await afterSale.standingOrdersOfDate(tx, auth.accountId, dateId);
    if (standing.length) {
      const job: MoveDateJob = {
        accountId: auth.accountId,
        eventId,
        dateId,
        toDateId: input.to_event_date_id,
        userId: auth.userId,
        notify: input.notify_buyers,
      };
      await deps.jobs.enqueue(MOVE_DATE_ORDERS_JOB, { ...job }, { tx, singletonKey: `move-date.${dateId}` });
    }
    return { date, orders: standing.length };
  });
}

/** Thrown inside an order's transaction when the new date has no room for it: the order stays where it was. */
class NoRoom extends Error {}

/** The job: every standing order of the date, one at a time; one that does not fit stays on the old date. */
export async function moveDateOrders(deps: Deps, job: MoveDateJob) {
  for (const orderId of await afterSale.standingOrdersOfDate(deps.db, job.accountId, job.dateId)) {
    const lines = await afterSale.soldLinesOfOrder(deps.db, orderId);
    // Priced as the organizer would sell them on the new date (checks the date is the event's and open to
    // the box office); the price stays the one the buyer paid.
    const priced = await priceOrder(
      deps,
      job.eventId,
      { tickets: lines, event_date_id: job.toDateId },
      { byOrganizer: true },
    ).catch((err) => {
      if (err instanceof AppError) return null;
      throw err;
    });
    if (!priced) {
      deps.log?.warn({ orderId, toDateId: job.toDateId }, 'order not moved: its tickets no longer sell');
      continue;
    }
    await deps.db
      .transaction(async (tx) => {
        const order = await lockEventOrder(tx, job.accountId, job.eventId, orderId);
        if (order.event_date_id !== job.dateId) return;
        if (order.status !== 'COMPLETED' && order.status !== 'AWAITING_OFFLINE_PAYMENT') return;
        // The order's own units stop counting, then the new date's are held through the one locked path
        // (a reservation the transaction deletes again): nothing is counted twice, nothing oversold.
        const kept = await afterSale.releaseOrderUnits(tx, orderId);
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
        if ('problem' in held) throw new NoRoom();
        await afterSale.deleteOrder(tx, job.accountId, held.orderId);
        await afterSale.restoreOrderUnits(tx, kept);
        await afterSale.moveOrderToDate(tx, orderId, job.toDateId);
        await logActivity(tx, order, 'DATE_CHANGED', {
          userId: job.userId,
          details: { from: job.dateId, to: job.toDateId },
        });
        await emitWebhook(
          deps.jobs,
          'order.updated',
          { accountId: job.accountId, eventId: job.eventId, ids: [orderId] },
          tx,
        );
        if (job.notify && order.email) {
          const moved = { ...order, event_date_id: job.toDateId };
          await queueDateChangedEmail(
            {
              jobs: deps.jobs,
              appUrl: deps.config.appUrl,
              tx,
              event: await orderEmailEvent(tx, moved),
              order: moved,
              userId: job.userId,
            },
            job.dateId,
          );
        }
      })
      .catch((err) => {
        if (!(err instanceof NoRoom)) throw err;
        deps.log?.warn({ orderId, toDateId: job.toDateId }, 'order not moved: the new date has no room');
      });
  }
}

export function registerMoveDateJob(deps: Deps) {
  deps.jobs.register(MOVE_DATE_ORDERS_JOB, (payload) =>
    moveDateOrders(deps, payload as unknown as MoveDateJob),
  );
}
