import { MESSAGE_ORDER_STATUSES } from '@taquilla/shared/schemas/messages';
import type { AppDeps } from '../../deps.ts';
import { htmlToText } from '../../lib/html.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { messageEmail } from './messages.email.ts';
import type { RecipientRule } from './messages.repository.ts';
import * as repo from './messages.repository.ts';

/** Messages go to orders that hold tickets (unless the audience names states), never to cancelled attendees. */
export const RECIPIENTS: RecipientRule = {
  orderStatuses: MESSAGE_ORDER_STATUSES,
  excludedAttendees: 'CANCELLED',
};

/**
 * Sending a message through the job queue. `messages.start` runs at send time: it writes one delivery row
 * per recipient and queues `messages.batch`. Each batch claims deliveries, sends them one by one (marking
 * each SENT as soon as the mail server accepted it) and queues the next batch while any is left. A worker
 * that dies leaves its claims to expire; the next batch takes them over, and what is marked is never sent
 * again. Each e-mail re-checks its claim just before leaving (fenced by the attempt number), so a worker
 * that stalled and wakes up late sends nothing already taken over. What remains is the instant between
 * the server's acceptance and the mark: one e-mail at most, sent with a stable Message-ID.
 */
export const START_JOB = 'messages.start';
export const BATCH_JOB = 'messages.batch';

export const BATCH_SIZE = 200;
/** E-mails in flight per batch (the mailer's pool keeps as many SMTP connections open). */
export const PARALLEL = 10;
const MAX_ATTEMPTS = 5;
const retryDelaySeconds = (attempts: number) => 30 * 2 ** (attempts - 1);

type Deps = Pick<AppDeps, 'db' | 'mailer'>;
interface Payload {
  account_id: string;
  message_id: string;
}

const payloadOf = (p: Record<string, unknown>): Payload => ({
  account_id: String(p.account_id),
  message_id: String(p.message_id),
});

/** Registers the two job kinds on a queue (the app's, or a new worker's). */
export function registerMessageJobs(jobs: JobQueue, deps: Deps): void {
  jobs.register(START_JOB, (p) => startSending(jobs, deps, payloadOf(p)));
  jobs.register(BATCH_JOB, (p) => sendBatch(jobs, deps, payloadOf(p)));
}

async function startSending(jobs: JobQueue, deps: Deps, p: Payload) {
  await deps.db.transaction(async (tx) => {
    const message = await repo.findMessageForSending(tx, p.account_id, p.message_id);
    // Cancelled, or already done by an earlier run of this job.
    if (!message || (message.status !== 'SCHEDULED' && message.status !== 'SENDING')) return;
    const recipients = await repo.insertDeliveries(tx, message, RECIPIENTS);
    await repo.moveMessage(tx, p.account_id, message.id, ['SCHEDULED', 'SENDING'], {
      status: 'SENDING',
      recipients_count: recipients,
    });
    await jobs.enqueue(BATCH_JOB, { ...p }, { tx });
  });
}

async function sendBatch(jobs: JobQueue, deps: Deps, p: Payload) {
  const message = await repo.findMessageForSending(deps.db, p.account_id, p.message_id);
  if (message?.status !== 'SENDING') return;
  const event = await repo.findMessageEvent(deps.db, p.account_id, message.event_id);
  if (!event) return;
  const claimed = await repo.claimDeliveries(deps.db, message.id, BATCH_SIZE);
  const content = { subject: message.subject, body: message.body, plain: htmlToText(message.body) };
  let next = 0;
  const worker = async () => {
    for (let d = claimed[next++]; d; d = claimed[next++]) {
      const delivery = d;
      if (!(await repo.holdClaim(deps.db, delivery))) continue;
      try {
        const mail = messageEmail(content, event, delivery, {
          messageId: `<m-${message.id}-${delivery.id}@taquilla>`,
        });
        await deps.mailer.send(mail, { bulk: true });
        await repo.markDeliverySent(deps.db, delivery);
      } catch (err) {
        const text = err instanceof Error ? err.message : String(err);
        const retry = delivery.attempts >= MAX_ATTEMPTS ? null : retryDelaySeconds(delivery.attempts);
        await repo.markDeliveryFailed(deps.db, delivery, text, retry);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await continueOrFinish(jobs, deps, p);
}

/** Queues the next batch when something is left (at its due time), else closes the message. */
async function continueOrFinish(jobs: JobQueue, deps: Deps, p: Payload) {
  const dueAt = await repo.nextDueAt(deps.db, p.message_id);
  if (dueAt) {
    await jobs.enqueue(BATCH_JOB, { ...p }, { runAt: dueAt });
    return;
  }
  const counts = (await repo.deliveryCounts(deps.db, [p.message_id])).get(p.message_id);
  const allFailed = !!counts && counts.sent === 0 && counts.failed > 0;
  await repo.moveMessage(deps.db, p.account_id, p.message_id, ['SENDING'], {
    status: allFailed ? 'FAILED' : 'SENT',
    sent_at: new Date(),
  });
}
