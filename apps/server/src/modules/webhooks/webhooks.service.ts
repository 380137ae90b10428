import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointListItem,
  WebhookEventType,
} from '@taquilla/shared/schemas/webhooks';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import * as audit from '../audit/audit.service.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { DELIVERY_RETRY } from './delivery.ts';
import { messageBody, WEBHOOK_DELIVER_JOB } from './fanout.ts';
import { newMessageId, newWebhookSecret } from './signing.ts';
import { webhookMessages as m } from './webhooks.messages.ts';
import * as repo from './webhooks.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs'>;

/** After a rotation the previous secret keeps signing this long, so receivers can switch without losing messages. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export function presentEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types as WebhookEventType[],
    event_ids: row.event_ids,
    status: row.status,
    status_reason: row.status_reason,
    consecutive_failures: row.consecutive_failures,
    previous_secret_expires_at:
      row.previous_secret_expires_at && row.previous_secret_expires_at > new Date()
        ? row.previous_secret_expires_at.toISOString()
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.message_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    response_excerpt: row.response_excerpt,
    error: row.error,
    duration_ms: row.duration_ms,
    request_body: row.body,
    created_at: row.created_at.toISOString(),
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
  };
}

async function assertEvents(deps: Deps, auth: AuthContext, eventIds: string[] | undefined) {
  for (const eventId of new Set(eventIds ?? [])) {
    try {
      await loadOwnedEvent(deps.db, auth, eventId);
    } catch (err) {
      if (err instanceof AppError && err.status === 404)
        throw invalid({ event_ids: m['webhooks.event_not_found'] });
      throw err;
    }
  }
}

async function ownedEndpoint(deps: Deps, auth: AuthContext, id: string) {
  assertCan(auth, 'account:manage');
  const row = await repo.findEndpoint(deps.db, auth.accountId, id);
  if (!row) throw notFound();
  return row;
}

/** The account's endpoints, each with its latest delivery. */
export async function listEndpoints(deps: Deps, auth: AuthContext): Promise<WebhookEndpointListItem[]> {
  assertCan(auth, 'account:manage');
  const rows = await repo.listEndpoints(deps.db, auth.accountId);
  const latest = new Map(
    (
      await repo.latestDeliveries(
        deps.db,
        auth.accountId,
        rows.map((r) => r.id),
      )
    ).map((d) => [d.endpoint_id, d]),
  );
  return rows.map((row) => {
    const last = latest.get(row.id);
    return {
      ...presentEndpoint(row),
      last_delivery: last
        ? {
            status: last.status,
            response_status: last.response_status,
            created_at: last.created_at.toISOString(),
          }
        : null,
    };
  });
}

export async function getEndpoint(deps: Deps, auth: AuthContext, id: string) {
  return presentEndpoint(await ownedEndpoint(deps, auth, id));
}

/** A new endpoint; its secret is answered now and never again. */
export async function createEndpoint(deps: Deps, auth: AuthContext, input: CreateWebhookInput) {
  assertCan(auth, 'account:manage');
  await assertEvents(deps, auth, input.event_ids);
  const secret = newWebhookSecret();
  const row = await repo.insertEndpoint(deps.db, {
    account_id: auth.accountId,
    url: input.url,
    description: input.description ?? '',
    event_types: [...new Set(input.event_types)],
    event_ids: [...new Set(input.event_ids ?? [])],
    secret,
  });
  await audit.record(deps.db, {
    action: 'webhook.created',
    target: { type: 'webhook', id: row.id, label: row.url },
    changes: audit.changesBetween(null, row, ['url', 'description', 'event_types', 'event_ids', 'secret']),
  });
  return { ...presentEndpoint(row), secret };
}

/**
 * Changes an endpoint. ACTIVE resumes it (failures forgotten) and sends again the messages of the retry
 * window (3 days) that did not arrive; PAUSED stops deliveries by hand.
 */
export async function updateEndpoint(deps: Deps, auth: AuthContext, id: string, input: UpdateWebhookInput) {
  const current = await ownedEndpoint(deps, auth, id);
  await assertEvents(deps, auth, input.event_ids);
  return deps.db.transaction(async (tx) => {
    const resuming = input.status === 'ACTIVE' && current.status !== 'ACTIVE';
    const pausing = input.status === 'PAUSED' && current.status !== 'PAUSED';
    const changes = {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.event_types ? { event_types: [...new Set(input.event_types)] } : {}),
      ...(input.event_ids ? { event_ids: [...new Set(input.event_ids)] } : {}),
      ...(resuming
        ? { status: 'ACTIVE' as const, status_reason: null, consecutive_failures: 0, paused_at: null }
        : {}),
      ...(pausing
        ? { status: 'PAUSED' as const, status_reason: 'MANUAL' as const, paused_at: new Date() }
        : {}),
    };
    // An empty change (`{}`) changes nothing: there is nothing to send to the database.
    if (Object.keys(changes).length === 0) return presentEndpoint(current);
    const row = await repo.updateEndpoint(tx, current, changes);
    await audit.record(tx, {
      action: 'webhook.updated',
      target: { type: 'webhook', id: row.id, label: row.url },
      changes: audit.changesBetween(current, row, [
        'url',
        'description',
        'event_types',
        'event_ids',
        'status',
      ]),
    });
    if (resuming) {
      const since = new Date(Date.now() - DELIVERY_RETRY.forSeconds * 1000);
      for (const d of await repo.failedSince(tx, current, since)) {
        await deps.jobs.enqueue(WEBHOOK_DELIVER_JOB, { deliveryId: d.id }, { tx });
      }
    }
    return presentEndpoint(row);
  });
}

export async function deleteEndpoint(deps: Deps, auth: AuthContext, id: string) {
  assertCan(auth, 'account:manage');
  if (!(await repo.deleteEndpoint(deps.db, auth.accountId, id))) throw notFound();
  await audit.record(deps.db, { action: 'webhook.deleted', target: { type: 'webhook', id } });
}

/** A new secret, answered once; the previous one keeps signing too for ROTATION_OVERLAP_MS. */
export async function rotateSecret(deps: Deps, auth: AuthContext, id: string) {
  const current = await ownedEndpoint(deps, auth, id);
  const secret = newWebhookSecret();
  const row = await repo.updateEndpoint(deps.db, current, {
    secret,
    previous_secret: current.secret,
    previous_secret_expires_at: new Date(Date.now() + ROTATION_OVERLAP_MS),
  });
  await audit.record(deps.db, {
    action: 'webhook.updated',
    target: { type: 'webhook', id: row.id, label: row.url },
    changes: audit.changesBetween(current, row, ['secret']),
  });
  return { ...presentEndpoint(row), secret };
}

/** «Enviar prueba»: a `webhook.test` message to this endpoint only, delivered like any other. */
export async function sendTest(deps: Deps, auth: AuthContext, id: string) {
  const endpoint = await ownedEndpoint(deps, auth, id);
  if (endpoint.status !== 'ACTIVE') throw conflict(m['webhooks.not_active']);
  return deps.db.transaction(async (tx) => {
    const messageId = newMessageId();
    const now = new Date().toISOString();
    const row = await repo.insertDelivery(tx, {
      account_id: endpoint.account_id,
      endpoint_id: endpoint.id,
      message_id: messageId,
      event_type: 'webhook.test',
      body: messageBody(messageId, 'webhook.test', endpoint.account_id, now, {
        object: 'test',
        endpoint_id: endpoint.id,
      }),
      resource_id: `webhook.test:${endpoint.id}`,
    });
    await deps.jobs.enqueue(WEBHOOK_DELIVER_JOB, { deliveryId: row.id }, { tx });
    return presentDelivery(row);
  });
}

export async function listDeliveries(
  deps: Deps,
  auth: AuthContext,
  id: string,
  query: Record<string, unknown>,
) {
  const endpoint = await ownedEndpoint(deps, auth, id);
  const params = parseListQuery(query, repo.deliveryListSpec);
  const { rows, total } = await repo.listDeliveries(deps.db, endpoint, params);
  return { data: rows.map(presentDelivery), meta: listMeta(total, params) };
}

/** «Reenviar»: the same message (same webhook-id and body) sent again, whatever its last outcome. */
export async function resendDelivery(deps: Deps, auth: AuthContext, id: string, deliveryId: string) {
  const endpoint = await ownedEndpoint(deps, auth, id);
  if (endpoint.status !== 'ACTIVE') throw conflict(m['webhooks.not_active']);
  const delivery = await repo.findDelivery(deps.db, endpoint, deliveryId);
  if (!delivery) throw notFound();
  return deps.db.transaction(async (tx) => {
    await repo.markDelivery(tx, delivery, 'PENDING');
    await deps.jobs.enqueue(WEBHOOK_DELIVER_JOB, { deliveryId }, { tx });
    return presentDelivery({ ...delivery, status: 'PENDING' });
  });
}
