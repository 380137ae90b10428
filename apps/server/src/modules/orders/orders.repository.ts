import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { attendees, events, orderItems, orders, organizers, payments } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type AttendeeRow = typeof attendees.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** The order with this public short id of this event; `lock` takes its row lock (inside a transaction). */
export async function findOrderByShortId(q: Queryable, eventId: string, shortId: string, lock = false) {
  const query = q
    .select()
    .from(orders)
    .where(and(eq(orders.event_id, eventId), eq(orders.short_id, shortId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findOrderById(q: Queryable, orderId: string, lock = false) {
  const query = q.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** An order of an event of this account (tenancy: another account's order is simply not found). */
export async function findAccountOrder(
  q: Queryable,
  accountId: string,
  eventId: string,
  orderId: string,
  lock = false,
) {
  const query = q
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.event_id, eventId), eq(orders.account_id, accountId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function eventBelongsTo(q: Queryable, accountId: string, eventId: string) {
  const [row] = await q
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.account_id, accountId), sql`${events.deleted_at} is null`))
    .limit(1);
  return Boolean(row);
}

export async function insertOrder(q: Queryable, values: typeof orders.$inferInsert) {
  return one(await q.insert(orders).values(values).returning());
}

export async function insertItems(q: Queryable, values: (typeof orderItems.$inferInsert)[]) {
  if (values.length === 0) return [];
  return q.insert(orderItems).values(values).returning();
}

export async function updateOrder(
  q: Queryable,
  orderId: string,
  values: Partial<typeof orders.$inferInsert>,
) {
  return one(await q.update(orders).set(values).where(eq(orders.id, orderId)).returning());
}

/** Writes the values and stamps completed_at with the database clock (the transaction's time). */
export async function updateOrderCompletedNow(
  q: Queryable,
  orderId: string,
  values: Partial<typeof orders.$inferInsert>,
) {
  return updateOrder(q, orderId, { ...values, completed_at: sql`now()` as unknown as Date });
}

export async function loadItems(q: Queryable, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return q
    .select()
    .from(orderItems)
    .where(inArray(orderItems.order_id, orderIds))
    .orderBy(asc(orderItems.ticket_name), asc(orderItems.id));
}

export async function loadAttendees(q: Queryable, orderId: string) {
  return q
    .select()
    .from(attendees)
    .where(eq(attendees.order_id, orderId))
    .orderBy(asc(attendees.created_at), asc(attendees.id));
}

export async function insertAttendees(q: Queryable, values: (typeof attendees.$inferInsert)[]) {
  if (values.length === 0) return [];
  return q.insert(attendees).values(values).returning();
}

export async function setAttendeeStatus(q: Queryable, orderId: string, status: AttendeeRow['status']) {
  await q.update(attendees).set({ status }).where(eq(attendees.order_id, orderId));
}

export async function loadPayments(q: Queryable, orderId: string) {
  return q.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(asc(payments.created_at));
}

/** Orders of an event for the organizer's list: filters and sort come from the list-query helper. */
export async function listOrders(
  q: Queryable,
  accountId: string,
  eventId: string,
  opts: {
    where?: SQL;
    query?: string;
    orderBy: SQL;
    limit: number;
    offset: number;
    defaultStatuses: boolean;
  },
) {
  const conditions: (SQL | undefined)[] = [
    eq(orders.account_id, accountId),
    eq(orders.event_id, eventId),
    opts.where,
  ];
  // In-progress and abandoned carts are not orders yet; they show only when asked for by status.
  if (opts.defaultStatuses) conditions.push(sql`${orders.status} not in ('RESERVED', 'ABANDONED')`);
  if (opts.query) {
    const p = likePattern(opts.query);
    conditions.push(
      or(
        ilike(orders.short_id, p),
        ilike(orders.email, p),
        ilike(orders.first_name, p),
        ilike(orders.last_name, p),
        sql`(${orders.first_name} || ' ' || ${orders.last_name}) ilike ${p}`,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    q
      .select({
        order: orders,
        item_count: sql<number>`(select coalesce(sum(quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(where)
      .orderBy(opts.orderBy, asc(orders.id))
      .limit(opts.limit)
      .offset(opts.offset),
    q.select({ total: count() }).from(orders).where(where),
  ]);
  const { total } = one(totals);
  return { rows, total };
}

/** The event as the order e-mails describe it. */
export async function findEmailEvent(q: Queryable, eventId: string) {
  return one(
    await q
      .select({
        id: events.id,
        name: events.name,
        start_date: events.start_date,
        end_date: events.end_date,
        timezone: events.timezone,
        location: events.location,
        settings: events.settings,
        organizer_name: organizers.name,
        organizer_email: organizers.email,
      })
      .from(events)
      .innerJoin(organizers, eq(organizers.id, events.organizer_id))
      .where(eq(events.id, eventId))
      .limit(1),
  );
}
