import type { CancelDateInput } from '@taquilla/shared/schemas/event-dates';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { markCancelled } from '../event-dates/event-dates.service.ts';
import { lockEventOrder, orderMoney } from '../orders/orders.service.ts';
import { providerSettings } from '../payment-settings/payment-settings.service.ts';
import { issueRefund, openRefund } from '../refunds/refunds.service.ts';
import * as afterSale from './after-sale.repository.ts';
import { cancelOrderUnits } from './cancellation.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };

export const CANCEL_DATE_ORDERS_JOB = 'event_dates.cancel_orders';

interface CancelDateJob {
  accountId: string;
  eventId: string;
  dateId: string;
  userId: string;
  refund: boolean;
  notify: boolean;
}

/**
 * POST events/{id}/dates/{dateId}/cancel: the date stops selling at once, and a job cancels its orders
 * (refunding what each paid through the provider that took it, when asked), each order in its own
 * transaction. Asked again, or retried after a crash, it takes up only the orders still standing.
 */
export async function cancelDate(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  dateId: string,
  input: CancelDateInput,
) {
  assertCan(auth, input.refund ? 'orders:refund' : 'orders:manage');
  return deps.db.transaction(async (tx) => {
    const date = await markCancelled(tx, auth, eventId, dateId);
    // A payment still arriving for one of them is re-checked against the cancelled date and given back.
    await afterSale.abandonReservationsOfDate(tx, auth.accountId, dateId);
    const standing = await afterSale.standingOrdersOfDate(tx, auth.accountId, dateId);
    const job: CancelDateJob = {
      accountId: auth.accountId,
      eventId,
      dateId,
      userId: auth.userId,
      refund: input.refund,
      notify: input.notify_buyers,
    };
    if (standing.length) {
      await deps.jobs.enqueue(
        CANCEL_DATE_ORDERS_JOB,
        { ...job },
        { tx, singletonKey: `cancel-date.${dateId}` },
      );
    }
    return { date, orders: standing.length };
  });
}

/** The job: every standing order of the date, one at a time. */
export async function cancelDateOrders(deps: Deps, job: CancelDateJob) {
  const event = await afterSale.findAccountEvent(deps.db, job.accountId, job.eventId);
  if (!event) return;
  const settings = await providerSettings(deps, event);
  for (const orderId of await afterSale.standingOrdersOfDate(deps.db, job.accountId, job.dateId)) {
    const refund = await deps.db.transaction(async (tx) => {
      const order = await lockEventOrder(tx, job.accountId, job.eventId, orderId);
      if (order.status !== 'COMPLETED' && order.status !== 'AWAITING_OFFLINE_PAYMENT') return null;
      const money = await orderMoney(tx, order);
      const owed = money.paidCents - money.refundedCents;
      let opened = null;
      if (job.refund && owed > 0) {
        // A refund the rules refuse (a manual order, one already pending) leaves the order to cancel.
        opened = await tx
          .transaction((sp) =>
            openRefund(
              sp,
              order,
              { amount_cents: owed, cancel_order: true, notify_buyer: false },
              job.userId,
            ),
          )
          .catch((err) => {
            if (err instanceof AppError) return null;
            throw err;
          });
      }
      // The order's activity log names the organizer who cancelled the date.
      await cancelOrderUnits(deps, tx, order, { userId: job.userId, notifyBuyer: job.notify });
      return opened;
    });
    if (refund) await issueRefund(deps, refund.row, refund.payment, settings);
  }
}

export function registerCancelDateJob(deps: Deps) {
  deps.jobs.register(CANCEL_DATE_ORDERS_JOB, (payload) =>
    cancelDateOrders(deps, payload as unknown as CancelDateJob),
  );
}
