import {
  type BulkEditDatesInput,
  type EventDate,
  type EventDateInput,
  type EventDatePriceInput,
  MAX_DATES_PER_EVENT,
  type RepetitionRule,
  RULE_MAX_YEARS,
  type RulePreview,
  type ruleDatesInput,
} from '@taquilla/shared/schemas/event-dates';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { EventLocation } from '../../db/schema/index.ts';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { eventDateMessages as m } from './event-dates.messages.ts';
import * as repo from './event-dates.repository.ts';
import { epochDay, expandRule, type Occurrence } from './recurrence.ts';

type RuleDates = z.output<typeof ruleDatesInput>;

/** A date another date's orders may be moved to (its buyers could still go). */
const takesMovedOrders = (row: Pick<repo.EventDateRow, 'status' | 'starts_at'>) =>
  row.status !== 'CANCELLED' && row.starts_at > new Date();

function present(row: repo.EventDateRow, prices: repo.DatePrice[] = []): EventDate {
  return {
    id: row.id,
    event_id: row.event_id,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    location: row.location ?? null,
    status: row.status,
    capacity: row.capacity,
    sale_starts_at: row.sale_starts_at?.toISOString() ?? null,
    sale_ends_at: row.sale_ends_at?.toISOString() ?? null,
    prices,
    can_take_moved_orders: takesMovedOrders(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listDates(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
) {
  assertCan(auth, 'events:read');
  const params = parseListQuery(raw, repo.eventDateListSpec);
  await loadOwnedEvent(db, auth, eventId);
  const { rows, total } = await repo.listDates(db, auth.accountId, eventId, params);
  const prices = await repo.pricesOf(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => present(r, prices.get(r.id))), meta: listMeta(total, params) };
}

/** GET events/{id}/dates/{dateId}: one date of the event (a picker names the chosen one). */
export async function readDate({ db }: DbDeps, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:read');
  await loadOwnedEvent(db, auth, eventId);
  return findPresented(db, auth.accountId, eventId, id);
}

async function findPresented(q: Queryable, accountId: string, eventId: string, id: string) {
  const row = await repo.findDate(q, accountId, eventId, id);
  if (!row) throw notFound();
  return present(row, (await repo.pricesOf(q, [id])).get(id));
}

const tooMany = (available: number) =>
  invalid({
    'rule.ends': { key: m['event_dates.too_many'], params: { max: MAX_DATES_PER_EVENT, available } },
  });

/** The rule's dates, or a 422: it reaches too far, creates none, or more than the event has room for. */
function expandWithin(rule: RepetitionRule, timeZone: string, room: number): Occurrence[] {
  if (
    'until' in rule.ends &&
    epochDay(rule.ends.until) - epochDay(rule.starts_on) > RULE_MAX_YEARS * 365.25
  ) {
    throw invalid({
      'rule.ends.until': { key: m['event_dates.too_far'], params: { years: RULE_MAX_YEARS } },
    });
  }
  const dates = expandRule(rule, timeZone, room);
  if (dates.length === 0) throw invalid({ rule: m['event_dates.rule_empty'] });
  if (dates.length > room) throw tooMany(room);
  return dates;
}

const bounds = (o: Occurrence) => ({
  starts_at: o.starts_at.toISOString(),
  ends_at: o.ends_at.toISOString(),
});

/** What a rule would create, with nothing saved: its first and last dates and how many. */
export async function previewRule(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  rule: RepetitionRule,
): Promise<RulePreview> {
  assertCan(auth, 'events:manage');
  const event = await loadOwnedEvent(db, auth, eventId);
  const room = MAX_DATES_PER_EVENT - (await repo.countDates(db, auth.accountId, eventId));
  const dates = expandWithin(rule, event.timezone, room);
  const first = dates[0] as Occurrence;
  const last = dates[dates.length - 1] as Occurrence;
  return { count: dates.length, first: bounds(first), last: bounds(last) };
}

const at = (v: string | null | undefined) => (v ? new Date(v) : null);

/**
 * Each of a date's own prices must be a live price of one of this event's live tickets, and not a free
 * ticket's (422 on the line otherwise).
 */
async function assertEventPrices(
  q: Queryable,
  accountId: string,
  eventId: string,
  prices: EventDatePriceInput[],
) {
  const found = await repo.eventPrices(
    q,
    accountId,
    eventId,
    prices.map((p) => p.price_id),
  );
  const fields: Record<string, string> = {};
  prices.forEach((p, i) => {
    const type = found.get(p.price_id);
    if (type === undefined) fields[`prices.${i}.price_id`] = m['event_dates.price_unknown'];
    else if (type === 'FREE') fields[`prices.${i}.price_id`] = m['event_dates.price_free'];
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

/** A sale window must end after it starts, and start before its date does (422 otherwise). */
function assertSaleWindow(window: { starts: Date | null; ends: Date | null; dateStarts: Date }) {
  if (window.starts && window.ends && window.ends <= window.starts) {
    throw invalid({ sale_ends_at: m['event_dates.sale_ends_before_start'] });
  }
  if (window.starts && window.starts >= window.dateStarts) {
    throw invalid({ sale_starts_at: m['event_dates.sale_starts_after_date'] });
  }
}

/** Creates one date, or many from a rule, under the event's lock: the cap and "one date per start" hold. */
async function insertUnderLock(
  db: DbDeps['db'],
  auth: AuthContext,
  eventId: string,
  make: (timeZone: string, room: number) => Occurrence[] | { starts_at: Date; ends_at: Date | null }[],
  extra: {
    status?: EventDate['status'];
    capacity?: number | null;
    location?: EventLocation | null;
    sale_starts_at?: string | null;
    sale_ends_at?: string | null;
    prices?: EventDatePriceInput[];
  },
) {
  return db.transaction(async (tx) => {
    const event = await loadOwnedEvent(tx, auth, eventId);
    await repo.lockEvent(tx, eventId);
    if (extra.prices) await assertEventPrices(tx, auth.accountId, eventId, extra.prices);
    const room = MAX_DATES_PER_EVENT - (await repo.countDates(tx, auth.accountId, eventId));
    const wanted = make(event.timezone, room);
    if (wanted.length > room) throw tooMany(room);
    const taken = await repo.startsOf(tx, eventId);
    const fresh = wanted.filter((d) => !taken.has(d.starts_at.getTime()));
    const inserted = await repo.insertDates(
      tx,
      fresh.map((d) => ({
        account_id: auth.accountId,
        event_id: eventId,
        starts_at: d.starts_at,
        ends_at: d.ends_at,
        status: extra.status ?? 'ON_SALE',
        capacity: extra.capacity ?? null,
        location: extra.location ?? null,
        sale_starts_at: at(extra.sale_starts_at),
        sale_ends_at: at(extra.sale_ends_at),
      })),
    );
    if (extra.prices?.length) {
      await repo.replacePrices(
        tx,
        auth.accountId,
        inserted.map((d) => d.id),
        extra.prices,
      );
    }
    return { inserted, skipped: wanted.length - fresh.length };
  });
}

export async function createDate({ db }: DbDeps, auth: AuthContext, eventId: string, input: EventDateInput) {
  assertCan(auth, 'events:manage');
  const { inserted, skipped } = await insertUnderLock(
    db,
    auth,
    eventId,
    () => [{ starts_at: new Date(input.starts_at), ends_at: input.ends_at ? new Date(input.ends_at) : null }],
    input,
  );
  if (skipped) throw invalid({ starts_at: m['event_dates.duplicate'] });
  return findPresented(db, auth.accountId, eventId, inserted[0]?.id ?? '');
}

/** Dates from a rule; a date starting when one of the event's already does is skipped (and counted). */
export async function createFromRule({ db }: DbDeps, auth: AuthContext, eventId: string, input: RuleDates) {
  assertCan(auth, 'events:manage');
  const { inserted, skipped } = await insertUnderLock(
    db,
    auth,
    eventId,
    (timeZone, room) => expandWithin(input.rule, timeZone, room),
    input,
  );
  return { created: inserted.length, skipped };
}

/** Within one transaction: whether the event's dates still start at distinct instants after a change. */
async function assertDistinctStarts(q: Queryable, eventId: string, moved: { id: string; starts_at: Date }[]) {
  const others = await repo.startsOf(
    q,
    eventId,
    moved.map((d) => d.id),
  );
  const seen = new Set<number>();
  for (const d of moved) {
    const at = d.starts_at.getTime();
    if (others.has(at) || seen.has(at)) throw invalid({ starts_at: m['event_dates.duplicate'] });
    seen.add(at);
  }
}

export async function updateDate(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  id: string,
  input: EventDateInput,
) {
  assertCan(auth, 'events:manage');
  return db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    await repo.lockEvent(tx, eventId);
    const [row] = await repo.findDates(tx, auth.accountId, eventId, [id]);
    if (!row) throw notFound();
    const startsAt = new Date(input.starts_at);
    await assertDistinctStarts(tx, eventId, [{ id, starts_at: startsAt }]);
    // Left out: the date keeps its sale window's end and its own prices; null clears one.
    const saleStartsAt = input.sale_starts_at === undefined ? row.sale_starts_at : at(input.sale_starts_at);
    const saleEndsAt = input.sale_ends_at === undefined ? row.sale_ends_at : at(input.sale_ends_at);
    assertSaleWindow({ starts: saleStartsAt, ends: saleEndsAt, dateStarts: startsAt });
    if (input.prices) {
      await assertEventPrices(tx, auth.accountId, eventId, input.prices);
      await repo.replacePrices(tx, auth.accountId, [id], input.prices);
    }
    const updated = await repo.updateDate(tx, auth.accountId, id, {
      starts_at: startsAt,
      ends_at: input.ends_at ? new Date(input.ends_at) : null,
      location: input.location ?? null,
      status: input.status ?? row.status,
      capacity: input.capacity === undefined ? row.capacity : input.capacity,
      sale_starts_at: saleStartsAt,
      sale_ends_at: saleEndsAt,
    });
    return present(updated, (await repo.pricesOf(tx, [id])).get(id));
  });
}

/** Several dates at once; all of them or none (an unknown id, or a shift onto another date, is a 422). */
export async function bulkEdit(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  input: BulkEditDatesInput,
) {
  assertCan(auth, 'events:manage');
  const ids = [...new Set(input.date_ids)];
  return db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    await repo.lockEvent(tx, eventId);
    const rows = await repo.findDates(tx, auth.accountId, eventId, ids);
    if (rows.length !== ids.length) throw invalid({ date_ids: m['event_dates.unknown_date'] });
    const shift = (input.shift_minutes ?? 0) * 60_000;
    if (shift) {
      const moved = rows.map((r) => ({ id: r.id, starts_at: new Date(r.starts_at.getTime() + shift) }));
      await assertDistinctStarts(tx, eventId, moved);
    }
    const saleStartsAt = input.sale_starts_at === undefined ? undefined : at(input.sale_starts_at);
    const saleEndsAt = input.sale_ends_at === undefined ? undefined : at(input.sale_ends_at);
    for (const r of rows) {
      assertSaleWindow({
        starts: saleStartsAt === undefined ? r.sale_starts_at : saleStartsAt,
        ends: saleEndsAt === undefined ? r.sale_ends_at : saleEndsAt,
        dateStarts: new Date(r.starts_at.getTime() + shift),
      });
    }
    if (input.prices) {
      await assertEventPrices(tx, auth.accountId, eventId, input.prices);
      await repo.replacePrices(tx, auth.accountId, ids, input.prices);
    }
    const updated = await repo.updateDates(tx, auth.accountId, ids, {
      shiftMinutes: input.shift_minutes,
      capacity: input.capacity,
      status: input.status,
      saleStartsAt,
      saleEndsAt,
    });
    return { updated };
  });
}

/** Only a date nobody bought (not even a reservation): one with orders is cancelled instead. */
export async function deleteDate({ db }: DbDeps, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:manage');
  await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    const [row] = await repo.findDates(tx, auth.accountId, eventId, [id]);
    if (!row) throw notFound();
    if ((await repo.countOrdersOfDate(tx, id)) > 0) throw conflict(m['event_dates.has_orders']);
    await repo.deleteDate(tx, auth.accountId, id);
  });
}

/**
 * Marks a date cancelled (no more sales, hidden from buyers) under the event's lock; its orders are then
 * cancelled one by one by the caller's job (after-sale). Cancelling it again changes nothing.
 */
export async function markCancelled(tx: Queryable, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:manage');
  await loadOwnedEvent(tx, auth, eventId);
  await repo.lockEvent(tx, eventId);
  const [row] = await repo.findDates(tx, auth.accountId, eventId, [id]);
  if (!row) throw notFound();
  if (row.status !== 'CANCELLED') await repo.updateDates(tx, auth.accountId, [id], { status: 'CANCELLED' });
  return present({ ...row, status: 'CANCELLED' });
}

/**
 * Cancels the date `id` so that its orders can move to `toId` (the caller's job moves them): the target
 * must be another date of the event that has not started and is not cancelled (422 otherwise). Both are
 * locked, the source first, under the event's lock. Moving to the same target again changes nothing.
 */
export async function markMoved(tx: Queryable, auth: AuthContext, eventId: string, id: string, toId: string) {
  assertCan(auth, 'events:manage');
  await loadOwnedEvent(tx, auth, eventId);
  await repo.lockEvent(tx, eventId);
  const rows = await repo.findDates(tx, auth.accountId, eventId, [id, toId]);
  const from = rows.find((r) => r.id === id);
  if (!from) throw notFound();
  const to = rows.find((r) => r.id === toId);
  if (!to || to.id === from.id || !takesMovedOrders(to)) {
    throw invalid({ to_event_date_id: m['event_dates.move_target_invalid'] });
  }
  if (from.status !== 'CANCELLED') await repo.updateDates(tx, auth.accountId, [id], { status: 'CANCELLED' });
  return { date: present({ ...from, status: 'CANCELLED' }), target: present(to) };
}
