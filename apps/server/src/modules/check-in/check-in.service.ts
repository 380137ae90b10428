import type { CheckInConflict, CheckInList, CheckInListInput } from '@taquilla/shared/schemas/check-in';
import type { EventDateRef } from '@taquilla/shared/schemas/event-dates';
import type { Queryable } from '../../db/client.ts';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { newShortId } from '../../lib/ids.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import * as audit from '../audit/audit.service.ts';
import { isEventDate } from '../event-dates/date-filter.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { ADMITTED_ATTENDEE } from '../order-lifecycle/order-lifecycle.ts';
import { unknownTicketIds } from '../tickets/tickets.service.ts';
import { checkInMessages as m } from './check-in.messages.ts';
import * as repo from './check-in.repository.ts';
import * as syncRepo from './check-in.sync.repository.ts';

export function presentList(
  row: repo.CheckInListRow,
  counts: repo.Counts = repo.NO_COUNTS,
  eventDate: EventDateRef | null = null,
): CheckInList {
  return {
    id: row.id,
    event_id: row.event_id,
    short_id: row.short_id,
    name: row.name,
    ticket_ids: row.ticket_ids,
    activates_at: row.activates_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    event_date: eventDate,
    ...counts,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listLists(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
) {
  assertCan(auth, 'check-in:read');
  const params = parseListQuery(raw, repo.checkInListSpec);
  await loadOwnedEvent(db, auth, eventId);
  const { rows, total } = await repo.listLists(db, auth.accountId, eventId, params);
  const [counts, dates] = await Promise.all([
    repo.countsByList(
      db,
      auth.accountId,
      rows.map((r) => r.id),
      ADMITTED_ATTENDEE,
    ),
    loadDateRefs(
      db,
      rows.map((r) => r.event_date_id),
    ),
  ]);
  return {
    data: rows.map((r) => presentList(r, counts.get(r.id), refOf(dates, r.event_date_id))),
    meta: listMeta(total, params),
  };
}

export async function ownedList(q: Queryable, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'check-in:read');
  await loadOwnedEvent(q, auth, eventId);
  const row = await repo.findList(q, auth.accountId, eventId, id);
  if (!row) throw notFound();
  return row;
}

export async function getList(q: Queryable, auth: AuthContext, eventId: string, id: string) {
  const row = await ownedList(q, auth, eventId, id);
  const [counts, dates] = await Promise.all([
    repo.countsByList(q, auth.accountId, [row.id], ADMITTED_ATTENDEE),
    loadDateRefs(q, [row.event_date_id]),
  ]);
  return presentList(row, counts.get(row.id), refOf(dates, row.event_date_id));
}

/** The list's date: one of this event's (in the caller's account), or a 422 that says nothing more. */
async function listDate(q: Queryable, auth: AuthContext, eventId: string, id: string | null | undefined) {
  if (!id) return null;
  if (!(await isEventDate(q, auth.accountId, eventId, id))) {
    throw invalid({ event_date_id: m['check_in.unknown_date'] });
  }
  return id;
}

async function values(q: Queryable, auth: AuthContext, eventId: string, input: CheckInListInput) {
  const ticketIds = [...new Set(input.ticket_ids ?? [])];
  if ((await unknownTicketIds(q, eventId, ticketIds)).length) {
    throw invalid({ ticket_ids: m['check_in.unknown_ticket'] });
  }
  const activatesAt = input.activates_at ? new Date(input.activates_at) : null;
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (activatesAt && expiresAt && expiresAt <= activatesAt) {
    throw invalid({ expires_at: m['check_in.window_order'] });
  }
  const date = await listDate(q, auth, eventId, input.event_date_id);
  return {
    name: input.name,
    ticket_ids: ticketIds,
    activates_at: activatesAt,
    expires_at: expiresAt,
    event_date_id: date,
  };
}

export async function createList(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  input: CheckInListInput,
) {
  assertCan(auth, 'check-in:manage');
  const row = await db.transaction(async (tx) => {
    const event = await loadOwnedEvent(tx, auth, eventId);
    const list = await repo.insertList(tx, {
      ...(await values(tx, auth, eventId, input)),
      account_id: auth.accountId,
      event_id: eventId,
      short_id: newShortId('c'),
    });
    await audit.record(tx, { action: 'check_in_list.link_created', ...audit.aboutCheckInList(list, event) });
    return list;
  });
  const dates = await loadDateRefs(db, [row.event_date_id]);
  return presentList(row, repo.NO_COUNTS, refOf(dates, row.event_date_id));
}

export async function updateList(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  id: string,
  input: CheckInListInput,
) {
  assertCan(auth, 'check-in:manage');
  await db.transaction(async (tx) => {
    await ownedList(tx, auth, eventId, id);
    await repo.updateList(tx, auth.accountId, id, await values(tx, auth, eventId, input));
  });
  return getList(db, auth, eventId, id);
}

/** Scans doors admitted offline that the server could not keep (see check-in.sync.ts). */
export async function listConflicts(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  id: string,
): Promise<CheckInConflict[]> {
  const list = await ownedList(db, auth, eventId, id);
  const rows = await syncRepo.listConflicts(db, auth.accountId, list.id);
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    attendee: {
      short_id: r.short_id,
      first_name: r.first_name,
      last_name: r.last_name,
      ticket_name: r.ticket_name,
      date_starts_at: r.date_starts_at?.toISOString() ?? null,
    },
    scanned_at: r.scanned_at.toISOString(),
    kept_scanned_at: r.kept_scanned_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  }));
}

/** Deleting a list deletes its check-ins (the door link stops working at once). */
export async function deleteList({ db }: DbDeps, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'check-in:manage');
  await db.transaction(async (tx) => {
    const list = await ownedList(tx, auth, eventId, id);
    await repo.deleteList(tx, auth.accountId, id);
    await audit.record(tx, {
      action: 'check_in_list.link_deleted',
      ...audit.aboutCheckInList(list, await loadOwnedEvent(tx, auth, eventId)),
    });
  });
}

/**
 * The lists of one event of the account (or of all its events, `eventId` null) with the admitted
 * attendees each covers and how many of them are checked in on it: the reports' check-in rate.
 */
export async function listCheckInCounts(
  q: Queryable,
  accountId: string,
  eventId: string | null,
  organizerIds: string[] | null = null,
  eventDateId: string | null = null,
) {
  const lists = eventId
    ? (await repo.allLists(q, accountId, eventId)).map((l) => ({ ...l, event_name: null }))
    : await repo.accountLists(q, accountId, organizerIds);
  const counts = await repo.countsByList(
    q,
    accountId,
    lists.map((l) => l.id),
    ADMITTED_ATTENDEE,
    eventDateId,
  );
  return lists.map((l) => ({
    id: l.id,
    name: l.name,
    event_name: l.event_name,
    ...(counts.get(l.id) ?? repo.NO_COUNTS),
  }));
}

/** spec: events/{id}/check_in_stats — per list and for the whole event. */
export async function checkInStats({ db }: DbDeps, auth: AuthContext, eventId: string) {
  assertCan(auth, 'check-in:read');
  await loadOwnedEvent(db, auth, eventId);
  const lists = await repo.allLists(db, auth.accountId, eventId);
  const [counts, total] = await Promise.all([
    repo.countsByList(
      db,
      auth.accountId,
      lists.map((l) => l.id),
      ADMITTED_ATTENDEE,
    ),
    repo.eventCounts(db, eventId, ADMITTED_ATTENDEE),
  ]);
  return {
    total,
    lists: lists.map((l) => ({
      id: l.id,
      name: l.name,
      short_id: l.short_id,
      ...(counts.get(l.id) ?? repo.NO_COUNTS),
    })),
  };
}
