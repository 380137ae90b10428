import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * The event, when it belongs to the caller's account and is not deleted; otherwise 404 (tenancy). Shared
 * by the selling modules (tickets, capacity, promo codes, questions).
 */
export async function loadOwnedEvent(q: Queryable, accountId: string, eventId: string) {
  const [event] = await q
    .select({
      id: events.id,
      account_id: events.account_id,
      currency: events.currency,
      timezone: events.timezone,
      slug: events.slug,
      status: events.status,
    })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.account_id, accountId), isNull(events.deleted_at)))
    .limit(1);
  if (!event) throw notFound();
  return event;
}
