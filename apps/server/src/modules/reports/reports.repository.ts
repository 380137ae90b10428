import type { OrderStatus } from '@taquilla/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { one } from '../../lib/rows.ts';
import type { RefundRowStatus } from '../order-lifecycle/order-lifecycle.ts';
import { lineRows, moneyRows, moneySums } from '../order-lifecycle/order-money.ts';

/**
 * Where a report looks: the orders of one event of the account, or of all its events (`eventId` null) —
 * only those of `organizerIds` for a member limited to some organizers — and the calendar days `from`–`to` (both included) in `timezone`, or all time when null.
 */
export interface ReportScope {
  accountId: string;
  eventId: string | null;
  /** One date of the event (its orders, and its attendees for check-ins); null: all of them. */
  eventDateId: string | null;
  organizerIds: string[] | null;
  timezone: string;
  from: string | null;
  to: string | null;
}

/** Which sales count: orders in `statuses`, less their refunds in `refunds` (order-lifecycle's rule). */
export interface SalesRule {
  statuses: readonly OrderStatus[];
  refunds: readonly RefundRowStatus[];
}

type Row = Record<string, unknown>;

/** The scope's orders `o`, and `extra` of them. */
const ordersOf = (s: ReportScope, extra: SQL = sql`true`) =>
  s.eventId
    ? sql`o.account_id = ${s.accountId}::uuid and o.event_id = ${s.eventId}::uuid and ${extra}${
        s.eventDateId ? sql` and o.event_date_id = ${s.eventDateId}::uuid` : sql``
      }`
    : s.organizerIds
      ? sql`o.account_id = ${s.accountId}::uuid and ${extra} and o.event_id in (select e.id from events e
          where e.account_id = ${s.accountId}::uuid
            and e.organizer_id = any(string_to_array(${s.organizerIds.join(',')}, ',')::uuid[]))`
      : sql`o.account_id = ${s.accountId}::uuid and ${extra}`;

/** `at` falls on one of the scope's days in its time zone (bounds computed once: the column stays bare). */
const within = (s: ReportScope, at: SQL) =>
  s.from && s.to
    ? sql`${at} >= (${s.from}::date)::timestamp at time zone ${s.timezone}
        and ${at} < (${s.to}::date + 1)::timestamp at time zone ${s.timezone}`
    : sql`true`;

/** The money sums of `moneyRows` plus what the sales' totals hold of discounts, taxes and fees. */
const sums = sql`${moneySums}, coalesce(sum(m.discount), 0)::bigint as discount,
  coalesce(sum(m.taxes), 0)::bigint as taxes, coalesce(sum(m.fees), 0)::bigint as fees`;

/**
 * The scope's sales and refunds within its days grouped by `keys` (expressions over `moneyRows` as `m`,
 * named k0, k1…) and currency: a sale on its completion day, a refund on its own day.
 */
async function moneyBy(q: Queryable, s: ReportScope, rule: SalesRule, keys: SQL[], extra?: SQL) {
  const named = keys.map((k, i) => sql`${k} as ${sql.raw(`k${i}`)}`);
  const groups = keys.map((_, i) => sql.raw(String(i + 2)));
  return rowsOf<Row>(
    await q.execute(sql`
      select m.currency, ${sql.join([...named, sums], sql`, `)}
      from ${moneyRows(ordersOf(s, extra), rule.statuses, rule.refunds)} m
      where ${within(s, sql`m.at`)}
      group by ${sql.join([sql.raw('1'), ...groups], sql`, `)}
      order by ${sql.join([...groups, sql.raw('1')], sql`, `)}`),
  );
}

/** Per day in the scope's time zone (k0 "YYYY-MM-DD"). */
export const salesByDay = (q: Queryable, s: ReportScope, rule: SalesRule) =>
  moneyBy(q, s, rule, [sql`to_char(m.at at time zone ${s.timezone}, 'YYYY-MM-DD')`]);

/** The scope as a whole, per currency. */
export const revenue = (q: Queryable, s: ReportScope, rule: SalesRule) => moneyBy(q, s, rule, []);

/** Per promo code used (k0 event name, k1 code). */
export const salesByPromoCode = (q: Queryable, s: ReportScope, rule: SalesRule) =>
  moneyBy(
    q,
    s,
    rule,
    [sql`(select e.name from events e where e.id = m.event_id)`, sql`m.promo_code`],
    sql`o.promo_code is not null`,
  );

/** Per affiliate credited (k0 event name, k1 affiliate's name, k2 its code). */
export const salesByAffiliate = (q: Queryable, s: ReportScope, rule: SalesRule) =>
  moneyBy(
    q,
    s,
    rule,
    [
      sql`(select e.name from events e where e.id = m.event_id)`,
      sql`(select a.name from affiliates a where a.id = m.affiliate_id)`,
      sql`(select a.code from affiliates a where a.id = m.affiliate_id)`,
    ],
    sql`o.affiliate_id is not null`,
  );

/** Per payment provider (k0; null: no payment was needed). */
export const salesByPaymentMethod = (q: Queryable, s: ReportScope, rule: SalesRule) =>
  moneyBy(q, s, rule, [sql`m.payment_provider`]);

/** The sales' lines per ticket (k0 event name, k1 ticket name), sold within the scope's days. */
export async function salesByTicket(q: Queryable, s: ReportScope, rule: SalesRule) {
  return rowsOf<Row>(
    await q.execute(sql`
      select l.currency, e.name as k0, t.name as k1,
        sum(l.quantity)::bigint as tickets,
        sum(l.unit_discount_cents::bigint * l.quantity)::bigint as discount,
        sum(l.taxes_cents)::bigint as taxes, sum(l.fees_cents)::bigint as fees,
        sum(l.total_cents)::bigint as gross
      from ${lineRows(ordersOf(s), rule.statuses)} l
      join tickets t on t.id = l.ticket_id join events e on e.id = l.event_id
      where ${within(s, sql`l.at`)}
      group by l.currency, e.id, e.name, e.start_date, t.id, t.name, t.sort_order
      order by e.start_date desc, e.id, t.sort_order, t.name, l.currency`),
  );
}

/**
 * The taxes and fees the sales' lines stored at purchase, per kind, name and rate: the base they were
 * computed on (the discounted unit price × units) and their amount (per unit × units).
 */
export async function taxesAndFees(q: Queryable, s: ReportScope, rule: SalesRule) {
  return rowsOf<Row>(
    await q.execute(sql`
      select l.currency, x->>'type' as type, x->>'name' as name, x->>'calculation' as calculation,
        (x->>'value')::bigint as value, sum(l.quantity)::bigint as tickets,
        sum((l.unit_price_cents - l.unit_discount_cents)::bigint * l.quantity)::bigint as base,
        sum((x->>'amount_cents')::bigint * l.quantity)::bigint as amount
      from ${lineRows(ordersOf(s), rule.statuses)} l cross join lateral jsonb_array_elements(l.taxes_and_fees) x
      where ${within(s, sql`l.at`)}
      group by 1, 2, 3, 4, 5
      order by 2 desc, 3, 4, 5, 1`),
  );
}

/** The time zone and currency of the account (the account's reports count days in its zone). */
export async function accountSettings(q: Queryable, accountId: string) {
  return one(
    rowsOf<{ timezone: string; currency: string }>(
      await q.execute(sql`select timezone, currency from accounts where id = ${accountId}::uuid`),
    ),
  );
}
