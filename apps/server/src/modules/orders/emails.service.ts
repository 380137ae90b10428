import { ORDER_EMAIL_KINDS, type OrderEmail, type OrderEmailKind } from '@taquilla/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import {
  type EmailRecord,
  emailRecordOf,
  failedEmails,
  findFailedEmail,
  orderEmails,
  retryEmail,
} from '../../lib/mailer.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { logActivity } from './activity.ts';
import * as repo from './orders.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs'>;

const isKind = (k: string | undefined): k is OrderEmailKind =>
  !!k && (ORDER_EMAIL_KINDS as readonly string[]).includes(k);

function present(e: EmailRecord): OrderEmail {
  return {
    id: e.id,
    order_id: e.refs.orderId ?? null,
    kind: isKind(e.refs.kind) ? e.refs.kind : null,
    to: e.to,
    subject: e.subject,
    status: e.status,
    attempts: e.attempts,
    last_error: e.lastError,
    queued_at: e.queuedAt.toISOString(),
    sent_at: e.sentAt?.toISOString() ?? null,
    failed_at: e.failedAt?.toISOString() ?? null,
    // A given-up e-mail can be tried again; one still queued is being tried already.
    actions: { retry: e.status === 'FAILED' },
  };
}

/** GET events/{id}/orders/{orderId}/emails: each of the order's e-mails and where it is. */
export async function listOrderEmails(deps: Deps, auth: AuthContext, eventId: string, orderId: string) {
  assertCan(auth, 'orders:read');
  const order = await repo.findAccountOrder(deps.db, auth.accountId, eventId, orderId);
  if (!order) throw notFound();
  return (await orderEmails(deps.jobs, { accountId: auth.accountId, orderId: order.id })).map(present);
}

/** GET events/{id}/failed-emails: the event's order e-mails given up on, newest first. */
export async function listFailedEmails(deps: Deps, auth: AuthContext, eventId: string) {
  assertCan(auth, 'orders:read');
  const event = await loadOwnedEvent(deps.db, auth, eventId);
  const failed = await failedEmails(deps.jobs, { accountId: auth.accountId, eventId: event.id });
  return failed.map((job) => present(emailRecordOf({ ...job, completedAt: null })));
}

/**
 * POST events/{id}/failed-emails/{emailId}/retry: the e-mail is queued again (the same message, same
 * Message-ID) and its order's log says so.
 */
export async function retryFailedEmail(deps: Deps, auth: AuthContext, eventId: string, emailId: number) {
  assertCan(auth, 'orders:manage');
  const event = await loadOwnedEvent(deps.db, auth, eventId);
  const scope = { accountId: auth.accountId, eventId: event.id };
  const record = await findFailedEmail(deps.jobs, emailId, scope);
  if (!record || !(await retryEmail(deps.jobs, emailId, scope))) throw notFound();
  const { orderId, kind, key } = record.refs;
  if (orderId) {
    await logActivity(deps.db, { id: orderId, account_id: auth.accountId }, 'EMAIL_QUEUED', {
      userId: auth.userId,
      details: { to: record.to, email: kind, key, retry: true },
    });
  }
  return present({ ...record, status: 'QUEUED', failedAt: null, attempts: 0 });
}
