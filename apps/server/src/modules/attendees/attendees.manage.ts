import type { Permission } from '@taquilla/shared';
import type {
  AttendeeUpdateInput,
  ManageAttendee,
  ManageAttendeeDetail,
} from '@taquilla/shared/schemas/attendees';
import type { EventDateRef } from '@taquilla/shared/schemas/event-dates';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, type FieldError, invalid, notFound } from '../../lib/errors.ts';
import { defineMessages } from '../../lib/i18n.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { assertDateFilter } from '../event-dates/date-filter.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { attendeeActions, resendAttendeeRefusal } from '../order-lifecycle/order-lifecycle.ts';
import { logActivity } from '../orders/activity.ts';
import { resendTicketEmail } from '../orders/orders.service.ts';
import { answeredQuestion, checkAnswers } from '../questions/answers.ts';
import { loadEventQuestions } from '../questions/questions.service.ts';
import * as repo from './attendees.manage.repository.ts';

/** The organizer's side of attendees: list, correct the holder's details, send the ticket again. */
type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

// The message the shared attendee schema names as its error.
defineMessages({
  'attendees.name_length': 'Debe tener entre 1 y 50 caracteres.',
});

function present(
  auth: AuthContext,
  row: repo.ManageAttendeeRow,
  dates: Map<string, EventDateRef>,
): ManageAttendee {
  const a = row.attendee;
  return {
    id: a.id,
    short_id: a.short_id,
    first_name: a.first_name,
    last_name: a.last_name,
    email: a.email,
    status: a.status,
    ticket_id: a.ticket_id,
    ticket_name: row.ticket_name,
    price_label: row.price_label,
    order_id: a.order_id,
    order_short_id: row.order_short_id,
    order_status: row.order_status,
    event_date: refOf(dates, a.event_date_id),
    answers: a.answers,
    checked_in_at: row.checked_in_at?.toISOString() ?? null,
    created_at: a.created_at.toISOString(),
    actions: attendeeActions(auth, a, { status: row.order_status }),
  };
}

export async function listAttendees(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
) {
  assertCan(auth, 'orders:read');
  const params = parseListQuery(raw, repo.attendeeListSpec);
  await loadOwnedEvent(deps.db, auth, eventId);
  await assertDateFilter(deps.db, auth.accountId, eventId, params.filters);
  const { rows, total } = await repo.listAttendees(deps.db, auth.accountId, eventId, params);
  const dates = await loadDateRefs(
    deps.db,
    rows.map((r) => r.attendee.event_date_id),
  );
  return { data: rows.map((row) => present(auth, row, dates)), meta: listMeta(total, params) };
}

/** Whether checkout asks this question of a ticket's holder (no tickets chosen: every ticket). */
const asksTicket = (q: { ticket_ids: string[] }, ticketId: string) =>
  q.ticket_ids.length === 0 || q.ticket_ids.includes(ticketId);

async function owned(deps: Deps, auth: AuthContext, eventId: string, id: string, permission: Permission) {
  assertCan(auth, permission);
  const row = await repo.findAttendee(deps.db, auth.accountId, eventId, id);
  if (!row) throw notFound();
  return row;
}

export async function getAttendee(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  id: string,
): Promise<ManageAttendeeDetail> {
  const row = await owned(deps, auth, eventId, id, 'orders:read');
  const [checkIns, questions, dates] = await Promise.all([
    repo.attendeeCheckIns(deps.db, auth.accountId, id),
    loadEventQuestions(deps.db, eventId),
    loadDateRefs(deps.db, [row.attendee.event_date_id]),
  ]);
  return {
    ...present(auth, row, dates),
    check_ins: checkIns.map((c) => ({ list_name: c.list_name, created_at: c.created_at.toISOString() })),
    // The order's questions, and the attendee questions checkout asked for this ticket (the edit form's).
    questions: questions
      .filter((q) => q.belongs_to === 'ORDER' || asksTicket(q, row.attendee.ticket_id))
      .map(answeredQuestion),
  };
}

/** The ticket and its QR code stay the same; only who holds it changes. */
export async function updateAttendee(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  id: string,
  input: AttendeeUpdateInput,
) {
  const { attendee } = await owned(deps, auth, eventId, id, 'orders:manage');
  let answers = attendee.answers;
  if (input.answers) {
    const asked = (await loadEventQuestions(deps.db, eventId)).filter(
      (q) => q.belongs_to === 'ATTENDEE' && asksTicket(q, attendee.ticket_id),
    );
    const fields: Record<string, FieldError | string> = {};
    checkAnswers(asked, input.answers, 'answers', fields);
    if (Object.keys(fields).length > 0) throw invalid(fields);
    // Answers to questions deleted since the sale stay as they were: the form no longer sends them.
    const askedIds = new Set(asked.map((q) => q.id));
    answers = {
      ...Object.fromEntries(Object.entries(attendee.answers).filter(([qid]) => !askedIds.has(qid))),
      ...input.answers,
    };
  }
  const next = {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email.trim().toLowerCase(),
    answers,
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
    (k) => JSON.stringify(next[k]) !== JSON.stringify(attendee[k]),
  );
  if (changed.length === 0) return getAttendee(deps, auth, eventId, id);
  await deps.db.transaction(async (tx) => {
    await repo.updateAttendee(tx, auth.accountId, id, next);
    const order = { id: attendee.order_id, account_id: auth.accountId };
    const holder = `${next.first_name} ${next.last_name}`;
    await logActivity(tx, order, 'ATTENDEE_EDITED', {
      userId: auth.userId,
      details: { attendee: holder, fields: changed },
    });
    await emitWebhook(deps.jobs, 'attendee.updated', { accountId: auth.accountId, eventId, ids: [id] }, tx);
  });
  return getAttendee(deps, auth, eventId, id);
}

/** Queues the ticket e-mail to the attendee's current address (in the order's language). */
export async function resendTicket(deps: Deps, auth: AuthContext, eventId: string, id: string) {
  const row = await owned(deps, auth, eventId, id, 'orders:manage');
  const refusal = resendAttendeeRefusal(row.attendee);
  if (refusal) throw conflict(refusal);
  await resendTicketEmail(deps, auth, eventId, row.attendee, row.ticket_name);
}
