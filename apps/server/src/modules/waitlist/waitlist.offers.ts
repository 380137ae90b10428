import type { AppDeps } from '../../deps.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { newShortId } from '../../lib/ids.ts';
import { WAITLIST_OFFER_JOB } from '../../lib/units-freed.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { holdUnits, priceOrder } from '../checkout/checkout.service.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { emailEventOf, prefillBuyer } from '../orders/orders.service.ts';
import { entryDate, queueOfferEmail } from './waitlist.emails.ts';
import { waitlistMessages as m } from './waitlist.messages.ts';
import * as repo from './waitlist.repository.ts';

/**
 * How an offer ends: bought once its order is sold, lapsed once that order is neither sold nor a live
 * reservation (expired, abandoned, cancelled).
 */
export const OFFER_ORDERS = {
  sold: SOLD_ORDERS,
  held: 'RESERVED',
  offered: 'OFFERED',
  purchased: 'PURCHASED',
  expired: 'EXPIRED',
} as const;

export const WAITLIST_SWEEP_JOB = 'waitlist.sweep';
const SWEEP_EVERY_SECONDS = 60;
export const DEFAULT_OFFER_MINUTES = 24 * 60;

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs'>;

/**
 * Offers a ticket's free units to its waiting entries in sign-up order. Each offer is a RESERVED order
 * made by `holdUnits` (the one locked stock check), held for the event's offer time: units held for an
 * offer count like any reservation, so they can neither be sold to someone else nor offered twice. The
 * offers of a ticket are serialized by an advisory lock and each entry is re-read under it, so two jobs
 * for the same ticket (two processes, a retry) never offer to the same entry. Stops at the first entry
 * the free units cannot serve (strict order: nobody overtakes an earlier sign-up); on an event with dates
 * each date is its own queue, served only from units free on that date (#27).
 *
 * `entryId`: the organizer's offer by hand to that entry (also when automatic offers are off).
 * Answers how many offers were made.
 */
export async function offerFreedUnits(deps: Deps, ticketId: string, entryId?: string): Promise<number> {
  const ticket = await repo.ticketEvent(deps.db, ticketId);
  if (!ticket) return 0;
  const settings = await repo.findSettings(deps.db, ticket.event_id);
  if (!entryId && settings?.auto_offer === false) return 0;
  const offerMinutes = settings?.offer_minutes ?? DEFAULT_OFFER_MINUTES;
  const candidates = (await repo.waitingEntries(deps.db, ticketId)).filter(
    (e) => !entryId || e.id === entryId,
  );
  // Each date has its own queue (#27): units free on one date are offered only to those waiting for it,
  // and the first entry a date's free units cannot serve stops that date's queue only.
  const stopped = new Set<string | null>();
  let made = 0;
  for (const entry of candidates) {
    if (stopped.has(entry.event_date_id)) continue;
    let priced: Awaited<ReturnType<typeof priceOrder>>;
    try {
      priced = await priceOrder(deps, ticket.event_id, {
        tickets: [{ ticket_id: ticketId, price_id: entry.price_id, quantity: entry.quantity }],
        ...(entry.event_date_id ? { event_date_id: entry.event_date_id } : {}),
      });
    } catch (err) {
      // The event (or this entry's date) is no longer on sale or the tier is gone: nothing can be
      // offered on that date now.
      if (err instanceof AppError && !entryId) {
        stopped.add(entry.event_date_id);
        continue;
      }
      throw err;
    }
    const outcome = await deps.db.transaction(async (tx) => {
      await repo.lockTicketOffers(tx, ticketId);
      const still = (await repo.waitingEntries(tx, ticketId)).find((e) => e.id === entry.id);
      if (!still) return 'SKIP' as const;
      const held = await holdUnits(
        deps,
        {
          order: { ...priced.order, short_id: newShortId('o'), locale: entry.locale },
          lines: priced.lines,
          status: 'RESERVED',
          holdMinutes: offerMinutes,
        },
        tx,
      );
      if ('problem' in held) return held.problem === 'SOLD_OUT' ? ('STOP' as const) : ('SKIP' as const);
      // The checkout opens with the buyer's details the entry already gave.
      await prefillBuyer(
        tx,
        { id: held.orderId, account_id: entry.account_id },
        {
          first_name: entry.first_name,
          last_name: entry.last_name,
          email: entry.email,
        },
      );
      const shortId = await repo.orderShortId(tx, entry.account_id, held.orderId);
      await repo.setEntry(tx, entry, {
        state: 'OFFERED',
        order_id: held.orderId,
        offered_at: new Date(),
        offer_expires_at: held.reservedUntil,
      });
      const change = { accountId: entry.account_id, eventId: ticket.event_id, ids: [entry.id] };
      await emitWebhook(deps.jobs, 'waitlist_entry.offered', change, tx);
      await queueOfferEmail(
        {
          jobs: deps.jobs,
          appUrl: deps.config.appUrl,
          tx,
          event: await emailEventOf(tx, entry.account_id, ticket.event_id),
          ticketName: ticket.ticket_name,
          date: await entryDate(tx, entry.event_date_id),
        },
        entry,
        shortId,
        held.reservedUntil,
      );
      return 'OFFERED' as const;
    });
    if (outcome === 'OFFERED') made++;
    if (outcome === 'STOP') stopped.add(entry.event_date_id);
  }
  if (entryId && made === 0) throw conflict(m['waitlist.no_units']);
  return made;
}

/**
 * Every minute: settles offers (paid → PURCHASED, lapsed → EXPIRED, their units back) and offers the
 * free units of every ticket someone waits for — units come back without any write when a reservation
 * expires, so this is how expiries reach the list.
 */
export async function sweep(deps: Deps): Promise<void> {
  await repo.settleOffers(deps.db, OFFER_ORDERS);
  for (const ticketId of await repo.ticketsWithAutoOffers(deps.db)) await offerFreedUnits(deps, ticketId);
}

/** Registers the jobs; the sweep repeats every minute, one occurrence scheduled across all processes. */
export async function registerWaitlistJobs(deps: Deps): Promise<void> {
  deps.jobs.register(WAITLIST_OFFER_JOB, async (payload) => {
    await repo.settleOffers(deps.db, OFFER_ORDERS);
    await offerFreedUnits(deps, String(payload.ticketId));
  });
  await deps.jobs.repeat(WAITLIST_SWEEP_JOB, SWEEP_EVERY_SECONDS, () => sweep(deps));
}
