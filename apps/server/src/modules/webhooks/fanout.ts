import {
  WEBHOOK_PAYLOAD_VERSION,
  type WebhookEventType,
  type WebhookPayload,
} from '@taquilla/shared/schemas/webhooks';
import type { Queryable } from '../../db/client.ts';
import type { DbDeps } from '../../deps.ts';
import type { JobInfo, JobQueue } from '../../lib/jobs.ts';
import type { WebhookEmitPayload } from '../../lib/webhook-events.ts';
import * as payloads from './payloads.repository.ts';
import { newMessageId } from './signing.ts';
import * as repo from './webhooks.repository.ts';

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';

type Data = Map<string, Record<string, unknown>>;

/** The resources a message type is about, read as they are now. */
function resources(q: Queryable, type: WebhookEventType, change: WebhookEmitPayload): Promise<Data> {
  const { accountId, ids, orderId } = change;
  const [kind] = type.split('.');
  switch (kind) {
    case 'order':
      return payloads.ordersData(q, accountId, ids ?? (orderId ? [orderId] : []));
    case 'attendee':
      return payloads.attendeesData(q, accountId, ids ? { ids } : { orderId });
    case 'checkin':
      return payloads.checkInsData(q, accountId, change.listId ?? '', ids ?? []);
    case 'event':
      return payloads.eventsData(q, accountId, ids ?? [change.eventId]);
    case 'ticket':
      return payloads.ticketsData(q, accountId, ids ?? []);
    default:
      return payloads.waitlistEntriesData(q, accountId, ids ?? []);
  }
}

/** The JSON body of a message: the same bytes are signed and sent on every attempt. */
export function messageBody(
  messageId: string,
  type: WebhookPayload['type'],
  accountId: string,
  occurredAt: string,
  data: Record<string, unknown>,
) {
  const payload: WebhookPayload = {
    id: messageId,
    type,
    version: WEBHOOK_PAYLOAD_VERSION,
    timestamp: occurredAt,
    account_id: accountId,
    data,
  };
  return JSON.stringify(payload);
}

/**
 * The `webhooks.emit` job: one delivery per subscribed endpoint and resource, each with its delivery job
 * in the same statement (nothing at all when no endpoint takes these types). No transaction is needed:
 * a run again (a crash, before the job was marked done, or between two types) finds its deliveries by
 * (endpoint, job, resource) and writes only the missing ones, with their jobs: each message once per
 * endpoint. Without one, a run holds a pooled connection only while each statement runs.
 */
export async function fanOut(deps: DbDeps & { jobs: JobQueue }, change: WebhookEmitPayload, job: JobInfo) {
  const endpoints = await repo.subscribedEndpoints(deps.db, change.accountId, change.types, change.eventId);
  let written = 0;
  for (const type of change.types) {
    const takers = endpoints.filter((e) => e.event_types.includes(type));
    if (!takers.length) continue;
    const data = await resources(deps.db, type, change);
    const rows = takers.flatMap((endpoint) =>
      [...data].map(([resourceId, resource]) => {
        const messageId = newMessageId();
        return {
          account_id: change.accountId,
          endpoint_id: endpoint.id,
          message_id: messageId,
          event_type: type,
          body: messageBody(messageId, type, change.accountId, change.occurredAt, resource),
          source_job: job.id,
          resource_id: `${type}:${resourceId}`,
        };
      }),
    );
    written += await repo.insertDeliveriesWithJobs(deps.db, rows, WEBHOOK_DELIVER_JOB);
  }
  if (written) deps.jobs.notify();
}
