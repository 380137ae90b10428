import { and, asc, count, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { promoCodes } from '../../db/schema/index.ts';
import { type ListParams, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;

export const promoCodeListSpec = {
  sortable: {
    code: promoCodes.code_normalized,
    created_at: promoCodes.created_at,
    expiry_date: promoCodes.expiry_date,
  },
  defaultSort: { by: 'created_at', direction: 'desc' as const },
  filterable: {
    discount_type: { column: promoCodes.discount_type, operators: ['eq' as const, 'in' as const] },
  },
};

const scope = (accountId: string, eventId: string) =>
  and(eq(promoCodes.account_id, accountId), eq(promoCodes.event_id, eventId));

export async function listPromoCodes(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const conditions: (SQL | undefined)[] = [scope(accountId, eventId), params.where];
  if (params.query) conditions.push(ilike(promoCodes.code, likePattern(params.query)));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    q
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(params.orderBy, asc(promoCodes.id))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: count() }).from(promoCodes).where(where),
  ]);
  const { total } = one(totals);
  return { rows, total };
}

/** Every promo code of the event, newest first (the export; an event has few). */
export const allPromoCodes = (q: Queryable, accountId: string, eventId: string) =>
  q
    .select()
    .from(promoCodes)
    .where(scope(accountId, eventId))
    .orderBy(desc(promoCodes.created_at), asc(promoCodes.id));

export async function findPromoCode(q: Queryable, accountId: string, eventId: string, id: string) {
  const [row] = await q
    .select()
    .from(promoCodes)
    .where(and(scope(accountId, eventId), eq(promoCodes.id, id)))
    .limit(1);
  return row;
}

/** By code, case-insensitively; `exceptId` skips the code being edited. */
export async function findByCode(q: Queryable, eventId: string, code: string, exceptId?: string) {
  const [row] = await q
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.event_id, eventId),
        eq(promoCodes.code_normalized, code.toLowerCase()),
        exceptId ? ne(promoCodes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function insertPromoCode(q: Queryable, values: typeof promoCodes.$inferInsert) {
  return one(await q.insert(promoCodes).values(values).returning());
}

export async function updatePromoCode(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof promoCodes.$inferInsert>,
) {
  await q
    .update(promoCodes)
    .set(values)
    .where(and(eq(promoCodes.account_id, accountId), eq(promoCodes.id, id)));
}

export async function deletePromoCode(q: Queryable, accountId: string, id: string) {
  await q.delete(promoCodes).where(and(eq(promoCodes.account_id, accountId), eq(promoCodes.id, id)));
}
