import type { Queryable } from '../db/client.ts';
import type { JobQueue } from './jobs.ts';

/** The job that offers a ticket's free units to its waiting list (waitlist.offers.ts). */
export const WAITLIST_OFFER_JOB = 'waitlist.offer';

/**
 * Units of these tickets may have come back (a cancellation, a lapsed reservation, more quantity): queue
 * an offer job per ticket, in the caller's transaction so it runs only if the change commits. The job
 * decides whether anyone is waiting. In lib so any module (tickets, after-sale, waitlist) can call it without a cycle.
 */
export async function waitlistUnitsFreed(jobs: JobQueue, ticketIds: Iterable<string>, tx?: Queryable) {
  for (const ticketId of new Set(ticketIds)) await jobs.enqueue(WAITLIST_OFFER_JOB, { ticketId }, { tx });
}
