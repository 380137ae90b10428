import { calendarDay } from '@taquilla/shared/dates';
import type { EventSalesStats } from '@taquilla/shared/schemas/events';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid } from '../../lib/errors.ts';
import {
  ADMITTED_ATTENDEE,
  AWAITING_PAYMENT_ORDERS,
  COMPLETED_ORDERS,
  REFUNDED_MONEY,
} from '../order-lifecycle/order-lifecycle.ts';
import { revenue } from '../order-lifecycle/order-money.ts';
import { eventMessages } from './events.messages.ts';
import { getEventRow } from './events.service.ts';
import * as repo from './events.stats.repository.ts';

export const STATS_DAYS = 14;

const n = (v: unknown) => Number(v ?? 0);

/** Day keys ("2026-11-22") of the last `days` days up to today in `timeZone`, oldest first. */
export function lastDays(timeZone: string, days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, i) =>
    calendarDay(new Date(now.getTime() - (days - 1 - i) * 86_400_000), timeZone),
  );
}

/**
 * The dashboard figures of one event of the caller's account, in four grouped queries: sales are
 * completed orders, less what was refunded of them (gross, refunded, net); attendees are the ACTIVE ones,
 * and orders awaiting an offline payment are shown apart. With `dateId` (a date of the event), only that
 * date's orders and attendees.
 */
export async function salesStats(
  deps: DbDeps,
  auth: AuthContext,
  eventId: string,
  dateId?: string,
): Promise<EventSalesStats> {
  assertCan(auth, 'reports:read');
  const event = await getEventRow(deps, auth, eventId);
  if (dateId && !(await repo.isDateOfEvent(deps.db, auth.accountId, event.id, dateId))) {
    throw invalid({ event_date_id: eventMessages['events.stats_unknown_date'] });
  }
  const days = lastDays(event.timezone, STATS_DAYS);
  const [t, a, daily, tickets] = await Promise.all([
    repo.orderTotals(deps.db, event.id, COMPLETED_ORDERS, REFUNDED_MONEY, ADMITTED_ATTENDEE, dateId),
    repo.orderCount(deps.db, event.id, AWAITING_PAYMENT_ORDERS, dateId),
    repo.dailyOrders(deps.db, event.id, COMPLETED_ORDERS, REFUNDED_MONEY, event.timezone, STATS_DAYS, dateId),
    repo.ticketSales(deps.db, event.id, COMPLETED_ORDERS, dateId),
  ]);
  const byDay = new Map(daily.map((r) => [String(r.day), r]));
  return {
    currency: event.currency,
    timezone: event.timezone,
    totals: {
      orders_count: n(t.orders_count),
      tickets_sold: n(t.tickets),
      gross_cents: n(t.gross),
      ...revenue(t.gross, t.refunded),
      discount_cents: n(t.discount),
      taxes_cents: n(t.taxes),
      fees_cents: n(t.fees),
      attendees_count: n(t.attendees),
    },
    awaiting_payment: { orders_count: n(a.orders_count), total_cents: n(a.total) },
    daily: days.map((date) => {
      const r = byDay.get(date);
      return {
        date,
        orders_count: n(r?.orders_count),
        tickets_sold: n(r?.tickets),
        gross_cents: n(r?.gross),
        ...revenue(r?.gross, r?.refunded),
      };
    }),
    tickets: tickets.map((r) => ({
      ticket_id: String(r.id),
      name: String(r.name),
      tickets_sold: n(r.tickets),
      gross_cents: n(r.gross),
    })),
  };
}
