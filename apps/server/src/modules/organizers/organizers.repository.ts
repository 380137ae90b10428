import { and, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { organizers } from '../../db/schema/index.ts';
import { type ListParams, type ListSpec, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export type OrganizerRow = typeof organizers.$inferSelect;
export type OrganizerWithCount = OrganizerRow & { events_count: number };

export const organizerListSpec: ListSpec = {
  sortable: { name: organizers.name, created_at: organizers.created_at },
  defaultSort: { by: 'name', direction: 'asc' },
};

// Written out by hand: Drizzle leaves columns unqualified in single-table selects, which breaks a correlated subquery.
const eventsCount = sql<number>`(select count(*)::int from events e where e.organizer_id = "organizers"."id" and e.deleted_at is null)`;

const live = (accountId: string) => and(eq(organizers.account_id, accountId), isNull(organizers.deleted_at));

export async function listOrganizers(
  q: Queryable,
  accountId: string,
  params: ListParams,
  organizerIds: string[] | null,
) {
  const where = and(
    live(accountId),
    organizerIds ? inArray(organizers.id, organizerIds) : undefined,
    params.query ? ilike(organizers.name, likePattern(params.query)) : undefined,
  );
  const rows = await q
    .select({ organizer: organizers, events_count: eventsCount })
    .from(organizers)
    .where(where)
    .orderBy(params.orderBy, organizers.id)
    .limit(params.perPage)
    .offset(params.offset);
  const { total } = one(await q.select({ total: count() }).from(organizers).where(where));
  return { rows: rows.map((r) => ({ ...r.organizer, events_count: r.events_count })), total };
}

export async function findOrganizer(
  q: Queryable,
  accountId: string,
  id: string,
): Promise<OrganizerWithCount | undefined> {
  const [row] = await q
    .select({ organizer: organizers, events_count: eventsCount })
    .from(organizers)
    .where(and(live(accountId), eq(organizers.id, id)));
  return row ? { ...row.organizer, events_count: row.events_count } : undefined;
}

export async function insertOrganizer(q: Queryable, values: typeof organizers.$inferInsert) {
  return one(await q.insert(organizers).values(values).returning());
}

export async function updateOrganizer(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof organizers.$inferInsert>,
) {
  const [row] = await q
    .update(organizers)
    .set(values)
    .where(and(live(accountId), eq(organizers.id, id)))
    .returning();
  return row;
}
