import { and, asc, count, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { events, organizers } from '../../db/schema/index.ts';
import { type ListParams, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export const publicEventListSpec = {
  sortable: { start_date: events.start_date, name: events.name },
  defaultSort: { by: 'start_date', direction: 'asc' as const },
  filterable: {
    organizer_id: { column: events.organizer_id, operators: ['eq' as const], type: 'uuid' as const },
    start_date: {
      column: events.start_date,
      operators: ['gte' as const, 'lte' as const, 'gt' as const, 'lt' as const],
      type: 'date' as const,
    },
  },
};

const columns = {
  event: events,
  organizer: {
    id: organizers.id,
    name: organizers.name,
    website: organizers.website,
    email: organizers.email,
  },
};

const isPublic = and(eq(events.status, 'LIVE'), isNull(events.deleted_at));

/** A LIVE, not deleted event with its organizer, or undefined (drafts and unknown ids look the same). */
export async function findLiveEvent(q: Queryable, eventId: string) {
  const [row] = await q
    .select(columns)
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(events.id, eventId), isPublic))
    .limit(1);
  return row;
}

export async function listLiveEvents(q: Queryable, params: ListParams) {
  const conditions: (SQL | undefined)[] = [isPublic, params.where];
  if (params.query) conditions.push(ilike(events.name, likePattern(params.query)));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    q
      .select(columns)
      .from(events)
      .innerJoin(organizers, eq(organizers.id, events.organizer_id))
      .where(where)
      .orderBy(params.orderBy, asc(events.id))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: count() }).from(events).where(where),
  ]);
  const { total } = one(totals);
  return { rows, total };
}
