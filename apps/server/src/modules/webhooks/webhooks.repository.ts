import { and, arrayOverlaps, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { accountUsers, users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import type { ListParams } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EndpointScope = Pick<EndpointRow, 'id' | 'account_id'>;

const owned = (accountId: string, id: string) =>
  and(eq(webhookEndpoints.account_id, accountId), eq(webhookEndpoints.id, id));

export function listEndpoints(q: Queryable, accountId: string) {
  return q
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.account_id, accountId))
    .orderBy(webhookEndpoints.created_at, webhookEndpoints.id);
}

export async function findEndpoint(q: Queryable, accountId: string, id: string) {
  const [row] = await q.select().from(webhookEndpoints).where(owned(accountId, id));
  return row;
}

export async function insertEndpoint(q: Queryable, values: typeof webhookEndpoints.$inferInsert) {
  return one(await q.insert(webhookEndpoints).values(values).returning());
}

export async function updateEndpoint(
  q: Queryable,
  endpoint: EndpointScope,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  return one(
    await q.update(webhookEndpoints).set(values).where(owned(endpoint.account_id, endpoint.id)).returning(),
  );
}

export async function deleteEndpoint(q: Queryable, accountId: string, id: string) {
  const rows = await q
    .delete(webhookEndpoints)
    .where(owned(accountId, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The latest delivery of each of these endpoints (the endpoints list shows it). */
export function latestDeliveries(q: Queryable, accountId: string, endpointIds: string[]) {
  if (!endpointIds.length) return Promise.resolve([]);
  return q
    .selectDistinctOn([webhookDeliveries.endpoint_id], {
      endpoint_id: webhookDeliveries.endpoint_id,
      status: webhookDeliveries.status,
      response_status: webhookDeliveries.response_status,
      created_at: webhookDeliveries.created_at,
    })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.account_id, accountId), inArray(webhookDeliveries.endpoint_id, endpointIds)),
    )
    .orderBy(webhookDeliveries.endpoint_id, desc(webhookDeliveries.created_at), desc(webhookDeliveries.id));
}

/**
 * The account's ACTIVE endpoints subscribed to any of `types` and not limited to other events, with the
 * types they take (the fan-out job: one query, and none of the rest when nobody listens).
 */
export function subscribedEndpoints(q: Queryable, accountId: string, types: string[], eventId: string) {
  return q
    .select({ id: webhookEndpoints.id, event_types: webhookEndpoints.event_types })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.account_id, accountId),
        eq(webhookEndpoints.status, 'ACTIVE'),
        arrayOverlaps(webhookEndpoints.event_types, types),
        sql`(cardinality(${webhookEndpoints.event_ids}) = 0 or ${eventId}::uuid = any(${webhookEndpoints.event_ids}))`,
      ),
    );
}

type NewDelivery = Pick<
  typeof webhookDeliveries.$inferInsert,
  'account_id' | 'endpoint_id' | 'message_id' | 'event_type' | 'body' | 'source_job' | 'resource_id'
>;

/**
 * Inserts deliveries and a `jobKind` job for each, in one statement; those an earlier run of the same emit
 * job wrote are skipped, and get no second job. Answers how many were new.
 */
export async function insertDeliveriesWithJobs(q: Queryable, values: NewDelivery[], jobKind: string) {
  if (!values.length) return 0;
  const result = await q.execute(sql`
    with added as (
      insert into webhook_deliveries (account_id, endpoint_id, message_id, event_type, body, source_job, resource_id)
      select account_id, endpoint_id, message_id, event_type, body, source_job, resource_id
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
        account_id uuid, endpoint_id uuid, message_id text, event_type text, body text, source_job bigint,
        resource_id text)
      on conflict do nothing
      returning id
    )
    insert into jobs (kind, payload) select ${jobKind}, jsonb_build_object('deliveryId', id) from added
    returning id`);
  return rowsOf(result).length;
}

export async function insertDelivery(q: Queryable, values: typeof webhookDeliveries.$inferInsert) {
  return one(await q.insert(webhookDeliveries).values(values).returning());
}

/** A delivery with its endpoint, for the delivery job (it starts from the delivery's id). */
export async function deliveryWithEndpoint(q: Queryable, deliveryId: string) {
  const [row] = await q
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpoint_id))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

export async function recordAttempt(
  q: Queryable,
  delivery: Pick<DeliveryRow, 'id' | 'account_id'>,
  values: Pick<
    typeof webhookDeliveries.$inferInsert,
    'status' | 'response_status' | 'response_excerpt' | 'error' | 'duration_ms' | 'delivered_at'
  >,
) {
  await q
    .update(webhookDeliveries)
    .set({ ...values, attempts: sql`${webhookDeliveries.attempts} + 1`, last_attempt_at: new Date() })
    .where(and(eq(webhookDeliveries.account_id, delivery.account_id), eq(webhookDeliveries.id, delivery.id)));
}

export async function markDelivery(
  q: Queryable,
  delivery: Pick<DeliveryRow, 'id' | 'account_id'>,
  status: DeliveryRow['status'],
  error?: string,
) {
  await q
    .update(webhookDeliveries)
    .set({ status, ...(error ? { error } : {}) })
    .where(and(eq(webhookDeliveries.account_id, delivery.account_id), eq(webhookDeliveries.id, delivery.id)));
}

/** Counts a failed attempt on the endpoint; returns the new count (and the endpoint's status). */
export async function countFailure(q: Queryable, endpoint: EndpointScope) {
  return one(
    await q
      .update(webhookEndpoints)
      .set({ consecutive_failures: sql`${webhookEndpoints.consecutive_failures} + 1` })
      .where(owned(endpoint.account_id, endpoint.id))
      .returning({ failures: webhookEndpoints.consecutive_failures, status: webhookEndpoints.status }),
  );
}

export async function resetFailures(q: Queryable, endpoint: EndpointScope) {
  await q
    .update(webhookEndpoints)
    .set({ consecutive_failures: 0 })
    .where(and(owned(endpoint.account_id, endpoint.id), sql`${webhookEndpoints.consecutive_failures} <> 0`));
}

/** Moves an ACTIVE endpoint to `status`; false when it was not ACTIVE any more (another attempt got there). */
export async function leaveActive(
  q: Queryable,
  endpoint: EndpointScope,
  status: 'PAUSED' | 'DISABLED',
  reason: NonNullable<EndpointRow['status_reason']>,
) {
  const rows = await q
    .update(webhookEndpoints)
    .set({ status, status_reason: reason, paused_at: new Date() })
    .where(and(owned(endpoint.account_id, endpoint.id), eq(webhookEndpoints.status, 'ACTIVE')))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export const deliveryListSpec = {
  sortable: { created_at: webhookDeliveries.created_at },
  defaultSort: { by: 'created_at', direction: 'desc' as const },
  filterable: {
    status: { column: webhookDeliveries.status, operators: ['eq' as const, 'in' as const] },
    event_type: { column: webhookDeliveries.event_type, operators: ['eq' as const, 'in' as const] },
  },
};

export async function listDeliveries(q: Queryable, endpoint: EndpointScope, params: ListParams) {
  const where = and(
    eq(webhookDeliveries.account_id, endpoint.account_id),
    eq(webhookDeliveries.endpoint_id, endpoint.id),
    params.where,
  );
  const [rows, [count]] = await Promise.all([
    q
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(params.orderBy, desc(webhookDeliveries.id))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findDelivery(q: Queryable, endpoint: EndpointScope, id: string) {
  const [row] = await q
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.account_id, endpoint.account_id),
        eq(webhookDeliveries.endpoint_id, endpoint.id),
        eq(webhookDeliveries.id, id),
      ),
    );
  return row;
}

/** The endpoint's deliveries made since `since` that failed, put back to PENDING (an endpoint resumed). */
export function failedSince(q: Queryable, endpoint: EndpointScope, since: Date) {
  return q
    .update(webhookDeliveries)
    .set({ status: 'PENDING' })
    .where(
      and(
        eq(webhookDeliveries.account_id, endpoint.account_id),
        eq(webhookDeliveries.endpoint_id, endpoint.id),
        eq(webhookDeliveries.status, 'FAILED'),
        sql`${webhookDeliveries.created_at} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
}

/** Deletes deliveries older than `days` (retention job). */
export async function deleteDeliveriesBefore(q: Queryable, before: Date) {
  const rows = await q
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.created_at, before))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** The account's active admins, who hear about a paused endpoint. */
export function accountAdmins(q: Queryable, accountId: string) {
  return q
    .select({ email: users.email, locale: users.locale })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.user_id))
    .where(
      and(
        eq(accountUsers.account_id, accountId),
        eq(accountUsers.role, 'ADMIN'),
        eq(accountUsers.status, 'ACTIVE'),
      ),
    );
}
