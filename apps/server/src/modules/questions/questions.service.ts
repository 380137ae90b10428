import type { Locale } from '@taquilla/shared';
import { DEFAULT_QUESTION_KEYS, type Question, type QuestionInput } from '@taquilla/shared/schemas/questions';
import type { Queryable } from '../../db/client.ts';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { isUuid } from '../../lib/ids.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { unknownTicketIds } from '../tickets/tickets.service.ts';
import { questionMessages as m } from './questions.messages.ts';
import * as repo from './questions.repository.ts';

export const isDefaultQuestionId = (id: string) => id.startsWith('default:');

/** The built-in questions (first name, last name, e-mail): listed first, never stored nor editable. */
export function defaultQuestions(eventId: string, locale: Locale): Question[] {
  return DEFAULT_QUESTION_KEYS.map((key, i) => ({
    id: `default:${key}`,
    event_id: eventId,
    title: t(locale, m[`questions.default_${key}`]),
    description: null,
    type: 'SINGLE_LINE_TEXT',
    belongs_to: 'ORDER',
    ticket_ids: [],
    options: [],
    required: true,
    is_hidden: false,
    show_at_door: false,
    is_default: true,
    sort_order: i - DEFAULT_QUESTION_KEYS.length,
  }));
}

export function presentQuestion(row: repo.QuestionRow): Question {
  return {
    id: row.id,
    event_id: row.event_id,
    title: row.title,
    description: row.description,
    type: row.type,
    belongs_to: row.belongs_to,
    ticket_ids: row.ticket_ids,
    options: row.options,
    required: row.required,
    is_hidden: row.is_hidden,
    show_at_door: row.show_at_door,
    is_default: false,
    sort_order: row.sort_order,
  };
}

/** The event's own questions in display order, for the public read model and checkout. */
export async function loadEventQuestions(q: Queryable, eventId: string) {
  return (await repo.eventQuestions(q, eventId)).map(presentQuestion);
}

/** The attendee questions whose answers the door shows (check-in), in display order. */
export async function doorQuestions(q: Queryable, eventId: string) {
  return (await repo.eventQuestions(q, eventId))
    .filter((row) => row.show_at_door && row.belongs_to === 'ATTENDEE')
    .map((row) => ({ id: row.id, title: row.title }));
}

/** The defaults come first on page 1 and count in `total`. */
export async function listQuestions(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
  locale: Locale,
) {
  assertCan(auth, 'events:read');
  const params = parseListQuery(raw, repo.questionListSpec);
  await loadOwnedEvent(db, auth, eventId);
  const { rows, total } = await repo.listQuestions(db, auth.accountId, eventId, params);
  const showDefaults = params.page === 1 && !params.query && !params.where;
  const data = [...(showDefaults ? defaultQuestions(eventId, locale) : []), ...rows.map(presentQuestion)];
  return { data, meta: listMeta(total + (params.query || params.where ? 0 : 3), params) };
}

async function loadOwn(q: Queryable, auth: AuthContext, eventId: string, id: string) {
  await loadOwnedEvent(q, auth, eventId);
  if (isDefaultQuestionId(id)) return null;
  const row = isUuid(id) ? await repo.findQuestion(q, auth.accountId, eventId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getQuestion(
  q: Queryable,
  auth: AuthContext,
  eventId: string,
  id: string,
  locale: Locale,
) {
  assertCan(auth, 'events:read');
  const row = await loadOwn(q, auth, eventId, id);
  if (row) return presentQuestion(row);
  const found = defaultQuestions(eventId, locale).find((d) => d.id === id);
  if (!found) throw notFound();
  return found;
}

async function values(q: Queryable, eventId: string, input: QuestionInput) {
  const ticketIds = input.belongs_to === 'ATTENDEE' ? [...new Set(input.ticket_ids ?? [])] : [];
  if ((await unknownTicketIds(q, eventId, ticketIds)).length) {
    throw invalid({ ticket_ids: m['questions.unknown_ticket'] });
  }
  const choice = ['CHECKBOX', 'RADIO', 'DROPDOWN', 'MULTI_SELECT'].includes(input.type);
  return {
    title: input.title,
    description: input.description?.trim() || null,
    type: input.type,
    belongs_to: input.belongs_to,
    ticket_ids: ticketIds,
    options: choice ? (input.options ?? []) : [],
    required: input.required ?? false,
    is_hidden: input.is_hidden ?? false,
    show_at_door: input.belongs_to === 'ATTENDEE' && (input.show_at_door ?? false),
  };
}

export async function createQuestion(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  input: QuestionInput,
) {
  assertCan(auth, 'events:manage');
  const row = await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    return repo.insertQuestion(tx, {
      ...(await values(tx, eventId, input)),
      account_id: auth.accountId,
      event_id: eventId,
      sort_order: await repo.nextSortOrder(tx, eventId),
    });
  });
  return presentQuestion(row);
}

export async function updateQuestion(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  id: string,
  input: QuestionInput,
) {
  assertCan(auth, 'events:manage');
  return db.transaction(async (tx) => {
    const row = await loadOwn(tx, auth, eventId, id);
    if (!row) throw conflict(m['questions.default_not_editable']);
    await repo.updateQuestion(tx, auth.accountId, id, await values(tx, eventId, input));
    return presentQuestion((await repo.findQuestion(tx, auth.accountId, eventId, id))!);
  });
}

export async function deleteQuestion({ db }: DbDeps, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:manage');
  await db.transaction(async (tx) => {
    const row = await loadOwn(tx, auth, eventId, id);
    if (!row) throw conflict(m['questions.default_not_editable']);
    await repo.deleteQuestion(tx, auth.accountId, id);
  });
}

export async function sortQuestions({ db }: DbDeps, auth: AuthContext, eventId: string, ids: string[]) {
  assertCan(auth, 'events:manage');
  await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    const all = (await repo.eventQuestions(tx, eventId)).map((r) => r.id);
    const unique = [...new Set(ids)];
    if (unique.some((id) => !all.includes(id))) throw invalid({ ids: m['questions.unknown_ticket'] });
    await repo.setSortOrders(tx, eventId, [...unique, ...all.filter((id) => !unique.includes(id))]);
  });
}
