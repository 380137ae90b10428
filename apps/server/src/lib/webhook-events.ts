import type { WebhookEventType } from '@taquilla/shared/schemas/webhooks';
import type { Queryable } from '../db/client.ts';
import type { JobQueue } from './jobs.ts';

/** The job that fans a change out to the account's webhook endpoints (modules/webhooks/webhooks.fanout.ts). */
export const WEBHOOK_EMIT_JOB = 'webhooks.emit';

/**
 * What changed: the account, the event it belongs to (endpoints may be limited to some events) and the
 * resources: `ids` of the type's resource (orders, attendees, check-ins, events, tickets or waiting-list
 * entries), or `orderId`, which stands for the order itself for order types and for every attendee of
 * the order for attendee types (so one job covers a completion's order and attendee messages).
 */
export interface WebhookChange {
  accountId: string;
  eventId: string;
  ids?: string[];
  orderId?: string;
  /** Check-in types: the list; `ids` are then the attendees checked in (or out). */
  listId?: string;
}

export interface WebhookEmitPayload extends WebhookChange {
  types: WebhookEventType[];
  occurredAt: string;
}

/**
 * Queues the webhook messages of a change inside the caller's transaction, so they exist only if the
 * change commits. In lib, like units-freed.ts, so any module calls it without importing `webhooks`.
 */
export async function emitWebhook(
  jobs: Pick<JobQueue, 'enqueue'>,
  types: WebhookEventType | WebhookEventType[],
  change: WebhookChange,
  tx?: Queryable,
): Promise<void> {
  await jobs.enqueue(WEBHOOK_EMIT_JOB, webhookJobPayload(types, change), { tx });
}

/** The job payload, for callers that write jobs in one statement with their change (completePaidReservation). */
export function webhookJobPayload(
  types: WebhookEventType | WebhookEventType[],
  change: WebhookChange,
): Record<string, unknown> {
  const payload: WebhookEmitPayload = {
    types: Array.isArray(types) ? types : [types],
    occurredAt: new Date().toISOString(),
    ...change,
  };
  return payload as unknown as Record<string, unknown>;
}
