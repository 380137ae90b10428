import type { OrderStatus } from '@taquilla/shared';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { attendees, checkInLists, checkIns, orderItems, orders } from '../../db/schema/index.ts';
import { type ListParams, type ListSpec, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';
import { idIn, PackedIds, packedIdsOf } from '../../lib/spreadsheet.ts';
import type { RefundRowStatus } from '../order-lifecycle/order-lifecycle.ts';
import { orderMoneyColumns } from '../order-lifecycle/order-money.ts';

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
    event_date_id: { column: attendees.event_date_id, operators: ['eq', 'in'], type: 'uuid' },
  },
};

const columns = {
  attendee: attendees,
  ticket_name: orderItems.ticket_name,
  price_label: orderItems.price_label,
  order_short_id: orders.short_id,
  order_status: orders.status,
  checked_in_at:
    sql<Date | null>`(select max(ci.created_at) from check_ins ci where ci.attendee_id = ${attendees.id})`.mapWith(
      (v: string | Date | null) => (v === null ? null : new Date(v)),
    ),
};

export type ManageAttendeeRow = {
  attendee: typeof attendees.$inferSelect;
  ticket_name: string;
  price_label: string | null;
  order_short_id: string;
  order_status: OrderStatus;
  checked_in_at: Date | null;
};

const scope = (accountId: string, eventId: string) =>
  and(eq(attendees.account_id, accountId), eq(attendees.event_id, eventId));

function listWhere(accountId: string, eventId: string, params: Pick<ListParams, 'where' | 'query'>) {
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
  return and(...conditions);
}

/** Every attendee id the list would show, in its order, packed (an export then reads rows in batches). */
export async function listAttendeeIds(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const [row] = await q
    .select({ ids: packedIdsOf(attendees.id, params.orderBy) })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .where(listWhere(accountId, eventId, params));
  return new PackedIds(row?.ids ?? null);
}

/** An attendee as the export shows it: only the columns it writes. */
export type ExportAttendeeRow = Awaited<ReturnType<typeof findExportAttendees>>[number];

/**
 * These attendees of the event (one export batch: ids as `inIdOrder` gives them), in no particular order,
 * with their order's money: total, status, what was refunded of it (refunds in `refunds`), its lines'
 * taxes and fees.
 */
export async function findExportAttendees(
  q: Queryable,
  accountId: string,
  eventId: string,
  idList: string,
  refunds: readonly RefundRowStatus[],
) {
  return q
    .select({
      id: attendees.id,
      short_id: attendees.short_id,
      first_name: attendees.first_name,
      last_name: attendees.last_name,
      email: attendees.email,
      status: attendees.status,
      answers: attendees.answers,
      created_at: attendees.created_at,
      ticket_name: orderItems.ticket_name,
      price_label: orderItems.price_label,
      order_short_id: orders.short_id,
      checked_in_at: columns.checked_in_at,
      order_status: orders.status,
      total_cents: orders.total_cents,
      currency: orders.currency,
      ...orderMoneyColumns(sql`"orders"."id"`, refunds),
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .where(and(scope(accountId, eventId), idIn(attendees.id, idList)));
}

export async function listAttendees(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const where = listWhere(accountId, eventId, params);
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
  values: { first_name: string; last_name: string; email: string; answers: Record<string, unknown> },
) {
  await q
    .update(attendees)
    .set({ ...values, updated_at: sql`now()` as unknown as Date })
    .where(and(eq(attendees.account_id, accountId), eq(attendees.id, id)));
}

/** Where and when an attendee of this account was let in, oldest first. */
export async function attendeeCheckIns(q: Queryable, accountId: string, attendeeId: string) {
  return q
    .select({ list_name: checkInLists.name, created_at: checkIns.created_at })
    .from(checkIns)
    .innerJoin(checkInLists, eq(checkInLists.id, checkIns.check_in_list_id))
    .where(and(eq(checkIns.account_id, accountId), eq(checkIns.attendee_id, attendeeId)))
    .orderBy(asc(checkIns.created_at));
}
