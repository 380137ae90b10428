import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { orderActivities, users } from '../../db/schema/index.ts';

export async function insertActivity(q: Queryable, values: typeof orderActivities.$inferInsert) {
  await q.insert(orderActivities).values(values);
}

/** The activity log of an order of this account, with the name of the organizer who acted. */
export async function listActivity(q: Queryable, accountId: string, orderId: string) {
  return q
    .select({
      activity: orderActivities,
      user_name: sql<string | null>`nullif(trim(${users.first_name} || ' ' || ${users.last_name}), '')`,
    })
    .from(orderActivities)
    .leftJoin(users, eq(users.id, orderActivities.user_id))
    .where(and(eq(orderActivities.account_id, accountId), eq(orderActivities.order_id, orderId)))
    .orderBy(asc(orderActivities.created_at), asc(orderActivities.id));
}

/**
 * An activity line for an order of this account, written only while the order exists: an e-mail's outcome
 * is recorded with its job's mark, which must not fail because the order is gone.
 */
export async function insertActivityIfOrder(
  q: Queryable,
  values: { account_id: string; order_id: string; kind: string; details: Record<string, unknown> },
) {
  await q.execute(sql`
    insert into order_activities (account_id, order_id, kind, details)
    select ${values.account_id}, ${values.order_id}, ${values.kind}, ${JSON.stringify(values.details)}::jsonb
    where exists (select 1 from orders where id = ${values.order_id} and account_id = ${values.account_id})`);
}

/** How many resends of the e-mail `baseKey` the order's log records (its queued `{baseKey}.resend-{n}`). */
export async function countResends(q: Queryable, accountId: string, orderId: string, baseKey: string) {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(orderActivities)
    .where(
      and(
        eq(orderActivities.account_id, accountId),
        eq(orderActivities.order_id, orderId),
        eq(orderActivities.kind, 'EMAIL_QUEUED'),
        sql`starts_with(${orderActivities.details}->>'key', ${`${baseKey}.resend-`})`,
      ),
    );
  return Number(row?.n ?? 0);
}
