import type { EventDateRef } from '@taquilla/shared/schemas/event-dates';
import type { Queryable } from '../../db/client.ts';
import { type EventDateRow, selectDatesById } from './event-dates.repository.ts';

/** What an order, attendee, ticket or check-in list says of its date. */
export function presentDateRef(
  row: Pick<EventDateRow, 'id' | 'starts_at' | 'ends_at' | 'location'>,
): EventDateRef {
  return {
    id: row.id,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    location: row.location ?? null,
  };
}

/** The dates behind these ids (nulls skipped), by id: one query for a whole list of orders or attendees. */
export async function loadDateRefs(
  q: Queryable,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, EventDateRef>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await selectDatesById(q, wanted);
  return new Map(rows.map((r) => [r.id, presentDateRef(r)]));
}

/** The ref of `id` from `loadDateRefs`' map; null for no date. */
export const refOf = (refs: Map<string, EventDateRef>, id: string | null | undefined) =>
  (id && refs.get(id)) || null;
