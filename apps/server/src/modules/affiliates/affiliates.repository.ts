import type { OrderStatus } from '@taquilla/shared';
import type { AffiliateSales } from '@taquilla/shared/schemas/affiliates';
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { affiliates } from '../../db/schema/index.ts';
import { type ListParams, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';
import type { RefundRowStatus } from '../order-lifecycle/order-lifecycle.ts';
import { moneyRows, moneySums, revenue } from '../order-lifecycle/order-money.ts';

export type AffiliateRow = typeof affiliates.$inferSelect;

export const NO_SALES: AffiliateSales = {
  orders_count: 0,
  tickets_sold: 0,
  gross_revenue_cents: 0,
  refunded_cents: 0,
  net_revenue_cents: 0,
  revenue_cents: 0,
};

export const affiliateListSpec = {
  sortable: {
    name: affiliates.name,
    code: affiliates.code,
    created_at: affiliates.created_at,
  },
  defaultSort: { by: 'created_at', direction: 'desc' as const },
  filterable: {
    status: { column: affiliates.status, operators: ['eq' as const, 'in' as const] },
  },
};

const scope = (accountId: string, eventId: string) =>
  and(eq(affiliates.account_id, accountId), eq(affiliates.event_id, eventId));

export async function listAffiliates(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const conditions: (SQL | undefined)[] = [scope(accountId, eventId), params.where];
  if (params.query) {
    const pattern = likePattern(params.query);
    conditions.push(or(ilike(affiliates.name, pattern), ilike(affiliates.code, pattern)));
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    q
      .select()
      .from(affiliates)
      .where(where)
      .orderBy(params.orderBy, asc(affiliates.id))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: count() }).from(affiliates).where(where),
  ]);
  const { total } = one(totals);
  return { rows, total };
}

/** Every affiliate of the event (the promoter figures rank them all). */
export const allAffiliates = (q: Queryable, accountId: string, eventId: string) =>
  q.select().from(affiliates).where(scope(accountId, eventId));

export async function findAffiliate(q: Queryable, accountId: string, eventId: string, id: string) {
  const [row] = await q
    .select()
    .from(affiliates)
    .where(and(scope(accountId, eventId), eq(affiliates.id, id)))
    .limit(1);
  return row;
}

/** By code, case-insensitively (as checkout matches `?aff=`); `exceptId` skips the affiliate being edited. */
export async function findByCode(q: Queryable, eventId: string, code: string, exceptId?: string) {
  const [row] = await q
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(
      and(
        eq(affiliates.event_id, eventId),
        sql`lower(${affiliates.code}) = ${code.toLowerCase()}`,
        exceptId ? ne(affiliates.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function insertAffiliate(q: Queryable, values: typeof affiliates.$inferInsert) {
  return one(await q.insert(affiliates).values(values).returning());
}

export async function updateAffiliate(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof affiliates.$inferInsert>,
) {
  await q
    .update(affiliates)
    .set({ ...values, updated_at: sql`now()` as unknown as Date })
    .where(and(eq(affiliates.account_id, accountId), eq(affiliates.id, id)));
}

export async function deleteAffiliate(q: Queryable, accountId: string, id: string) {
  await q.delete(affiliates).where(and(eq(affiliates.account_id, accountId), eq(affiliates.id, id)));
}

type SalesRow = { key: string; orders_count: number; tickets: string; gross: string; refunded: string };
const toSales = (r: SalesRow): AffiliateSales => {
  const money = revenue(r.gross, r.refunded);
  return {
    orders_count: Number(r.orders_count),
    tickets_sold: Number(r.tickets),
    ...money,
    revenue_cents: money.net_revenue_cents,
  };
};

/** Which sales count: orders in `statuses`, less their refunds in `refunds`. */
export interface SalesRule {
  statuses: readonly OrderStatus[];
  refunds: readonly RefundRowStatus[];
}

/**
 * The event's sales grouped by `groupBy` (an expression over `moneyRows` as `m`: a refund falls where it
 * was made, e.g. its own day), one query.
 */
async function salesBy(
  q: Queryable,
  eventId: string,
  rule: SalesRule,
  groupBy: SQL,
  filter: SQL = sql`true`,
) {
  const rows = rowsOf<SalesRow>(
    await q.execute(sql`
      select ${groupBy} as key, ${moneySums}
      from ${moneyRows(sql`o.event_id = ${eventId}::uuid and ${filter}`, rule.statuses, rule.refunds)} m
      group by 1`),
  );
  return new Map(rows.map((r) => [String(r.key), toSales(r)]));
}

/** Sales per affiliate of the event. */
export const salesByAffiliate = (q: Queryable, eventId: string, rule: SalesRule) =>
  salesBy(q, eventId, rule, sql`m.affiliate_id`, sql`o.affiliate_id is not null`);

const add = (a: AffiliateSales, b: AffiliateSales): AffiliateSales => ({
  orders_count: a.orders_count + b.orders_count,
  tickets_sold: a.tickets_sold + b.tickets_sold,
  gross_revenue_cents: a.gross_revenue_cents + b.gross_revenue_cents,
  refunded_cents: a.refunded_cents + b.refunded_cents,
  net_revenue_cents: a.net_revenue_cents + b.net_revenue_cents,
  revenue_cents: a.revenue_cents + b.revenue_cents,
});

/** The event's sales: all of them, and those credited to any affiliate. */
export async function eventSales(q: Queryable, eventId: string, rule: SalesRule) {
  const byKind = await salesBy(
    q,
    eventId,
    rule,
    sql`case when m.affiliate_id is null then 'direct' else 'affiliate' end`,
  );
  const viaAffiliates = byKind.get('affiliate') ?? NO_SALES;
  return { affiliate: viaAffiliates, all: add(byKind.get('direct') ?? NO_SALES, viaAffiliates) };
}

/** One affiliate's sales per day in the event's time zone: a sale on its completion day, a refund on its own. */
export const dailySales = (
  q: Queryable,
  eventId: string,
  affiliateId: string,
  timezone: string,
  rule: SalesRule,
) =>
  salesBy(
    q,
    eventId,
    rule,
    sql`to_char(m.at at time zone ${timezone}, 'YYYY-MM-DD')`,
    sql`o.affiliate_id = ${affiliateId}::uuid`,
  );

/** The affiliate's orders (of this account) in `statuses`. */
export async function countOrders(
  q: Queryable,
  accountId: string,
  affiliateId: string,
  statuses: readonly OrderStatus[],
) {
  const row = one(
    rowsOf<{ n: number }>(
      await q.execute(sql`
      select count(*)::int as n from orders
      where account_id = ${accountId}::uuid and affiliate_id = ${affiliateId}::uuid and status in ${statuses}`),
    ),
  );
  return Number(row.n);
}
