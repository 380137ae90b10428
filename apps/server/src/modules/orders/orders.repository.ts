import type { OrderStatus, PaymentStatus } from '@taquilla/shared';
import { and, asc, count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import {
  attendees,
  events,
  jobs,
  orderActivities,
  orderItems,
  orderRefunds,
  orders,
  organizers,
  payments,
} from '../../db/schema/index.ts';
import { type ListSpec, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';
import { idIn, PackedIds, packedIdsOf } from '../../lib/spreadsheet.ts';
import { templatesOfEventSql } from '../email-templates/email-templates.service.ts';
import type { RefundRowStatus } from '../order-lifecycle/order-lifecycle.ts';
import { orderMoneyColumns } from '../order-lifecycle/order-money.ts';

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

/**
 * An order of this account by id (the payment and refund paths, which start from a provider's reference
 * or a row of the order's own, know the account from it).
 */
export async function findOrderById(q: Queryable, accountId: string, orderId: string, lock = false) {
  const query = q
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.account_id, accountId)))
    .limit(1);
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

/** An order already found within its account: writes to it filter by both. */
export type OrderScope = Pick<OrderRow, 'id' | 'account_id'>;

export async function updateOrder(
  q: Queryable,
  order: OrderScope,
  values: Partial<typeof orders.$inferInsert>,
) {
  return one(
    await q
      .update(orders)
      .set(values)
      .where(and(eq(orders.account_id, order.account_id), eq(orders.id, order.id)))
      .returning(),
  );
}

/** Writes the values and stamps completed_at with the database clock (the transaction's time). */
export async function updateOrderCompletedNow(
  q: Queryable,
  order: OrderScope,
  values: Partial<typeof orders.$inferInsert>,
) {
  return updateOrder(q, order, { ...values, completed_at: sql`now()` as unknown as Date });
}

/** Updates this account's order only while it is in `status`: undefined when it is not. */
export async function updateOrderInStatus(
  q: Queryable,
  accountId: string,
  orderId: string,
  status: OrderStatus,
  values: Partial<typeof orders.$inferInsert>,
) {
  const [row] = await q
    .update(orders)
    .set(values)
    .where(and(eq(orders.account_id, accountId), eq(orders.id, orderId), eq(orders.status, status)))
    .returning();
  return row;
}

/**
 * A reservation still open and never extended gets `minutes` more from now, in one statement: undefined
 * when it is no longer open or was already extended.
 */
export async function extendOpenReservation(
  q: Queryable,
  accountId: string,
  orderId: string,
  minutes: number,
) {
  const [row] = await q
    .update(orders)
    .set({
      reserved_until: sql`greatest(${orders.reserved_until}, now() + make_interval(mins => ${minutes}))`,
      reservation_extended_at: sql`now()`,
    })
    .where(
      and(
        eq(orders.account_id, accountId),
        eq(orders.id, orderId),
        eq(orders.status, 'RESERVED'),
        sql`${orders.reserved_until} > now()`,
        sql`${orders.reservation_extended_at} is null`,
      ),
    )
    .returning();
  return row;
}

/**
 * Updates an order only while it is in `status` and its reservation has not expired, in one statement
 * (no lock to take first): undefined when it is not, or no longer, so.
 */
export async function updateUnexpiredOrder(
  q: Queryable,
  accountId: string,
  orderId: string,
  status: OrderStatus,
  values: Partial<typeof orders.$inferInsert>,
) {
  const [row] = await q
    .update(orders)
    .set(values)
    .where(
      and(
        eq(orders.account_id, accountId),
        eq(orders.id, orderId),
        eq(orders.status, status),
        sql`${orders.reserved_until} > now()`,
      ),
    )
    .returning();
  return row;
}

/**
 * One statement (so one implicit transaction, one round trip): moves the order from `from` to `to` if it
 * is still in `from`, unexpired and paid in full, and only then writes the payment, the attendees and the
 * jobs. The attendees written, or undefined when the order was not so.
 */
export async function completeReservationAtOnce(
  q: Queryable,
  input: {
    accountId: string;
    orderId: string;
    from: OrderStatus;
    to: { status: OrderStatus; payment_status: PaymentStatus };
    /** The status of the payment row written. */
    paymentRowStatus: PaymentRow['status'];
    completedAt: Date;
    payment: { provider: string; ref: string; amountCents: number; currency: string };
    attendees: (typeof attendees.$inferInsert & { id: string })[];
    jobs: { kind: string; payload: Record<string, unknown> }[];
    /** Lines of the order's activity log (account_id and order_id come from the order). */
    activities: { kind: string; details: Record<string, unknown> }[];
  },
) {
  const { payment } = input;
  const result = await q.execute(sql`
    with o as (
      update ${orders} set status = ${input.to.status}, payment_status = ${input.to.payment_status},
        payment_provider = ${payment.provider}, completed_at = ${input.completedAt}, updated_at = ${input.completedAt}
      where id = ${input.orderId} and account_id = ${input.accountId}
        and status = ${input.from} and reserved_until > now()
        and total_cents <= ${payment.amountCents}
      returning id, account_id
    ), p as (
      insert into ${payments} (order_id, provider, provider_ref, status, amount_cents, currency)
      select o.id, ${payment.provider}, ${payment.ref}, ${input.paymentRowStatus}, ${payment.amountCents}, ${payment.currency}
      from o
    ), a as (
      insert into ${attendees} (id, short_id, account_id, event_id, order_id, order_item_id, ticket_id, price_id,
        first_name, last_name, email, status, qr_secret, answers, event_date_id)
      select x.id, x.short_id, x.account_id, x.event_id, x.order_id, x.order_item_id, x.ticket_id, x.price_id,
        x.first_name, x.last_name, x.email, x.status, x.qr_secret, coalesce(x.answers, '{}'::jsonb), x.event_date_id
      from o, jsonb_to_recordset(${JSON.stringify(input.attendees)}::jsonb) as x(id uuid, short_id text,
        account_id uuid, event_id uuid, order_id uuid, order_item_id uuid, ticket_id uuid, price_id uuid,
        first_name text, last_name text, email text, status text, qr_secret text, answers jsonb, event_date_id uuid)
      returning id, short_id, created_at
    ), j as (
      insert into ${jobs} (kind, payload)
      select x.kind, x.payload from o, jsonb_to_recordset(${JSON.stringify(input.jobs)}::jsonb) as x(kind text, payload jsonb)
    ), act as (
      insert into ${orderActivities} (account_id, order_id, kind, details)
      select o.account_id, o.id, x.kind, x.details
      from o, jsonb_to_recordset(${JSON.stringify(input.activities)}::jsonb) as x(kind text, details jsonb)
    )
    select (select count(*) from o)::int as completed,
      coalesce((select json_agg(json_build_object('id', a.id, 'short_id', a.short_id, 'created_at', a.created_at)) from a), '[]') as attendees`);
  const [row] = rowsOf<{
    completed: number;
    attendees: { id: string; short_id: string; created_at: string }[];
  }>(result);
  if (!row?.completed) return undefined;
  const written = new Map(row.attendees.map((a) => [a.short_id, a]));
  const rows = input.attendees.map((a): AttendeeRow => {
    const w = written.get(a.short_id);
    const at = w ? new Date(w.created_at) : input.completedAt;
    return { ...a, id: w?.id ?? '', answers: a.answers ?? {}, created_at: at, updated_at: at } as AttendeeRow;
  });
  // In the order loadAttendees reads them back (created together: by id).
  return rows.sort((x, y) => x.created_at.getTime() - y.created_at.getTime() || x.id.localeCompare(y.id));
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

/** Every attendee of the order gets `status`. */
export async function setAttendeeStatus(q: Queryable, order: OrderScope, status: AttendeeRow['status']) {
  await q
    .update(attendees)
    .set({ status })
    .where(and(eq(attendees.account_id, order.account_id), eq(attendees.order_id, order.id)));
}

export async function loadPayments(q: Queryable, orderId: string) {
  return q.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(asc(payments.created_at));
}

/**
 * Per order of a page already scoped to its account: what was paid, what was refunded or is being refunded
 * (failed refunds gave nothing back), and whether a refund is still pending.
 */
export async function refundFigures(q: Queryable, orderIds: string[]) {
  if (orderIds.length === 0) return { paid: [], refunds: [] };
  const [paid, refunds] = await Promise.all([
    q
      .select({ order_id: payments.order_id, cents: sql<string>`sum(${payments.amount_cents})` })
      .from(payments)
      .where(and(inArray(payments.order_id, orderIds), eq(payments.status, 'SUCCEEDED')))
      .groupBy(payments.order_id),
    q
      .select({
        order_id: orderRefunds.order_id,
        cents: sql<string>`coalesce(sum(${orderRefunds.amount_cents}) filter (where ${orderRefunds.status} <> 'FAILED'), 0)`,
        pending: sql<boolean>`bool_or(${orderRefunds.status} = 'PENDING')`,
      })
      .from(orderRefunds)
      .where(inArray(orderRefunds.order_id, orderIds))
      .groupBy(orderRefunds.order_id),
  ]);
  return { paid, refunds };
}

/** The refunds of an order of this account, oldest first (the detail shows them). */
export async function loadRefunds(q: Queryable, order: OrderScope) {
  return q
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.account_id, order.account_id), eq(orderRefunds.order_id, order.id)))
    .orderBy(asc(orderRefunds.created_at), asc(orderRefunds.id));
}

/** The organizer's order list: what it sorts and filters by. */
export const ordersListSpec: ListSpec = {
  sortable: {
    created_at: orders.created_at,
    completed_at: orders.completed_at,
    total_cents: orders.total_cents,
    email: orders.email,
    first_name: orders.first_name,
    last_name: orders.last_name,
    status: orders.status,
  },
  defaultSort: { by: 'created_at', direction: 'desc' },
  filterable: {
    status: { column: orders.status, operators: ['eq', 'ne', 'in'] },
    payment_status: { column: orders.payment_status, operators: ['eq', 'ne', 'in'] },
    refund_status: { column: orders.refund_status, operators: ['eq', 'ne', 'in'] },
    payment_provider: { column: orders.payment_provider, operators: ['eq', 'in'] },
    email: { column: orders.email, operators: ['eq', 'like'] },
    promo_code: { column: orders.promo_code, operators: ['eq', 'like'] },
    total_cents: { column: orders.total_cents, operators: ['eq', 'gt', 'gte', 'lt', 'lte'], type: 'number' },
    created_at: { column: orders.created_at, operators: ['gt', 'gte', 'lt', 'lte'], type: 'date' },
    event_date_id: { column: orders.event_date_id, operators: ['eq', 'in'], type: 'uuid' },
  },
};

const itemCount = sql<number>`(select coalesce(sum(quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`;

type OrderListWhere = {
  where?: SQL;
  query?: string;
  /** Orders in these statuses are left out (the service's default view). */
  hiddenStatuses?: readonly OrderStatus[];
};

function listWhere(accountId: string, eventId: string, opts: OrderListWhere) {
  const conditions: (SQL | undefined)[] = [
    eq(orders.account_id, accountId),
    eq(orders.event_id, eventId),
    opts.where,
  ];
  if (opts.hiddenStatuses?.length) conditions.push(notInArray(orders.status, [...opts.hiddenStatuses]));
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
  return and(...conditions);
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
    hiddenStatuses?: readonly OrderStatus[];
  },
) {
  const where = listWhere(accountId, eventId, opts);
  const [rows, totals] = await Promise.all([
    q
      .select({
        order: orders,
        item_count: itemCount,
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

/** Every order id the list would show, in its order, packed (an export then reads rows in batches). */
export async function listOrderIds(
  q: Queryable,
  accountId: string,
  eventId: string,
  opts: OrderListWhere & { orderBy: SQL },
) {
  const [row] = await q
    .select({ ids: packedIdsOf(orders.id, opts.orderBy) })
    .from(orders)
    .where(listWhere(accountId, eventId, opts));
  return new PackedIds(row?.ids ?? null);
}

/** An order as the export shows it: only the columns it writes. */
export type ExportOrderRow = Awaited<ReturnType<typeof findExportOrders>>[number];

/**
 * These orders of the event (one export batch: ids as `inIdOrder` gives them), in no particular order,
 * with what was refunded of each (refunds in `refunds`) and their lines' taxes and fees.
 */
export async function findExportOrders(
  q: Queryable,
  accountId: string,
  eventId: string,
  idList: string,
  refunds: readonly RefundRowStatus[],
) {
  return q
    .select({
      id: orders.id,
      short_id: orders.short_id,
      status: orders.status,
      payment_status: orders.payment_status,
      refund_status: orders.refund_status,
      first_name: orders.first_name,
      last_name: orders.last_name,
      email: orders.email,
      item_count: itemCount,
      subtotal_cents: orders.subtotal_cents,
      discount_cents: orders.discount_cents,
      taxes_cents: orders.taxes_cents,
      fees_cents: orders.fees_cents,
      total_cents: orders.total_cents,
      currency: orders.currency,
      promo_code: orders.promo_code,
      payment_provider: orders.payment_provider,
      is_manual: orders.is_manual,
      created_at: orders.created_at,
      completed_at: orders.completed_at,
      answers: orders.answers,
      ...orderMoneyColumns(sql`"orders"."id"`, refunds),
    })
    .from(orders)
    .where(and(eq(orders.account_id, accountId), eq(orders.event_id, eventId), idIn(orders.id, idList)));
}

/** The event (of this account) as the order e-mails describe it. */
export async function findEmailEvent(q: Queryable, accountId: string, eventId: string) {
  return one(
    await q
      .select({
        id: events.id,
        account_id: events.account_id,
        name: events.name,
        start_date: events.start_date,
        end_date: events.end_date,
        timezone: events.timezone,
        location: events.location,
        settings: events.settings,
        organizer_name: organizers.name,
        organizer_email: organizers.email,
        email_templates: templatesOfEventSql(sql`${events.account_id}`, sql`${events.id}`),
      })
      .from(events)
      .innerJoin(organizers, eq(organizers.id, events.organizer_id))
      .where(and(eq(events.id, eventId), eq(events.account_id, accountId)))
      .limit(1),
  );
}
