import type { OrderStatus } from '@taquilla/shared';
import type { Revenue } from '@taquilla/shared/schemas/revenue';
import { type SQL, sql } from 'drizzle-orm';
import { REFUNDS_OUTSIDE_SALES, type RefundRowStatus } from './order-lifecycle.ts';

/**
 * The SQL every money figure is summed from, so that refunds are subtracted wherever money is: gross is
 * what buyers paid for the orders that count, refunded what went back to them of those orders, and net
 * the difference. Which orders and refunds count is the caller's rule (order-lifecycle.ts).
 */

/** Refunds `r` of a sale's money (not the return of a second payment: REFUNDS_OUTSIDE_SALES). */
const ofTheSale = sql`(r.reason is null or r.reason not in ${REFUNDS_OUTSIDE_SALES})`;

/** What was given back of the order `orderId` (an expression over the outer query): its refunds in `refunds`. */
export const refundedOf = (orderId: SQL, refunds: readonly RefundRowStatus[]) =>
  sql`(select coalesce(sum(r.amount_cents), 0) from order_refunds r where r.order_id = ${orderId} and r.status in ${refunds} and ${ofTheSale})`;

/**
 * The money of the orders `o` matching `where` (an expression over `o`) in `statuses`, as rows to sum:
 * one per order (`at` its completion, `gross` its total, `orders` 1, `tickets` its units, and the
 * `discount`, `taxes` and `fees` inside its total) and one per refund of it in `refunds` (`at` when it was
 * made, `refunded` its amount). Grouped by day of `at`, a refund subtracts on the day it was made, not on
 * the day of the sale. Columns: order_id, event_id, affiliate_id, promo_code, payment_provider, currency,
 * at, orders, tickets, gross, discount, taxes, fees, refunded.
 */
export const moneyRows = (
  where: SQL,
  statuses: readonly OrderStatus[],
  refunds: readonly RefundRowStatus[],
) => sql`(
  select o.id as order_id, o.event_id, o.affiliate_id, o.promo_code, o.payment_provider, o.currency,
    o.completed_at as at, 1 as orders,
    coalesce(sum(oi.quantity), 0) as tickets,
    o.total_cents as gross, o.discount_cents as discount, o.taxes_cents as taxes, o.fees_cents as fees,
    0 as refunded
  -- Units by a join, not a subquery per order: one merge or hash join instead of 100,000 index probes.
  from orders o left join order_items oi on oi.order_id = o.id
  where ${where} and o.status in ${statuses}
  group by o.id
  union all
  select o.id, o.event_id, o.affiliate_id, o.promo_code, o.payment_provider, o.currency, r.created_at,
    0, 0, 0, 0, 0, 0, r.amount_cents
  from order_refunds r join orders o on o.id = r.order_id
  where ${where} and o.status in ${statuses} and r.status in ${refunds} and ${ofTheSale}
)`;

/**
 * The lines of the same sales as `moneyRows` (orders `o` matching `where` in `statuses`), `at` their
 * order's completion: what each line's ticket, discount, taxes and fees came to. Refunds belong to orders,
 * not lines: they are `moneyRows`' and are not spread over lines here. Columns: every column of
 * `order_items` (as `oi`), plus currency and at.
 */
export const lineRows = (where: SQL, statuses: readonly OrderStatus[]) => sql`(
  select oi.*, o.currency, o.completed_at as at
  from order_items oi join orders o on o.id = oi.order_id
  where ${where} and o.status in ${statuses}
)`;

/** The sums over `moneyRows` aliased `m`: orders_count, tickets, gross, refunded (each a column). */
export const moneySums = sql`count(*) filter (where m.orders = 1)::int as orders_count,
  coalesce(sum(m.tickets), 0)::bigint as tickets, coalesce(sum(m.gross), 0)::bigint as gross,
  coalesce(sum(m.refunded), 0)::bigint as refunded`;

/** The three revenue figures from the sums of gross and refunded money (bigint sums come as strings). */
export function revenue(gross: unknown, refunded: unknown): Revenue {
  const g = Number(gross ?? 0);
  const r = Number(refunded ?? 0);
  return { gross_revenue_cents: g, refunded_cents: r, net_revenue_cents: g - r };
}

/**
 * An order's taxes and fees as its lines stored them at purchase, and what was refunded of it (refunds
 * in `refunds`): columns for a select over orders, `orderId` naming the order's id.
 */
export const orderMoneyColumns = (orderId: SQL, refunds: readonly RefundRowStatus[]) => ({
  items_taxes_cents: sql<number>`(select coalesce(sum(oi.taxes_cents), 0)::int from order_items oi where oi.order_id = ${orderId})`,
  items_fees_cents: sql<number>`(select coalesce(sum(oi.fees_cents), 0)::int from order_items oi where oi.order_id = ${orderId})`,
  refunded_cents: sql<number>`${refundedOf(orderId, refunds)}::int`,
});
