import type { AttendeeStatus, OrderStatus } from '@taquilla/shared';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { one } from '../../lib/rows.ts';
import type { RefundRowStatus } from '../order-lifecycle/order-lifecycle.ts';
import { moneyRows, moneySums, refundedOf } from '../order-lifecycle/order-money.ts';

type Row = Record<string, unknown>;

/** The dashboard of one date: its orders (`o`) and attendees (`a`) only; no date, the whole event. */
const ofDate = (alias: 'o' | 'a', dateId: string | undefined) =>
  dateId ? sql` and ${sql.raw(alias)}.event_date_id = ${dateId}::uuid` : sql``;

/** Whether `dateId` is a date of this event of the account (the dashboard's date filter). */
export async function isDateOfEvent(q: Queryable, accountId: string, eventId: string, dateId: string) {
  const rows = rowsOf<Row>(
    await q.execute(sql`
      select 1 from event_dates
      where id = ${dateId}::uuid and event_id = ${eventId}::uuid and account_id = ${accountId}::uuid`),
  );
  return rows.length > 0;
}

/** Totals of the event's orders in `statuses` (less their refunds in `refunds`), and its attendees in `attendeeStatus`. */
export async function orderTotals(
  q: Queryable,
  eventId: string,
  statuses: readonly OrderStatus[],
  refunds: readonly RefundRowStatus[],
  attendeeStatus: AttendeeStatus,
  dateId?: string,
) {
  return one(
    rowsOf<Row>(
      await q.execute(sql`
      select count(*)::int as orders_count,
        coalesce(sum(o.total_cents), 0)::bigint as gross, coalesce(sum(o.discount_cents), 0)::bigint as discount,
        coalesce(sum(o.taxes_cents), 0)::bigint as taxes, coalesce(sum(o.fees_cents), 0)::bigint as fees,
        coalesce(sum(${refundedOf(sql`o.id`, refunds)}), 0)::bigint as refunded,
        coalesce(sum((select sum(oi.quantity) from order_items oi where oi.order_id = o.id)), 0)::bigint as tickets,
        (select count(*) from attendees a where a.event_id = ${eventId}::uuid and a.status = ${attendeeStatus}${ofDate('a', dateId)})::int as attendees
      from orders o where o.event_id = ${eventId}::uuid and o.status in ${statuses}${ofDate('o', dateId)}`),
    ),
  );
}

/** How many of the event's orders are in `statuses`, and their total. */
export async function orderCount(
  q: Queryable,
  eventId: string,
  statuses: readonly OrderStatus[],
  dateId?: string,
) {
  return one(
    rowsOf<Row>(
      await q.execute(sql`
      select count(*)::int as orders_count, coalesce(sum(o.total_cents), 0)::bigint as total
      from orders o where o.event_id = ${eventId}::uuid and o.status in ${statuses}${ofDate('o', dateId)}`),
    ),
  );
}

/**
 * The event's sales (orders in `statuses`) made and refunds (in `refunds`) given in the last `days` (+1)
 * days, per day in `timezone`: a sale counts on the day it completed, a refund on the day it was made.
 */
export async function dailyOrders(
  q: Queryable,
  eventId: string,
  statuses: readonly OrderStatus[],
  refunds: readonly RefundRowStatus[],
  timezone: string,
  days: number,
  dateId?: string,
) {
  return rowsOf<Row>(
    await q.execute(sql`
      select to_char(m.at at time zone ${timezone}, 'YYYY-MM-DD') as day, ${moneySums}
      from ${moneyRows(sql`o.event_id = ${eventId}::uuid${ofDate('o', dateId)}`, statuses, refunds)} m
      where m.at >= now() - make_interval(days => ${days + 1})
      group by 1`),
  );
}

/** Every live ticket of the event with the units and money of its lines in orders in `statuses`. */
export async function ticketSales(
  q: Queryable,
  eventId: string,
  statuses: readonly OrderStatus[],
  dateId?: string,
) {
  return rowsOf<Row>(
    await q.execute(sql`
      select t.id, t.name, coalesce(sum(oi.quantity), 0)::bigint as tickets, coalesce(sum(oi.total_cents), 0)::bigint as gross
      from tickets t
      left join order_items oi on oi.ticket_id = t.id
        and exists (select 1 from orders o where o.id = oi.order_id and o.status in ${statuses}${ofDate('o', dateId)})
      where t.event_id = ${eventId}::uuid and t.deleted_at is null
      group by t.id, t.name, t.sort_order
      order by t.sort_order, t.name`),
  );
}
