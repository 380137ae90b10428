import { and, asc, gt, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { eventDates } from '../../db/schema/index.ts';

/** The sitemap lists at most this many dates (the soonest), so a venue with thousands of slots stays readable. */
export const SITEMAP_DATES = 500;

/**
 * The soonest upcoming dates buyers can see (on sale or sold out; never hidden or cancelled) of these
 * events, which the caller has found public and indexable.
 */
export async function sitemapDates(q: Queryable, eventIds: string[], now = new Date()) {
  if (eventIds.length === 0) return [];
  return q
    .select({ id: eventDates.id, event_id: eventDates.event_id, updated_at: eventDates.updated_at })
    .from(eventDates)
    .where(
      and(
        inArray(eventDates.event_id, eventIds),
        inArray(eventDates.status, ['ON_SALE', 'SOLD_OUT']),
        gt(eventDates.starts_at, now),
      ),
    )
    .orderBy(asc(eventDates.starts_at), asc(eventDates.id))
    .limit(SITEMAP_DATES);
}
