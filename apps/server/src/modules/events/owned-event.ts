import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findOwnedEventSummary } from './events.repository.ts';

/**
 * The event, when it belongs to the caller's account and is not deleted; otherwise 404 (tenancy). The
 * events module's entry point for every module that works under an event (tickets, capacity, promo
 * codes, questions, affiliates, images, check-in, attendees, orders). It imports no other module, so
 * any module can use it without an import cycle.
 */
export async function loadOwnedEvent(q: Queryable, accountId: string, eventId: string) {
  const event = await findOwnedEventSummary(q, accountId, eventId);
  if (!event) throw notFound();
  return event;
}
