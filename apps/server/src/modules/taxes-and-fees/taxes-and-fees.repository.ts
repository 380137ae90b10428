import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { taxesAndFees } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';

export type TaxRow = typeof taxesAndFees.$inferSelect;
const live = (accountId: string) =>
  and(eq(taxesAndFees.account_id, accountId), isNull(taxesAndFees.deleted_at));

export async function listTaxes(q: Queryable, accountId: string) {
  return q
    .select()
    .from(taxesAndFees)
    .where(live(accountId))
    .orderBy(asc(taxesAndFees.created_at), asc(taxesAndFees.id));
}

export async function findTax(q: Queryable, accountId: string, id: string) {
  const [row] = await q
    .select()
    .from(taxesAndFees)
    .where(and(live(accountId), eq(taxesAndFees.id, id)));
  return row;
}

export async function insertTax(q: Queryable, values: typeof taxesAndFees.$inferInsert) {
  return one(await q.insert(taxesAndFees).values(values).returning());
}

export async function updateTax(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof taxesAndFees.$inferInsert>,
) {
  const [row] = await q
    .update(taxesAndFees)
    .set(values)
    .where(and(live(accountId), eq(taxesAndFees.id, id)))
    .returning();
  return row;
}
