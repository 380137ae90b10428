import type { AttendeeStatus } from '@taquilla/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import {
  attendees,
  checkInConflicts,
  checkIns,
  eventDates,
  tickets,
  ticketTransfers,
} from '../../db/schema/index.ts';
import type { CheckInListRow } from './check-in.repository.ts';

/**
 * The door's sync: attendees changed since a version, and check-ins uploaded in batches.
 * A version is a transaction id (`attendees.door_version`, kept by the triggers of migration 0010).
 */

/**
 * The oldest transaction still running: every change by an older one is committed and visible now, so
 * "changed since" this floor misses nothing that commits later. Asked before reading the rows.
 */
export async function versionFloor(q: Queryable): Promise<number> {
  const [row] = rowsOf<{ floor: string }>(
    await q.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as floor`),
  );
  return Number(row?.floor ?? 0);
}

export interface SnapshotRow {
  /** A code revoked by a transfer: the row only says so (no person, no check-in). */
  revoked?: { qr_hash: string };
  short_id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: AttendeeStatus;
  ticket_id: string;
  ticket_name: string;
  event_date_id: string | null;
  qr_secret: string;
  answers: Record<string, unknown>;
  door_version: number;
  checked_in_at: Date | null;
}

/** The event's attendees with a version ≥ `floor`, or after `after` in (version, short id) order. */
export async function changedAttendees(
  q: Queryable,
  list: CheckInListRow,
  from: { floor: number; after: { version: number; shortId: string } | null },
  limit: number,
): Promise<SnapshotRow[]> {
  const position = from.after
    ? sql`(${attendees.door_version}, ${attendees.short_id}) > (${from.after.version}, ${from.after.shortId})`
    : sql`${attendees.door_version} >= ${from.floor}`;
  return q
    .select({
      short_id: attendees.short_id,
      first_name: attendees.first_name,
      last_name: attendees.last_name,
      email: attendees.email,
      status: attendees.status,
      ticket_id: attendees.ticket_id,
      ticket_name: tickets.name,
      event_date_id: attendees.event_date_id,
      qr_secret: attendees.qr_secret,
      answers: attendees.answers,
      door_version: attendees.door_version,
      checked_in_at: checkIns.scanned_at,
    })
    .from(attendees)
    .innerJoin(tickets, eq(tickets.id, attendees.ticket_id))
    .leftJoin(checkIns, and(eq(checkIns.attendee_id, attendees.id), eq(checkIns.check_in_list_id, list.id)))
    .where(and(eq(attendees.event_id, list.event_id), position))
    .orderBy(asc(attendees.door_version), asc(attendees.short_id))
    .limit(limit)
    .then(async (rows: SnapshotRow[]) => {
      // Codes revoked by transfers travel in the same (version, short id) order, merged into the page.
      const revoked = await revokedCodes(q, list.event_id, from, limit);
      if (revoked.length === 0) return rows;
      return [...rows, ...revoked]
        .sort((a, b) => a.door_version - b.door_version || (a.short_id < b.short_id ? -1 : 1))
        .slice(0, limit);
    });
}

/** Old codes of transferred tickets as snapshot rows, in the snapshot's order and range. */
async function revokedCodes(
  q: Queryable,
  eventId: string,
  from: { floor: number; after: { version: number; shortId: string } | null },
  limit: number,
): Promise<SnapshotRow[]> {
  const t = ticketTransfers;
  const position = from.after
    ? sql`(${t.door_version}, ${t.old_short_id}) > (${from.after.version}, ${from.after.shortId})`
    : sql`${t.door_version} >= ${from.floor}`;
  const rows = await q
    .select({
      short_id: t.old_short_id,
      qr_hash: t.old_qr_hash,
      door_version: t.door_version,
      ticket_id: attendees.ticket_id,
      ticket_name: tickets.name,
      event_date_id: attendees.event_date_id,
    })
    .from(t)
    .innerJoin(attendees, eq(attendees.id, t.attendee_id))
    .innerJoin(tickets, eq(tickets.id, attendees.ticket_id))
    .where(and(eq(t.event_id, eventId), position))
    .orderBy(asc(t.door_version), asc(t.old_short_id))
    .limit(limit);
  return rows.map((r) => ({
    revoked: { qr_hash: r.qr_hash },
    short_id: r.short_id,
    first_name: '',
    last_name: '',
    email: '',
    status: 'CANCELLED' as const,
    ticket_id: r.ticket_id,
    ticket_name: r.ticket_name,
    event_date_id: r.event_date_id,
    qr_secret: '',
    answers: {},
    door_version: r.door_version,
    checked_in_at: null,
  }));
}

/** Transfers that revoked one of these codes (an old short id, or an old QR secret by its hash). */
export async function transfersByCodes(
  q: Queryable,
  eventId: string,
  codes: { code: string; hash: string }[],
) {
  if (codes.length === 0) return [];
  return q
    .select({
      attendee_id: ticketTransfers.attendee_id,
      old_short_id: ticketTransfers.old_short_id,
      old_qr_hash: ticketTransfers.old_qr_hash,
    })
    .from(ticketTransfers)
    .where(
      and(
        eq(ticketTransfers.event_id, eventId),
        sql`(${inArray(
          ticketTransfers.old_short_id,
          codes.map((c) => c.code),
        )} or ${inArray(
          ticketTransfers.old_qr_hash,
          codes.map((c) => c.hash),
        )})`,
      ),
    );
}

/**
 * Locks these attendees (FOR NO KEY UPDATE, in id order) until the transaction ends and returns their
 * current codes: a transfer committed meanwhile changed them, and its scan must not be admitted. A
 * transfer locks the same row FOR UPDATE, so the two never both go through. Not FOR SHARE: the check-in
 * written next bumps the attendee's door_version (a trigger), and two scans of one ticket each holding
 * a share lock and then updating the row deadlock (seen on PostgreSQL with six devices at once).
 */
export async function lockCurrentCodes(q: Queryable, ids: string[]) {
  if (ids.length === 0) return new Map<string, { short_id: string; qr_secret: string }>();
  const rows = await q
    .select({ id: attendees.id, short_id: attendees.short_id, qr_secret: attendees.qr_secret })
    .from(attendees)
    .where(inArray(attendees.id, ids))
    .orderBy(asc(attendees.id))
    .for('no key update');
  return new Map(rows.map((r) => [r.id, r]));
}

export interface CodeRow {
  id: string;
  short_id: string;
  qr_secret: string;
  first_name: string;
  last_name: string;
  email: string;
  status: AttendeeStatus;
  ticket_id: string;
  ticket_name: string;
  event_date_id: string | null;
}

/** The event's attendees whose QR secret or short id is one of `codes`. */
export async function attendeesByCodes(q: Queryable, eventId: string, codes: string[]): Promise<CodeRow[]> {
  if (codes.length === 0) return [];
  return q
    .select({
      id: attendees.id,
      short_id: attendees.short_id,
      qr_secret: attendees.qr_secret,
      first_name: attendees.first_name,
      last_name: attendees.last_name,
      email: attendees.email,
      status: attendees.status,
      ticket_id: attendees.ticket_id,
      ticket_name: tickets.name,
      event_date_id: attendees.event_date_id,
    })
    .from(attendees)
    .innerJoin(tickets, eq(tickets.id, attendees.ticket_id))
    .where(
      and(
        eq(attendees.event_id, eventId),
        sql`(${inArray(attendees.qr_secret, codes)} or ${inArray(attendees.short_id, codes)})`,
      ),
    );
}

export type ConflictReason = (typeof checkInConflicts.$inferSelect)['reason'];

/**
 * Scans of this list already answered for good, in one query: kept as check-ins (`kept`, `at` = its scan
 * time) or recorded as conflicts (`at` = the kept scan's time, `kept_by` the kept scan's client id).
 */
export async function answeredScans(q: Queryable, listId: string, clientIds: string[]) {
  if (clientIds.length === 0) return [];
  const ids = sql`(${sql.join(
    clientIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const rows = rowsOf<{
    client_id: string;
    attendee_id: string;
    kept: boolean;
    at: Date | string | null;
    reason: ConflictReason | null;
    kept_by: string | null;
  }>(
    await q.execute(sql`
      select client_id, attendee_id, true as kept, scanned_at as at, null as reason, null as kept_by
        from check_ins
        where check_in_list_id = ${listId}::uuid and client_id in ${ids}
      union all
      select f.client_id, f.attendee_id, false, f.kept_scanned_at, f.reason, c.client_id
        from check_in_conflicts f
        left join check_ins c on c.check_in_list_id = f.check_in_list_id and c.attendee_id = f.attendee_id
        where f.check_in_list_id = ${listId}::uuid and f.client_id in ${ids}`),
  );
  // Raw rows: drivers differ in how they hand back timestamps.
  return rows.map((r) => ({ ...r, at: r.at === null ? null : new Date(r.at) }));
}

/**
 * Inserts check-ins unless the attendee (or the scan) is there already; returns the attendees inserted.
 * Rows go in attendee order so two devices uploading overlapping batches cannot deadlock.
 */
export async function insertCheckIns(q: Queryable, values: (typeof checkIns.$inferInsert)[]) {
  if (values.length === 0) return new Set<string>();
  const sorted = [...values].sort((a, b) => (a.attendee_id < b.attendee_id ? -1 : 1));
  const rows = await q
    .insert(checkIns)
    .values(sorted)
    .onConflictDoNothing()
    .returning({ attendee_id: checkIns.attendee_id });
  return new Set(rows.map((r) => r.attendee_id));
}

/** The list's check-ins of these attendees, locked until the transaction ends (in attendee order). */
export async function lockCheckIns(q: Queryable, listId: string, attendeeIds: string[]) {
  if (attendeeIds.length === 0) return [];
  return q
    .select({
      id: checkIns.id,
      attendee_id: checkIns.attendee_id,
      client_id: checkIns.client_id,
      scanned_at: checkIns.scanned_at,
    })
    .from(checkIns)
    .where(and(eq(checkIns.check_in_list_id, listId), inArray(checkIns.attendee_id, attendeeIds)))
    .orderBy(asc(checkIns.attendee_id))
    .for('update');
}

/** An earlier scan takes the place of the one kept so far (a check-in of this list). */
export async function replaceCheckIn(
  q: Queryable,
  listId: string,
  id: string,
  values: { client_id: string; scanned_at: Date },
) {
  await q
    .update(checkIns)
    .set(values)
    .where(and(eq(checkIns.check_in_list_id, listId), eq(checkIns.id, id)));
}

export async function insertConflicts(q: Queryable, values: (typeof checkInConflicts.$inferInsert)[]) {
  if (values.length === 0) return;
  await q.insert(checkInConflicts).values(values).onConflictDoNothing();
}

/** The list's conflicts for the organizer, newest first (bounded: a list page, not an export). */
export async function listConflicts(q: Queryable, accountId: string, listId: string) {
  return q
    .select({
      id: checkInConflicts.id,
      reason: checkInConflicts.reason,
      scanned_at: checkInConflicts.scanned_at,
      kept_scanned_at: checkInConflicts.kept_scanned_at,
      created_at: checkInConflicts.created_at,
      short_id: attendees.short_id,
      first_name: attendees.first_name,
      last_name: attendees.last_name,
      ticket_name: tickets.name,
      date_starts_at: eventDates.starts_at,
    })
    .from(checkInConflicts)
    .innerJoin(attendees, eq(attendees.id, checkInConflicts.attendee_id))
    .innerJoin(tickets, eq(tickets.id, attendees.ticket_id))
    .leftJoin(eventDates, eq(eventDates.id, attendees.event_date_id))
    .where(and(eq(checkInConflicts.account_id, accountId), eq(checkInConflicts.check_in_list_id, listId)))
    .orderBy(sql`${checkInConflicts.created_at} desc`, asc(checkInConflicts.id))
    .limit(500);
}
