import type { EventStatus } from '@taquilla/shared';
import { and, asc, count, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
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

/** Events in `status` (the one the service shows the public) and not deleted. */
const shown = (status: EventStatus) => and(eq(events.status, status), isNull(events.deleted_at));

/** A not deleted event in `status` with its organizer, or undefined (other states and unknown ids look the same). */
export async function findEventInStatus(q: Queryable, eventId: string, status: EventStatus) {
  const [row] = await q
    .select(columns)
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(events.id, eventId), shown(status)))
    .limit(1);
  return row;
}

export async function listEventsInStatus(q: Queryable, status: EventStatus, params: ListParams) {
  const conditions: (SQL | undefined)[] = [shown(status), params.where];
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

/** Every event in `status` whose organizer allows search engines, for the sitemap (newest change first). */
export async function listIndexableEvents(q: Queryable, status: EventStatus, limit: number) {
  return q
    .select({
      id: events.id,
      slug: events.slug,
      organizer_id: events.organizer_id,
      updated_at: events.updated_at,
    })
    .from(events)
    .where(and(shown(status), sql`coalesce(${events.settings}->>'allow_indexing', 'true') <> 'false'`))
    .orderBy(desc(events.updated_at))
    .limit(limit);
}

/** An organizer's events in `status` (not deleted), soonest first, with the organizer; at most `limit`. */
export async function organizerEventsInStatus(
  q: Queryable,
  organizerId: string,
  status: EventStatus,
  limit: number,
) {
  return q
    .select(columns)
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(events.organizer_id, organizerId), shown(status), isNull(organizers.deleted_at)))
    .orderBy(asc(events.start_date), asc(events.id))
    .limit(limit);
}
