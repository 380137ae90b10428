import type { Locale } from '@taquilla/shared';
import type {
  JoinWaitlistInput,
  WaitlistEntry,
  WaitlistSettings,
  WaitlistState,
} from '@taquilla/shared/schemas/waitlist';
import type { AppDeps, DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { hashToken, newSecretToken } from '../../lib/ids.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { type ExportSheet, wallClock } from '../../lib/spreadsheet.ts';
import { waitlistUnitsFreed } from '../../lib/units-freed.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { assertDateFilter } from '../event-dates/date-filter.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { abandonReservation, emailEventOf } from '../orders/orders.service.ts';
import { getPublicEvent } from '../public-events/public-events.service.ts';
import { entryDate, queueJoinedEmail } from './waitlist.emails.ts';
import { waitlistMessages as m } from './waitlist.messages.ts';
import { DEFAULT_OFFER_MINUTES, OFFER_ORDERS, offerFreedUnits } from './waitlist.offers.ts';
import * as repo from './waitlist.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs'>;

type DateRefs = Awaited<ReturnType<typeof loadDateRefs>>;

function present(
  { entry, ticket_name, price_label, order_short_id, position }: repo.ListedEntry,
  dates: DateRefs,
): WaitlistEntry {
  return {
    id: entry.id,
    ticket_id: entry.ticket_id,
    ticket_name,
    price_id: entry.price_id,
    price_label,
    event_date_id: entry.event_date_id,
    event_date: refOf(dates, entry.event_date_id),
    first_name: entry.first_name,
    last_name: entry.last_name,
    email: entry.email,
    quantity: entry.quantity,
    locale: entry.locale,
    state: entry.state as WaitlistState,
    position: position === null ? null : Number(position),
    order_short_id,
    offered_at: entry.offered_at?.toISOString() ?? null,
    offer_expires_at: entry.offer_expires_at?.toISOString() ?? null,
    created_at: entry.created_at.toISOString(),
  };
}

/**
 * A buyer joins the waiting list of a sold-out ticket (tier) of a live event. The same e-mail for the
 * same tier is one entry (answered again; one who left or whose offer lapsed joins again at the end).
 */
export async function joinWaitlist(deps: Deps, eventId: string, input: JoinWaitlistInput, locale: Locale) {
  // On an event with dates an entry waits for one date (#27), sold out on that date.
  const dateId = input.event_date_id;
  const hasDates = await repo.eventHasDates(deps.db, eventId);
  if (hasDates && !dateId) throw invalid({ event_date_id: m['waitlist.date_required'] });
  if (!hasDates && dateId) throw invalid({ event_date_id: m['waitlist.date_not_expected'] });
  const event = await getPublicEvent(deps.db, eventId, undefined, dateId);
  const ticket = event.tickets.find((x) => x.id === input.ticket_id);
  if (!ticket?.waitlist_enabled) throw invalid({ ticket_id: m['waitlist.not_available'] });
  const price = input.price_id ? ticket.prices.find((p) => p.id === input.price_id) : ticket.prices[0];
  if (!price) throw invalid({ price_id: m['waitlist.not_available'] });
  if (price.quantity_remaining !== 0 && ticket.quantity_remaining !== 0)
    throw conflict(m['waitlist.not_sold_out']);
  if (input.quantity < ticket.min_per_order || input.quantity > ticket.max_per_order) {
    throw invalid({
      quantity: {
        key: m['waitlist.quantity_range'],
        params: { min: ticket.min_per_order, max: ticket.max_per_order },
      },
    });
  }
  const owner = await repo.ticketEvent(deps.db, ticket.id);
  if (!owner) throw notFound();
  const email = input.email.trim().toLowerCase();
  const entryLocale = input.locale ?? locale;
  return deps.db.transaction(async (tx) => {
    const leave = newSecretToken();
    const { entry, created } = await repo.insertEntry(tx, {
      account_id: owner.account_id,
      event_id: eventId,
      ticket_id: ticket.id,
      price_id: price.id,
      event_date_id: dateId ?? null,
      first_name: input.first_name,
      last_name: input.last_name ?? '',
      email,
      quantity: input.quantity,
      locale: entryLocale,
      leave_token_hash: leave.hash,
    });
    const rejoin = !created && (entry.state === 'LEFT' || entry.state === 'EXPIRED');
    if (rejoin) {
      await repo.setEntry(tx, entry, {
        state: 'WAITING',
        first_name: input.first_name,
        last_name: input.last_name ?? '',
        quantity: input.quantity,
        locale: entryLocale,
        leave_token_hash: leave.hash,
        order_id: null,
        offered_at: null,
        offer_expires_at: null,
        left_at: null,
        created_at: new Date(),
      });
    }
    if (created || rejoin) {
      const mailEvent = await emailEventOf(tx, owner.account_id, eventId);
      await queueJoinedEmail(
        {
          jobs: deps.jobs,
          appUrl: deps.config.appUrl,
          tx,
          event: mailEvent,
          ticketName: ticket.name,
          date: await entryDate(tx, dateId),
        },
        {
          email,
          first_name: input.first_name,
          last_name: input.last_name ?? '',
          quantity: input.quantity,
          locale: entryLocale,
        },
        leave.token,
      );
      // Units may be free already (a reservation expired just now): the job decides.
      await waitlistUnitsFreed(deps.jobs, [ticket.id], tx);
      await emitWebhook(
        deps.jobs,
        'waitlist_entry.created',
        { accountId: owner.account_id, eventId, ids: [entry.id] },
        tx,
      );
    }
    return { id: entry.id, state: created || rejoin ? 'WAITING' : entry.state };
  });
}

/** The "leave the list" link: the entry stops waiting; units held for its offer go to the next one. */
export async function leaveWaitlist(deps: Deps, token: string) {
  const entry = await repo.findByLeaveToken(deps.db, hashToken(token));
  if (!entry) throw notFound(m['waitlist.link_invalid']);
  if (entry.state === 'WAITING' || entry.state === 'OFFERED') {
    await deps.db.transaction(async (tx) => {
      await repo.setEntry(tx, entry, { state: 'LEFT', left_at: new Date() });
      if (entry.state === 'OFFERED' && entry.order_id) {
        await abandonReservation(tx, entry.account_id, entry.order_id);
        await waitlistUnitsFreed(deps.jobs, [entry.ticket_id], tx);
      }
    });
    return { state: 'LEFT' as const };
  }
  return { state: entry.state };
}

export async function listEntries(
  deps: DbDeps,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
) {
  assertCan(auth, 'orders:read');
  const params = parseListQuery(raw, repo.entryListSpec);
  await loadOwnedEvent(deps.db, auth, eventId);
  await assertDateFilter(deps.db, auth.accountId, eventId, params.filters);
  await repo.settleOffers(deps.db, OFFER_ORDERS);
  const { rows, total } = await repo.listEntries(deps.db, auth.accountId, eventId, params);
  const dates = await loadDateRefs(
    deps.db,
    rows.map((r) => r.entry.event_date_id),
  );
  return { data: rows.map((r) => present(r, dates)), meta: listMeta(total, params) };
}

async function findEntry(deps: DbDeps, auth: AuthContext, eventId: string, entryId: string) {
  assertCan(auth, 'orders:manage');
  await loadOwnedEvent(deps.db, auth, eventId);
  await repo.settleOffers(deps.db, OFFER_ORDERS);
  const row = await repo.findListedEntry(deps.db, auth.accountId, eventId, entryId);
  if (!row) throw notFound();
  return row;
}

/** The organizer offers free units to one waiting entry now (automatic offers on or off). */
export async function offerEntry(deps: Deps, auth: AuthContext, eventId: string, entryId: string) {
  const row = await findEntry(deps, auth, eventId, entryId);
  if (row.entry.state !== 'WAITING') throw conflict(m['waitlist.not_waiting']);
  await offerFreedUnits(deps, row.entry.ticket_id, entryId);
  const after = await findEntry(deps, auth, eventId, entryId);
  return present(after, await loadDateRefs(deps.db, [after.entry.event_date_id]));
}

/** Removes an entry; units held for its offer are freed and offered to the next one. */
export async function removeEntry(deps: Deps, auth: AuthContext, eventId: string, entryId: string) {
  const { entry } = await findEntry(deps, auth, eventId, entryId);
  await deps.db.transaction(async (tx) => {
    if (entry.state === 'OFFERED' && entry.order_id) {
      await abandonReservation(tx, entry.account_id, entry.order_id);
      await waitlistUnitsFreed(deps.jobs, [entry.ticket_id], tx);
    }
    await repo.deleteEntry(tx, auth.accountId, entry.id);
  });
}

/** Exports stop here; a waiting list is far smaller than an event's orders. */
const EXPORT_LIMIT = 50_000;

export async function exportEntries(
  deps: DbDeps,
  auth: AuthContext,
  eventId: string,
  locale: Locale,
): Promise<ExportSheet> {
  assertCan(auth, 'orders:export');
  const event = await loadOwnedEvent(deps.db, auth, eventId);
  await repo.settleOffers(deps.db, OFFER_ORDERS);
  const rows = await repo.allEntries(deps.db, auth.accountId, eventId, EXPORT_LIMIT);
  const dates = await loadDateRefs(
    deps.db,
    rows.map((r) => r.entry.event_date_id),
  );
  const tz = event.timezone;
  async function* cells() {
    for (const row of rows) {
      const e = present(row, dates);
      yield [
        e.position,
        e.state,
        e.first_name,
        e.last_name,
        e.email,
        e.ticket_name,
        e.price_label,
        wallClock(e.event_date ? new Date(e.event_date.starts_at) : null, tz),
        e.quantity,
        e.locale,
        wallClock(row.entry.created_at, tz),
        wallClock(row.entry.offered_at, tz),
        wallClock(row.entry.offer_expires_at, tz),
        e.order_short_id,
      ];
    }
  }
  return {
    filename: `waitlist-${event.id}`,
    sheetName: t(locale, m['waitlist.sheet_name']),
    header: t(locale, m['waitlist.csv_header']).split(','),
    rows: cells(),
  };
}

export async function getSettings(
  deps: DbDeps,
  auth: AuthContext,
  eventId: string,
): Promise<WaitlistSettings> {
  assertCan(auth, 'events:read');
  await loadOwnedEvent(deps.db, auth, eventId);
  const row = await repo.findSettings(deps.db, eventId);
  return { offer_minutes: row?.offer_minutes ?? DEFAULT_OFFER_MINUTES, auto_offer: row?.auto_offer ?? true };
}

export async function updateSettings(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  input: WaitlistSettings,
) {
  assertCan(auth, 'events:manage');
  await loadOwnedEvent(deps.db, auth, eventId);
  await deps.db.transaction(async (tx) => {
    await repo.saveSettings(tx, eventId, input.offer_minutes, input.auto_offer);
    // Turning automatic offers on: whatever is free now goes to the list.
    if (input.auto_offer) await waitlistUnitsFreed(deps.jobs, await repo.waitingTicketIds(tx, eventId), tx);
  });
  return getSettings(deps, auth, eventId);
}
