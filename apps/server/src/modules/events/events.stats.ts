import type { EventSalesStats } from '@taquilla/shared/schemas/events';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { one } from '../../lib/rows.ts';

export const STATS_DAYS = 14;

const n = (v: unknown) => Number(v ?? 0);

/** Day keys ("2026-11-22") of the last `days` days up to today in `timeZone`, oldest first. */
export function lastDays(timeZone: string, days: number, now = new Date()): string[] {
  const key = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone }).format(d);
  return Array.from({ length: days }, (_, i) => key(new Date(now.getTime() - (days - 1 - i) * 86_400_000)));
}

/** The dashboard figures of one event, in four grouped queries. Call after checking the caller owns it. */
export async function salesStats(
  q: Queryable,
  event: { id: string; currency: string; timezone: string },
): Promise<EventSalesStats> {
  const days = lastDays(event.timezone, STATS_DAYS);
  const [totals, awaiting, daily, tickets] = await Promise.all([
    q.execute(sql`
      select count(*)::int as orders_count,
        coalesce(sum(o.total_cents), 0)::bigint as gross, coalesce(sum(o.discount_cents), 0)::bigint as discount,
        coalesce(sum(o.taxes_cents), 0)::bigint as taxes, coalesce(sum(o.fees_cents), 0)::bigint as fees,
        coalesce(sum((select sum(oi.quantity) from order_items oi where oi.order_id = o.id)), 0)::bigint as tickets,
        (select count(*) from attendees a where a.event_id = ${event.id}::uuid and a.status = 'ACTIVE')::int as attendees
      from orders o where o.event_id = ${event.id}::uuid and o.status = 'COMPLETED'`),
    q.execute(sql`
      select count(*)::int as orders_count, coalesce(sum(total_cents), 0)::bigint as total
      from orders where event_id = ${event.id}::uuid and status = 'AWAITING_OFFLINE_PAYMENT'`),
    q.execute(sql`
      select to_char(o.completed_at at time zone ${event.timezone}, 'YYYY-MM-DD') as day, count(*)::int as orders_count,
        coalesce(sum(o.total_cents), 0)::bigint as gross,
        coalesce(sum((select sum(oi.quantity) from order_items oi where oi.order_id = o.id)), 0)::bigint as tickets
      from orders o
      where o.event_id = ${event.id}::uuid and o.status = 'COMPLETED'
        and o.completed_at >= now() - make_interval(days => ${STATS_DAYS + 1})
      group by 1`),
    q.execute(sql`
      select t.id, t.name, coalesce(sum(oi.quantity), 0)::bigint as tickets, coalesce(sum(oi.total_cents), 0)::bigint as gross
      from tickets t
      left join order_items oi on oi.ticket_id = t.id
        and exists (select 1 from orders o where o.id = oi.order_id and o.status = 'COMPLETED')
      where t.event_id = ${event.id}::uuid and t.deleted_at is null
      group by t.id, t.name, t.sort_order
      order by t.sort_order, t.name`),
  ]);
  const t = one(rowsOf<Record<string, unknown>>(totals));
  const a = one(rowsOf<Record<string, unknown>>(awaiting));
  const byDay = new Map(rowsOf<Record<string, unknown>>(daily).map((r) => [String(r.day), r]));
  return {
    currency: event.currency,
    timezone: event.timezone,
    totals: {
      orders_count: n(t.orders_count),
      tickets_sold: n(t.tickets),
      gross_cents: n(t.gross),
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
      };
    }),
    tickets: rowsOf<Record<string, unknown>>(tickets).map((r) => ({
      ticket_id: String(r.id),
      name: String(r.name),
      tickets_sold: n(r.tickets),
      gross_cents: n(r.gross),
    })),
  };
}
