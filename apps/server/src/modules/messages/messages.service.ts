import type { Locale, Permission } from '@taquilla/shared';
import type {
  AudienceCount,
  FailedDelivery,
  Message,
  MessageAudience,
  MessageInput,
  MessageTestResult,
} from '@taquilla/shared/schemas/messages';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { enqueueEmail } from '../../lib/mailer.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';
import { isEventDate } from '../event-dates/date-filter.ts';
import { messageEmail } from './messages.email.ts';
import { messagesMessages as m } from './messages.messages.ts';
import * as repo from './messages.repository.ts';
import { BATCH_JOB, RECIPIENTS, START_JOB } from './messages.sender.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs'>;

function present(
  row: repo.MessageRow,
  counts: repo.DeliveryCounts | undefined,
  author: Message['author'] | undefined,
): Message {
  return {
    id: row.id,
    event_id: row.event_id,
    subject: row.subject,
    body: row.body,
    audience: row.audience,
    status: row.status,
    send_at: row.send_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    author: author ?? null,
    recipients_count: row.recipients_count,
    sent_count: counts?.sent ?? 0,
    failed_count: counts?.failed ?? 0,
    created_at: row.created_at.toISOString(),
  };
}

async function presentAll(deps: Deps, rows: repo.MessageRow[]) {
  const [counts, authors] = await Promise.all([
    repo.deliveryCounts(
      deps.db,
      rows.map((r) => r.id),
    ),
    repo.authorsById(deps.db, [...new Set(rows.flatMap((r) => (r.author_id ? [r.author_id] : [])))]),
  ]);
  return rows.map((r) => present(r, counts.get(r.id), r.author_id ? authors.get(r.author_id) : undefined));
}

async function ownedEvent(deps: Deps, auth: AuthContext, eventId: string, permission: Permission) {
  assertCan(auth, permission);
  const event = await repo.findMessageEvent(deps.db, auth.accountId, eventId);
  if (!event) throw notFound();
  return event;
}

/**
 * The audience may only name this event's tickets and dates (attendee ids outside the event simply match
 * nobody).
 */
async function checkAudience(deps: Deps, auth: AuthContext, eventId: string, audience: MessageAudience) {
  const ids = [...new Set(audience.ticket_ids ?? [])];
  if (ids.length && (await repo.countEventTickets(deps.db, auth.accountId, eventId, ids)) !== ids.length)
    throw invalid({ 'audience.ticket_ids': m['messages.unknown_tickets'] });
  const dateId = audience.event_date_id;
  if (dateId && !(await isEventDate(deps.db, auth.accountId, eventId, dateId)))
    throw invalid({ 'audience.event_date_id': m['messages.unknown_date'] });
}

export async function countAudience(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  audience: MessageAudience,
): Promise<AudienceCount> {
  await ownedEvent(deps, auth, eventId, 'events:manage');
  await checkAudience(deps, auth, eventId, audience);
  return {
    recipients_count: await repo.countRecipients(deps.db, auth.accountId, eventId, audience, RECIPIENTS),
  };
}

/**
 * Sends now or schedules (send_at in the future): the message and its start job are written together, so
 * a message exists only with its job. `is_test` mails the caller alone and records nothing.
 */
export async function createMessage(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  input: MessageInput,
  /** The caller's language, for a test copy. */
  locale: Locale,
): Promise<Message | MessageTestResult> {
  const event = await ownedEvent(deps, auth, eventId, 'events:manage');
  await checkAudience(deps, auth, eventId, input.audience);
  const body = sanitizeRichText(input.body);
  if (!body.trim()) throw invalid({ body: m['messages.body_required'] });

  if (input.is_test) {
    const me = await repo.findUserContact(deps.db, auth.userId);
    if (!me) throw notFound();
    await enqueueEmail(
      deps.jobs,
      messageEmail({ subject: input.subject, body }, event, { ...me, locale }, { test: true }),
    );
    return { is_test: true, sent_to: me.email };
  }

  const recipients = await repo.countRecipients(deps.db, auth.accountId, eventId, input.audience, RECIPIENTS);
  if (recipients === 0) throw invalid({ audience: m['messages.no_recipients'] });
  const now = new Date();
  const sendAt = input.send_at ? new Date(input.send_at) : now;
  const row = await deps.db.transaction(async (tx) => {
    const message = await repo.insertMessage(tx, {
      account_id: auth.accountId,
      event_id: eventId,
      author_id: auth.userId,
      subject: input.subject,
      body,
      audience: input.audience,
      send_at: sendAt < now ? now : sendAt,
      recipients_count: recipients,
      acknowledged_at: now,
    });
    await deps.jobs.enqueue(
      START_JOB,
      { account_id: auth.accountId, message_id: message.id },
      { tx, runAt: message.send_at },
    );
    return message;
  });
  return one(await presentAll(deps, [row]));
}

export async function listMessages(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
) {
  const params = parseListQuery(raw, repo.messageListSpec);
  await ownedEvent(deps, auth, eventId, 'orders:read');
  const { rows, total } = await repo.listMessages(deps.db, auth.accountId, eventId, params);
  return { data: await presentAll(deps, rows), meta: listMeta(total, params) };
}

export async function getMessage(deps: Deps, auth: AuthContext, eventId: string, id: string) {
  await ownedEvent(deps, auth, eventId, 'orders:read');
  const row = await repo.findMessage(deps.db, auth.accountId, eventId, id);
  if (!row) throw notFound();
  return one(await presentAll(deps, [row]));
}

/** A scheduled message that has not started sending; its start job then finds it cancelled. */
export async function cancelMessage(deps: Deps, auth: AuthContext, eventId: string, id: string) {
  await ownedEvent(deps, auth, eventId, 'events:manage');
  const row = await repo.findMessage(deps.db, auth.accountId, eventId, id);
  if (!row) throw notFound();
  const moved = await repo.moveMessage(deps.db, auth.accountId, id, ['SCHEDULED'], { status: 'CANCELLED' });
  if (!moved) throw conflict(m['messages.not_scheduled']);
  return getMessage(deps, auth, eventId, id);
}

/** GET events/{id}/messages/failed-deliveries: the recipients the event's messages could not reach. */
export async function listFailedDeliveries(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
): Promise<FailedDelivery[]> {
  await ownedEvent(deps, auth, eventId, 'orders:read');
  return repo.listFailedDeliveries(deps.db, auth.accountId, eventId);
}

/**
 * POST events/{id}/messages/{messageId}/retry-failed: the message's failed recipients are tried again
 * (each keeps its Message-ID); a finished message goes back to SENDING and a batch is queued.
 */
export async function retryFailedDeliveries(deps: Deps, auth: AuthContext, eventId: string, id: string) {
  await ownedEvent(deps, auth, eventId, 'events:manage');
  return deps.db.transaction(async (tx) => {
    const row = await repo.findMessage(tx, auth.accountId, eventId, id);
    if (!row) throw notFound();
    const retried = await repo.retryFailedDeliveries(tx, id);
    if (retried > 0) {
      await repo.moveMessage(tx, auth.accountId, id, ['SENT', 'FAILED'], { status: 'SENDING' });
      await deps.jobs.enqueue(BATCH_JOB, { account_id: auth.accountId, message_id: id }, { tx });
    }
    return { retried };
  });
}
