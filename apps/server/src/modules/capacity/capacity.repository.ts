import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  capacityAssignmentDates,
  capacityAssignments,
  capacityAssignmentTickets,
} from '../../db/schema/index.ts';
import { type ListParams, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export type CapacityRow = typeof capacityAssignments.$inferSelect & {
  ticket_ids: string[];
  /** The dates it is limited to (#27); empty: every date. */
  event_date_ids: string[];
};

export const capacityListSpec = {
  sortable: {
    name: capacityAssignments.name,
    capacity: capacityAssignments.capacity,
    created_at: capacityAssignments.created_at,
  },
  defaultSort: { by: 'created_at', direction: 'asc' as const },
  filterable: { status: { column: capacityAssignments.status, operators: ['eq' as const] } },
};

const scope = (accountId: string, eventId: string) =>
  and(eq(capacityAssignments.account_id, accountId), eq(capacityAssignments.event_id, eventId));

async function withTickets(q: Queryable, rows: (typeof capacityAssignments.$inferSelect)[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [links, dates] = await Promise.all([
    q
      .select()
      .from(capacityAssignmentTickets)
      .where(inArray(capacityAssignmentTickets.capacity_assignment_id, ids)),
    q
      .select()
      .from(capacityAssignmentDates)
      .where(inArray(capacityAssignmentDates.capacity_assignment_id, ids)),
  ]);
  return rows.map((r) => ({
    ...r,
    ticket_ids: links.filter((l) => l.capacity_assignment_id === r.id).map((l) => l.ticket_id),
    event_date_ids: dates.filter((d) => d.capacity_assignment_id === r.id).map((d) => d.event_date_id),
  }));
}

export async function listCapacities(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const conditions: (SQL | undefined)[] = [scope(accountId, eventId), params.where];
  if (params.query) conditions.push(ilike(capacityAssignments.name, likePattern(params.query)));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    q
      .select()
      .from(capacityAssignments)
      .where(where)
      .orderBy(params.orderBy, asc(capacityAssignments.id))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: count() }).from(capacityAssignments).where(where),
  ]);
  const { total } = one(totals);
  return { rows: await withTickets(q, rows), total };
}

export async function findCapacity(
  q: Queryable,
  accountId: string,
  eventId: string,
  id: string,
  lock = false,
) {
  const query = q
    .select()
    .from(capacityAssignments)
    .where(and(scope(accountId, eventId), eq(capacityAssignments.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ? (await withTickets(q, [row]))[0] : undefined;
}

export async function insertCapacity(q: Queryable, values: typeof capacityAssignments.$inferInsert) {
  return one(await q.insert(capacityAssignments).values(values).returning());
}

export async function updateCapacity(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof capacityAssignments.$inferInsert>,
) {
  await q
    .update(capacityAssignments)
    .set(values)
    .where(and(eq(capacityAssignments.account_id, accountId), eq(capacityAssignments.id, id)));
}

export async function deleteCapacity(q: Queryable, accountId: string, id: string) {
  await q
    .delete(capacityAssignments)
    .where(and(eq(capacityAssignments.account_id, accountId), eq(capacityAssignments.id, id)));
}

export async function replaceCapacityTickets(q: Queryable, id: string, ticketIds: string[]) {
  await q.delete(capacityAssignmentTickets).where(eq(capacityAssignmentTickets.capacity_assignment_id, id));
  if (ticketIds.length) {
    await q
      .insert(capacityAssignmentTickets)
      .values(ticketIds.map((ticket_id) => ({ capacity_assignment_id: id, ticket_id })));
  }
}

export async function replaceCapacityDates(q: Queryable, id: string, dateIds: string[]) {
  await q.delete(capacityAssignmentDates).where(eq(capacityAssignmentDates.capacity_assignment_id, id));
  if (dateIds.length) {
    await q
      .insert(capacityAssignmentDates)
      .values(dateIds.map((event_date_id) => ({ capacity_assignment_id: id, event_date_id })));
  }
}
