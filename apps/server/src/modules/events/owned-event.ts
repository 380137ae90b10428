import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { findOwnedEventSummary } from './events.repository.ts';

type Scope = Pick<AuthContext, 'accountId' | 'organizerIds'>;

/** Whether the caller works on this organizer: a member limited to some organizers sees only theirs. */
export function inOrganizerScope(auth: Pick<AuthContext, 'organizerIds'>, organizerId: string): boolean {
  return auth.organizerIds === null || auth.organizerIds.includes(organizerId);
}

/**
 * The event, when it belongs to the caller's account, is not deleted and is one of the caller's
 * organizers; otherwise 404 (tenancy and organizer scope). The events module's entry point for every
 * module that works under an event (tickets, capacity, promo codes, questions, affiliates, images,
 * check-in, attendees, orders). It imports no other module, so any module can use it without a cycle.
 */
export async function loadOwnedEvent(q: Queryable, auth: Scope, eventId: string) {
  const event = await findOwnedEventSummary(q, auth.accountId, eventId);
  if (!event || !inOrganizerScope(auth, event.organizer_id)) throw notFound();
  return event;
}

const EVENT_ROUTE = /^\/api\/events\/:(id|eventId)(\/|$)/;
const ORGANIZER_ROUTE = /^\/api\/organizers\/:id(\/|$)/;

/**
 * Organizer scope for every route under an event or an organizer, whichever module serves it (orders,
 * messages and images check their event with their own queries): another organizer's event or
 * organizer answers 404 before the handler runs. Members of every organizer pay nothing.
 */
export function organizerScopeHook(db: Queryable) {
  return async (request: FastifyRequest) => {
    const auth = request.auth;
    if (!auth || auth.organizerIds === null) return;
    const route = request.routeOptions.url ?? '';
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    if (EVENT_ROUTE.test(route)) {
      const eventId = params.id ?? params.eventId;
      if (eventId) await loadOwnedEvent(db, auth, eventId);
    } else if (ORGANIZER_ROUTE.test(route) && params.id && !auth.organizerIds.includes(params.id)) {
      throw notFound();
    }
  };
}
