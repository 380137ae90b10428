import type { Locale } from '@taquilla/shared';
import type {
  DoorAttendee,
  DoorCheckInBatch,
  DoorCheckInResult,
  DoorSnapshot,
  DoorVerdict,
} from '@taquilla/shared/schemas/check-in';
import type { EventDateRef } from '@taquilla/shared/schemas/event-dates';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps, DbDeps } from '../../deps.ts';
import { invalid } from '../../lib/errors.ts';
import { dateParam, type MessageParams, t } from '../../lib/i18n.ts';
import { hashToken } from '../../lib/ids.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import { activeList, doorAnswers, localTime, maskEmail } from './check-in.door.ts';
import { checkInMessages as m } from './check-in.messages.ts';
import type { CheckInListRow } from './check-in.repository.ts';
import * as repo from './check-in.sync.repository.ts';

/** Client ids of the scans the organizer makes from the back office (check-in.back-office.ts). */
export const DESK_SCAN_PREFIX = 'desk-';

/** Rows per snapshot page: a phone stores a page in one IndexedDB transaction. */
export const SNAPSHOT_PAGE = 1000;

/** `floor` alone (complete), or `floor.version.shortId` to go on after that row. */
const VERSION = /^(\d{1,19})(?:\.(\d{1,19})\.([A-Za-z0-9_]{1,64}))?$/;

function parseVersion(since: string | undefined) {
  if (!since) return { floor: 0, after: null };
  const match = VERSION.exec(since);
  if (!match) throw invalid({ since: m['check_in.bad_version'] });
  const [, floor, version, shortId] = match;
  return {
    floor: Number(floor),
    after: version && shortId ? { version: Number(version), shortId } : null,
  };
}

/**
 * GET …/snapshot?since=<version>: the door's local copy of its event's attendees, changed since `since`.
 * The floor is taken before the rows are read and travels in the version until the paging ends.
 */
export async function doorSnapshot(
  { db }: DbDeps,
  shortId: string,
  query: { since?: string; per_page?: number },
): Promise<DoorSnapshot> {
  const from = parseVersion(query.since);
  const limit = query.per_page ?? SNAPSHOT_PAGE;
  const { list } = await activeList(db, shortId);
  const floor = from.after ? from.floor : await repo.versionFloor(db);
  const [rows, questions] = await Promise.all([
    repo.changedAttendees(db, list, { floor: from.floor, after: from.after }, limit),
    doorAnswers.questions(db, list.event_id),
  ]);
  const dates = await loadDateRefs(
    db,
    rows.map((r) => r.event_date_id),
  );
  const last = rows.at(-1);
  const complete = rows.length < limit || !last;
  return {
    data: rows.map((r) => {
      if (r.revoked) {
        // A code revoked by a transfer: a synced device refuses it offline; nothing about anyone.
        return {
          short_id: r.short_id,
          first_name: '',
          last_name: '',
          email: '',
          ticket_id: r.ticket_id,
          ticket_name: r.ticket_name,
          event_date: null,
          status: 'TRANSFERRED' as const,
          qr_hash: r.revoked.qr_hash,
          checked_in_at: null,
          answers: [],
        };
      }
      // Holders of other tickets or dates: enough to say "not valid for this list", nothing about the person.
      const covered = coversTicket(list, r) && coversDate(list, r);
      return {
        short_id: r.short_id,
        first_name: covered ? r.first_name : '',
        last_name: covered ? r.last_name : '',
        email: covered ? maskEmail(r.email) : '',
        ticket_id: r.ticket_id,
        ticket_name: r.ticket_name,
        event_date: refOf(dates, r.event_date_id),
        status: r.status,
        qr_hash: hashToken(r.qr_secret),
        checked_in_at: r.checked_in_at?.toISOString() ?? null,
        answers: covered ? doorAnswers.pick(questions, r.answers) : [],
      };
    }),
    meta: {
      version: complete || !last ? String(floor) : `${floor}.${last.door_version}.${last.short_id}`,
      complete,
    },
  };
}

type Item = DoorCheckInBatch['check_ins'][number] & { at: Date };
type Attendee = repo.CodeRow;
/** A conflict also says why, and which scan was kept (`desk-…` from the back office, else a door device). */
type Answer = {
  verdict: DoorVerdict;
  attendee: Attendee | null;
  at: Date | null;
  reason?: repo.ConflictReason | null;
  keptBy?: string | null;
};

/** A device clock ahead of the server's cannot put a scan in the future. */
const scanTime = (iso: string, now: number) => new Date(Math.min(new Date(iso).getTime(), now));

type Refusal = 'CANCELLED' | 'AWAITING_PAYMENT' | 'NOT_COVERED' | 'WRONG_DATE';

/** Code → attendee, for the codes that a transfer revoked. */
function revokedByCode(
  asked: { code: string; hash: string }[],
  transfers: Awaited<ReturnType<typeof repo.transfersByCodes>>,
) {
  const out = new Map<string, string>();
  for (const { code, hash } of asked) {
    const hit = transfers.find((t) => t.old_short_id === code || t.old_qr_hash === hash);
    if (hit) out.set(code, hit.attendee_id);
  }
  return out;
}

const coversTicket = (list: CheckInListRow, a: { ticket_id: string }) =>
  !list.ticket_ids.length || list.ticket_ids.includes(a.ticket_id);
/** A list bound to one date admits only that date's tickets (an undated ticket is not of that date). */
const coversDate = (list: CheckInListRow, a: { event_date_id: string | null }) =>
  !list.event_date_id || a.event_date_id === list.event_date_id;

/** The one place the door decides who may not enter, whatever the ticket's check-in state. */
function refusal(list: CheckInListRow, a: Attendee): Refusal | null {
  if (a.status === 'CANCELLED') return 'CANCELLED';
  if (a.status === 'AWAITING_PAYMENT') return 'AWAITING_PAYMENT';
  if (!coversTicket(list, a)) return 'NOT_COVERED';
  if (!coversDate(list, a)) return 'WRONG_DATE';
  return null;
}

/**
 * POST …/check-ins: one answer per scan, in one transaction. A scan answered before (same client_id) gets
 * the same answer. Among scans of the same attendee the earliest by scan time is kept; a later scan the
 * door already let in offline is recorded as a conflict, one asked online is simply refused.
 */
export async function uploadCheckIns(
  { db, jobs }: DbDeps & Pick<AppDeps, 'jobs'>,
  shortId: string,
  batch: DoorCheckInBatch,
  locale: Locale,
): Promise<DoorCheckInResult[]> {
  const { list, event } = await activeList(db, shortId);
  const now = Date.now();
  const items: Item[] = batch.check_ins.map((i) => ({ ...i, at: scanTime(i.scanned_at, now) }));
  // Reads first, in parallel and outside the transaction: the writes below settle any race with the
  // unique indexes and row locks, so the transaction holds its connection only for them.
  const codes = [...new Set(items.map((i) => i.code))];
  const [people, answered] = await Promise.all([
    repo.attendeesByCodes(db, list.event_id, codes),
    repo.answeredScans(
      db,
      list.id,
      items.map((i) => i.client_id),
    ),
  ]);
  const known = new Set(people.flatMap((p) => [p.short_id, p.qr_secret]));
  const unknown = codes.filter((c) => !known.has(c)).map((code) => ({ code, hash: hashToken(code) }));
  const revoked = revokedByCode(unknown, await repo.transfersByCodes(db, list.event_id, unknown));
  // One transaction: the admitted attendees stay locked (FOR NO KEY UPDATE) until their check-ins are written, so
  // a transfer of the same ticket (FOR UPDATE) either comes first and changes the code, or waits and then
  // sees the check-in. Offline scans may also record conflicts and move a check-in to an earlier scan.
  const answers = await db.transaction((tx) => decide(tx, jobs, list, items, people, answered, revoked));
  const dates = await loadDateRefs(db, [list.event_date_id, ...people.map((p) => p.event_date_id)]);
  const ctx = {
    locale,
    timezone: event.timezone,
    listName: list.name,
    listDate: refOf(dates, list.event_date_id),
    dates,
  };
  return items.map((item) => {
    const answer = answers.get(item.client_id) ?? { verdict: 'NOT_FOUND' as const, attendee: null, at: null };
    return present(item, answer, ctx);
  });
}

async function decide(
  q: Queryable,
  jobs: JobQueue,
  list: CheckInListRow,
  items: Item[],
  people: Attendee[],
  answered: Awaited<ReturnType<typeof repo.answeredScans>>,
  revoked: Map<string, string>,
): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  const byCode = new Map<string, Attendee>();
  const byId = new Map<string, Attendee>();
  for (const p of people) {
    byCode.set(p.qr_secret, p);
    byCode.set(p.short_id, p);
    byId.set(p.id, p);
  }

  for (const a of answered) {
    answers.set(a.client_id, {
      verdict: a.kept ? 'ADMITTED' : 'CONFLICT',
      attendee: byId.get(a.attendee_id) ?? null,
      at: a.at,
      reason: a.reason,
      keptBy: a.kept_by,
    });
  }

  const pending = items
    .filter((i) => !answers.has(i.client_id))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const refusedOffline: Parameters<typeof repo.insertConflicts>[1] = [];
  const earliest = new Map<string, Item>();
  for (const item of pending) {
    const attendee = byCode.get(item.code) ?? null;
    const transferredId = attendee ? undefined : revoked.get(item.code);
    if (transferredId) {
      answers.set(item.client_id, {
        verdict: item.offline ? 'CONFLICT' : 'TRANSFERRED',
        attendee: null,
        at: null,
        reason: 'TRANSFERRED',
      });
      if (item.offline) refusedOffline.push(conflictRow(list, transferredId, item, 'TRANSFERRED', null));
      continue;
    }
    if (!attendee) {
      answers.set(item.client_id, { verdict: 'NOT_FOUND', attendee: null, at: null });
      continue;
    }
    const refused = refusal(list, attendee);
    if (refused) {
      answers.set(item.client_id, {
        verdict: item.offline ? 'CONFLICT' : refused,
        attendee,
        at: null,
        reason: refused,
      });
      if (item.offline) refusedOffline.push(conflictRow(list, attendee.id, item, refused, null));
      continue;
    }
    if (!earliest.has(attendee.id)) earliest.set(attendee.id, item);
  }
  // Under the lock: a code changed by a transfer that committed since the read above no longer admits.
  const current = await repo.lockCurrentCodes(q, [...earliest.keys()]);
  for (const [attendeeId, item] of earliest) {
    const now = current.get(attendeeId);
    if (now && (now.short_id === item.code || now.qr_secret === item.code)) continue;
    earliest.delete(attendeeId);
    for (const other of pending) {
      if (other.code !== item.code || answers.has(other.client_id)) continue;
      answers.set(other.client_id, {
        verdict: other.offline ? 'CONFLICT' : 'TRANSFERRED',
        attendee: null,
        at: null,
        reason: 'TRANSFERRED',
      });
      if (other.offline) refusedOffline.push(conflictRow(list, attendeeId, other, 'TRANSFERRED', null));
    }
  }
  await repo.insertConflicts(q, refusedOffline);

  const inserted = await repo.insertCheckIns(
    q,
    [...earliest].map(([attendeeId, item]) => ({
      account_id: list.account_id,
      event_id: list.event_id,
      check_in_list_id: list.id,
      attendee_id: attendeeId,
      client_id: item.client_id,
      scanned_at: item.at,
    })),
  );
  if (inserted.size) {
    const change = {
      accountId: list.account_id,
      eventId: list.event_id,
      listId: list.id,
      ids: [...inserted],
    };
    await emitWebhook(jobs, 'checkin.created', change, q);
  }
  for (const id of inserted) {
    const item = earliest.get(id);
    if (item)
      answers.set(item.client_id, { verdict: 'ADMITTED', attendee: byId.get(id) ?? null, at: item.at });
  }

  // Everything else met a check-in already there (or one this batch just made): first by scan time wins.
  const collisions = pending.filter((i) => !answers.has(i.client_id));
  const locked = await repo.lockCheckIns(
    q,
    list.id,
    [...new Set(collisions.map((i) => byCode.get(i.code)?.id ?? ''))].filter(Boolean),
  );
  const held = new Map(locked.map((h) => [h.attendee_id, h]));
  const recorded: Parameters<typeof repo.insertConflicts>[1] = [];
  for (const item of collisions) {
    const attendee = byCode.get(item.code);
    const existing = attendee && held.get(attendee.id);
    if (!attendee || !existing) {
      answers.set(item.client_id, { verdict: 'NOT_FOUND', attendee: attendee ?? null, at: null });
      continue;
    }
    if (existing.client_id === item.client_id) {
      // The same scan sent twice at once: the other request kept it.
      answers.set(item.client_id, { verdict: 'ADMITTED', attendee, at: existing.scanned_at });
    } else if (!item.offline) {
      answers.set(item.client_id, { verdict: 'ALREADY_CHECKED_IN', attendee, at: existing.scanned_at });
    } else if (existing.scanned_at <= item.at) {
      recorded.push(conflictRow(list, attendee.id, item, 'ALREADY_CHECKED_IN', existing.scanned_at));
      answers.set(item.client_id, {
        verdict: 'CONFLICT',
        attendee,
        at: existing.scanned_at,
        reason: 'ALREADY_CHECKED_IN',
        keptBy: existing.client_id,
      });
    } else {
      // This offline scan came first: it is the one kept, the later one becomes the conflict.
      const displaced = { client_id: existing.client_id ?? existing.id, at: existing.scanned_at };
      recorded.push(conflictRow(list, attendee.id, displaced, 'ALREADY_CHECKED_IN', item.at));
      await repo.replaceCheckIn(q, list.id, existing.id, { client_id: item.client_id, scanned_at: item.at });
      held.set(attendee.id, { ...existing, client_id: item.client_id, scanned_at: item.at });
      answers.set(item.client_id, { verdict: 'ADMITTED', attendee, at: item.at });
    }
  }
  await repo.insertConflicts(q, recorded);
  return answers;
}

function conflictRow(
  list: CheckInListRow,
  attendeeId: string,
  scan: { client_id: string; at: Date },
  reason: 'ALREADY_CHECKED_IN' | 'TRANSFERRED' | Refusal,
  keptAt: Date | null,
) {
  return {
    account_id: list.account_id,
    event_id: list.event_id,
    check_in_list_id: list.id,
    attendee_id: attendeeId,
    reason,
    client_id: scan.client_id,
    scanned_at: scan.at,
    kept_scanned_at: keptAt,
  };
}

const verdictMessage: Record<DoorVerdict, string> = {
  ADMITTED: m['check_in.admitted'],
  ALREADY_CHECKED_IN: m['check_in.already_checked_in'],
  CONFLICT: m['check_in.conflict_recorded'],
  NOT_COVERED: m['check_in.ticket_not_covered'],
  CANCELLED: m['check_in.attendee_cancelled'],
  AWAITING_PAYMENT: m['check_in.attendee_awaiting_payment'],
  NOT_FOUND: m['check_in.attendee_not_found'],
  TRANSFERRED: m['check_in.ticket_transferred'],
  WRONG_DATE: m['check_in.wrong_date'],
};

/** The sentence for a verdict; a ticket without a date refused by a dated list has its own. */
function verdictKey(verdict: DoorVerdict, ticketDate: EventDateRef | null) {
  return verdict === 'WRONG_DATE' && !ticketDate ? m['check_in.wrong_date_undated'] : verdictMessage[verdict];
}

type PresentContext = {
  locale: Locale;
  timezone: string;
  listName: string;
  listDate: EventDateRef | null;
  dates: Map<string, EventDateRef>;
};

/** A date as the door's sentences say it: day and time in the event's time zone, in the reader's language. */
const dateOf = (ref: EventDateRef | null, timezone: string) =>
  ref ? dateParam(new Date(ref.starts_at), timezone) : '';

function present(item: Item, answer: Answer, ctx: PresentContext): DoorCheckInResult {
  const a = answer.attendee;
  const ticketDate = a ? refOf(ctx.dates, a.event_date_id) : null;
  const attendee: DoorAttendee | null = a && {
    short_id: a.short_id,
    first_name: a.first_name,
    last_name: a.last_name,
    email: maskEmail(a.email),
    ticket_name: a.ticket_name,
    event_date: ticketDate,
    checked_in_at: answer.at?.toISOString() ?? null,
  };
  const params: MessageParams = {
    name: a ? `${a.first_name} ${a.last_name}` : '',
    ticket: a?.ticket_name ?? '',
    list: ctx.listName,
    ...localTime(answer.at ?? item.at, ctx.timezone),
    ticket_date: dateOf(ticketDate, ctx.timezone),
    list_date: dateOf(ctx.listDate, ctx.timezone),
  };
  return {
    client_id: item.client_id,
    verdict: answer.verdict,
    attendee,
    checked_in_at: answer.at?.toISOString() ?? null,
    message:
      answer.verdict === 'CONFLICT'
        ? conflictMessage(answer, ctx.locale, params, ticketDate)
        : t(ctx.locale, verdictKey(answer.verdict, ticketDate), params),
  };
}

/**
 * What the door that let someone in offline is told after the upload: when and where they had already
 * entered (the desk in the back office or another device of the list), or why the ticket was not valid.
 */
function conflictMessage(
  answer: Answer,
  locale: Locale,
  params: MessageParams,
  ticketDate: EventDateRef | null,
) {
  const { reason, keptBy } = answer;
  if (reason && reason !== 'ALREADY_CHECKED_IN') {
    const why = t(locale, verdictKey(reason, ticketDate), params);
    return t(locale, m['check_in.conflict_refused'], { reason: why });
  }
  if (reason === 'ALREADY_CHECKED_IN' && answer.at) {
    const key = keptBy?.startsWith(DESK_SCAN_PREFIX)
      ? m['check_in.conflict_used_at_desk']
      : m['check_in.conflict_used_at_door'];
    return t(locale, key, params);
  }
  return t(locale, m['check_in.conflict_recorded'], params);
}
