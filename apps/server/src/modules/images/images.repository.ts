import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { eventImages, events } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';

export type ImageRow = typeof eventImages.$inferSelect;

/** Whether the event is this account's and not deleted (the images of an event are reached through it). */
export async function accountHasEvent(q: Queryable, accountId: string, eventId: string) {
  const [row] = await q
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.account_id, accountId), isNull(events.deleted_at)))
    .limit(1);
  return row !== undefined;
}

export async function listImages(q: Queryable, accountId: string, eventId: string) {
  return q
    .select()
    .from(eventImages)
    .where(and(eq(eventImages.account_id, accountId), eq(eventImages.event_id, eventId)))
    .orderBy(desc(eventImages.created_at));
}

export async function coverRows(q: Queryable, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return q
    .select()
    .from(eventImages)
    .where(and(inArray(eventImages.event_id, eventIds), eq(eventImages.type, 'EVENT_COVER')))
    .orderBy(desc(eventImages.created_at));
}

export async function insertImage(q: Queryable, values: typeof eventImages.$inferInsert) {
  return one(await q.insert(eventImages).values(values).returning());
}

export async function deleteImages(q: Queryable, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .delete(eventImages)
    .where(and(eq(eventImages.account_id, accountId), inArray(eventImages.id, ids)))
    .returning();
}
