import { dateFormat, formatTime } from '@taquilla/shared/dates';
import type { DoorAnswer, DoorAttendee } from '@taquilla/shared/schemas/check-in';
import type { EventDateRef } from '@taquilla/shared/schemas/event-dates';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps, DbDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { dateParam } from '../../lib/i18n.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import { ADMITTED_ATTENDEE } from '../order-lifecycle/order-lifecycle.ts';
import { doorQuestions } from '../questions/questions.service.ts';
import { checkInMessages as m } from './check-in.messages.ts';
import * as repo from './check-in.repository.ts';

/**
 * The door staff's side (no login): whoever holds the list's link may search its attendees and check
 * them in while the list is active and its event LIVE. Anything else is one 404 that reveals nothing.
 */
export async function activeList(q: Queryable, shortId: string) {
  const found = await repo.findByShortId(q, shortId);
  if (found && opensLater(found)) throw notOpenYet(found);
  if (!found || !isOpen(found)) throw notFound(m['check_in.list_unavailable']);
  return found;
}

type FoundList = NonNullable<Awaited<ReturnType<typeof repo.findByShortId>>>;

/** A live event's list that is not active yet: the door is told when it opens, nothing more. */
function opensLater({ list, event }: FoundList) {
  if (event.status !== 'LIVE' || event.deleted_at || !list.activates_at) return false;
  return list.activates_at.getTime() > Date.now();
}

/** Still a 404 (nothing to do with the list yet), with its own code and the opening in the event's zone. */
function notOpenYet({ list, event }: FoundList) {
  const opens = list.activates_at ?? new Date();
  return new AppError(404, 'CHECK_IN_LIST_NOT_OPEN', m['check_in.list_opens_later'], {
    params: { when: dateParam(opens, event.timezone), timezone: event.timezone },
  });
}

function isOpen({ list, event }: FoundList) {
  const now = Date.now();
  if (event.status !== 'LIVE' || event.deleted_at) return false;
  if (list.activates_at && list.activates_at.getTime() > now) return false;
  return !(list.expires_at && list.expires_at.getTime() <= now);
}

/** `maria@example.com` → `m•••@example.com`: enough to tell two namesakes apart, not to write to them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** Answers to the questions marked "shown at the door", as text; nothing else the buyer answered. */
export const doorAnswers = {
  questions: doorQuestions,
  pick(questions: { id: string; title: string }[], answers: Record<string, unknown>): DoorAnswer[] {
    return questions.flatMap((q) => {
      const value = answers[q.id];
      const text = Array.isArray(value) ? value.join(', ') : value === true ? '✓' : value;
      return typeof text === 'string' && text.trim() ? [{ question: q.title, answer: text }] : [];
    });
  },
};

type DoorRow = Awaited<ReturnType<typeof repo.findByCode>>;

function presentAttendee(row: NonNullable<DoorRow>, dates: Map<string, EventDateRef>): DoorAttendee {
  return {
    short_id: row.short_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: maskEmail(row.email),
    ticket_name: row.ticket_name,
    event_date: refOf(dates, row.event_date_id),
    checked_in_at: row.checked_in_at?.toISOString() ?? null,
  };
}

export async function doorList({ db }: DbDeps, shortId: string) {
  const { list, event } = await activeList(db, shortId);
  const [byList, dates] = await Promise.all([
    repo.countsByList(db, list.account_id, [list.id], ADMITTED_ATTENDEE),
    loadDateRefs(db, [list.event_date_id]),
  ]);
  const counts = byList.get(list.id) ?? repo.NO_COUNTS;
  return {
    short_id: list.short_id,
    name: list.name,
    ticket_ids: list.ticket_ids,
    activates_at: list.activates_at?.toISOString() ?? null,
    expires_at: list.expires_at?.toISOString() ?? null,
    event_date: refOf(dates, list.event_date_id),
    event: {
      name: event.name,
      start_date: event.start_date.toISOString(),
      end_date: event.end_date?.toISOString() ?? null,
      timezone: event.timezone,
    },
    attendees_count: counts.attendees_count,
    checked_in_count: counts.checked_in_count,
  };
}

export async function doorAttendees({ db }: DbDeps, shortId: string, raw: Record<string, unknown>) {
  const params = parseListQuery(raw, repo.doorListSpec);
  const { list } = await activeList(db, shortId);
  const { rows, total } = await repo.searchAttendees(db, list, ADMITTED_ATTENDEE, params);
  const dates = await loadDateRefs(
    db,
    rows.map((r) => r.event_date_id),
  );
  return { data: rows.map((r) => presentAttendee(r, dates)), meta: listMeta(total, params) };
}

/** Day and time of a check-in as the door reads them: in the event's time zone, 24-hour clock. */
export function localTime(date: Date, timezone: string) {
  return {
    date: dateFormat('es-ES', timezone, { day: '2-digit', month: '2-digit' }).format(date),
    time: formatTime(date, timezone, 'es-ES'),
  };
}

export async function undoCheckIn(
  { db, jobs }: DbDeps & Pick<AppDeps, 'jobs'>,
  shortId: string,
  attendeeShortId: string,
) {
  const { list } = await activeList(db, shortId);
  const attendee = await repo.findByCode(db, list, attendeeShortId);
  if (!attendee || attendee.short_id !== attendeeShortId) throw notFound(m['check_in.attendee_not_found']);
  await db.transaction(async (tx) => {
    if (!(await repo.deleteCheckIn(tx, list.id, attendee.id))) throw notFound(m['check_in.not_checked_in']);
    const change = {
      accountId: list.account_id,
      eventId: list.event_id,
      listId: list.id,
      ids: [attendee.id],
    };
    await emitWebhook(jobs, 'checkin.undone', change, tx);
  });
  const dates = await loadDateRefs(db, [attendee.event_date_id]);
  return presentAttendee({ ...attendee, checked_in_at: null }, dates);
}
