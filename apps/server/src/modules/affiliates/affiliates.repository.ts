import type { OrderStatus } from '@taquilla/shared';
import type { AffiliateSales } from '@taquilla/shared/schemas/affiliates';
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { affiliates } from '../../db/schema/index.ts';
import { type ListParams, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export type AffiliateRow = typeof affiliates.$inferSelect;

export const NO_SALES: AffiliateSales = { orders_count: 0, tickets_sold: 0, revenue_cents: 0 };

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

type SalesRow = { key: string; orders_count: number; tickets: string | number; revenue: string | number };
const toSales = (r: SalesRow): AffiliateSales => ({
  orders_count: Number(r.orders_count),
  tickets_sold: Number(r.tickets),
  revenue_cents: Number(r.revenue),
});

/** The event's orders in `statuses` grouped by `groupBy` (an expression over `o`), one query. */
async function salesBy(
  q: Queryable,
  eventId: string,
  statuses: readonly OrderStatus[],
  groupBy: SQL,
  filter: SQL = sql`true`,
) {
  const rows = rowsOf<SalesRow>(
    await q.execute(sql`
      select ${groupBy} as key, count(*)::int as orders_count, coalesce(sum(o.total_cents), 0)::bigint as revenue,
        coalesce(sum((select sum(oi.quantity) from order_items oi where oi.order_id = o.id)), 0)::bigint as tickets
      from orders o
      where o.event_id = ${eventId}::uuid and o.status in ${statuses} and ${filter}
      group by 1`),
  );
  return new Map(rows.map((r) => [String(r.key), toSales(r)]));
}

/** Sales (orders in `statuses`) per affiliate of the event. */
export const salesByAffiliate = (q: Queryable, eventId: string, statuses: readonly OrderStatus[]) =>
  salesBy(q, eventId, statuses, sql`o.affiliate_id`, sql`o.affiliate_id is not null`);

/** The event's sales (orders in `statuses`): all of them, and those credited to any affiliate. */
export async function eventSales(q: Queryable, eventId: string, statuses: readonly OrderStatus[]) {
  const byKind = await salesBy(
    q,
    eventId,
    statuses,
    sql`case when o.affiliate_id is null then 'direct' else 'affiliate' end`,
  );
  const direct = byKind.get('direct') ?? NO_SALES;
  const viaAffiliates = byKind.get('affiliate') ?? NO_SALES;
  return {
    affiliate: viaAffiliates,
    all: {
      orders_count: direct.orders_count + viaAffiliates.orders_count,
      tickets_sold: direct.tickets_sold + viaAffiliates.tickets_sold,
      revenue_cents: direct.revenue_cents + viaAffiliates.revenue_cents,
    },
  };
}

/** One affiliate's sales (orders in `statuses`) per day of completion, in the event's time zone. */
export const dailySales = (
  q: Queryable,
  eventId: string,
  affiliateId: string,
  timezone: string,
  statuses: readonly OrderStatus[],
) =>
  salesBy(
    q,
    eventId,
    statuses,
    sql`to_char(o.completed_at at time zone ${timezone}, 'YYYY-MM-DD')`,
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
