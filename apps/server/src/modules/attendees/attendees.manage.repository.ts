import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { attendees, orderItems, orders } from '../../db/schema/index.ts';
import { type ListParams, type ListSpec, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

/** The organizer's list: every attendee of the event's orders that hold tickets. */
export const attendeeListSpec: ListSpec = {
  sortable: {
    last_name: attendees.last_name,
    first_name: attendees.first_name,
    email: attendees.email,
    created_at: attendees.created_at,
  },
  defaultSort: { by: 'created_at', direction: 'desc' },
  filterable: {
    status: { column: attendees.status, operators: ['eq', 'ne', 'in'] },
    ticket_id: { column: attendees.ticket_id, operators: ['eq', 'in'], type: 'uuid' },
  },
};

const columns = {
  attendee: attendees,
  ticket_name: orderItems.ticket_name,
  price_label: orderItems.price_label,
  order_short_id: orders.short_id,
};

export type ManageAttendeeRow = {
  attendee: typeof attendees.$inferSelect;
  ticket_name: string;
  price_label: string | null;
  order_short_id: string;
};

const scope = (accountId: string, eventId: string) =>
  and(eq(attendees.account_id, accountId), eq(attendees.event_id, eventId));

export async function listAttendees(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const conditions: (SQL | undefined)[] = [scope(accountId, eventId), params.where];
  if (params.query) {
    const p = likePattern(params.query);
    conditions.push(
      or(
        ilike(attendees.first_name, p),
        ilike(attendees.last_name, p),
        ilike(attendees.email, p),
        ilike(attendees.short_id, p),
        ilike(orders.short_id, p),
        sql`(${attendees.first_name} || ' ' || ${attendees.last_name}) ilike ${p}`,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    q
      .select(columns)
      .from(attendees)
      .innerJoin(orders, eq(orders.id, attendees.order_id))
      .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
      .where(where)
      .orderBy(params.orderBy, asc(attendees.id))
      .limit(params.perPage)
      .offset(params.offset),
    q
      .select({ total: count() })
      .from(attendees)
      .innerJoin(orders, eq(orders.id, attendees.order_id))
      .where(where),
  ]);
  const { total } = one(totals);
  return { rows: rows as ManageAttendeeRow[], total };
}

export async function findAttendee(q: Queryable, accountId: string, eventId: string, id: string) {
  const [row] = await q
    .select(columns)
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .where(and(scope(accountId, eventId), eq(attendees.id, id)))
    .limit(1);
  return row as ManageAttendeeRow | undefined;
}

export async function updateAttendee(
  q: Queryable,
  accountId: string,
  id: string,
  values: { first_name: string; last_name: string; email: string },
) {
  await q
    .update(attendees)
    .set({ ...values, updated_at: sql`now()` as unknown as Date })
    .where(and(eq(attendees.account_id, accountId), eq(attendees.id, id)));
}
