import { and, asc, count, eq, ilike, max, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import { type ListParams, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export type QuestionRow = typeof questions.$inferSelect;

export const questionListSpec = {
  sortable: { sort_order: questions.sort_order, title: questions.title, created_at: questions.created_at },
  defaultSort: { by: 'sort_order', direction: 'asc' as const },
  filterable: {
    belongs_to: { column: questions.belongs_to, operators: ['eq' as const] },
    type: { column: questions.type, operators: ['eq' as const, 'in' as const] },
  },
};

const scope = (accountId: string, eventId: string) =>
  and(eq(questions.account_id, accountId), eq(questions.event_id, eventId));

export async function listQuestions(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const conditions: (SQL | undefined)[] = [scope(accountId, eventId), params.where];
  if (params.query) conditions.push(ilike(questions.title, likePattern(params.query)));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    q
      .select()
      .from(questions)
      .where(where)
      .orderBy(params.orderBy, asc(questions.created_at))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: count() }).from(questions).where(where),
  ]);
  const { total } = one(totals);
  return { rows, total };
}

/** Every question of an event in display order (for the public read model and checkout). */
export async function eventQuestions(q: Queryable, eventId: string) {
  return q
    .select()
    .from(questions)
    .where(eq(questions.event_id, eventId))
    .orderBy(asc(questions.sort_order), asc(questions.created_at));
}

export async function findQuestion(q: Queryable, accountId: string, eventId: string, id: string) {
  const [row] = await q
    .select()
    .from(questions)
    .where(and(scope(accountId, eventId), eq(questions.id, id)))
    .limit(1);
  return row;
}

export async function nextSortOrder(q: Queryable, eventId: string) {
  const [row] = await q
    .select({ value: max(questions.sort_order) })
    .from(questions)
    .where(eq(questions.event_id, eventId));
  return (row?.value ?? -1) + 1;
}

export async function insertQuestion(q: Queryable, values: typeof questions.$inferInsert) {
  return one(await q.insert(questions).values(values).returning());
}

export async function updateQuestion(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof questions.$inferInsert>,
) {
  await q
    .update(questions)
    .set(values)
    .where(and(eq(questions.account_id, accountId), eq(questions.id, id)));
}

export async function deleteQuestion(q: Queryable, accountId: string, id: string) {
  await q.delete(questions).where(and(eq(questions.account_id, accountId), eq(questions.id, id)));
}

export async function setSortOrders(q: Queryable, eventId: string, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await q
      .update(questions)
      .set({ sort_order: index })
      .where(and(eq(questions.id, id), eq(questions.event_id, eventId)));
  }
}
