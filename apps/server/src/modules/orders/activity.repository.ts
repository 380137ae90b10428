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
