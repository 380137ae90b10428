import type { PaymentProvider } from '@taquilla/shared';
import type {
  OrganizerOrder,
  OrganizerOrderAttendee,
  OrganizerOrderSummary,
  OrganizerPayment,
} from '@taquilla/shared/schemas/checkout';
import type { Queryable, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { newShortId, randomBase62 } from '../../lib/ids.ts';
import { type ListSpec, listMeta, parseListQuery } from '../../lib/pagination.ts';
import { insertPayment } from '../payments/payments.service.ts';
import { queueCompletedOrderEmails, queueOfflinePaymentEmail, queueTicketEmail } from './order-emails.ts';
import { presentItem } from './order-presenter.ts';
import { ordersMessages } from './orders.messages.ts';
import type { AttendeeRow, OrderRow } from './orders.repository.ts';
import * as repo from './orders.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

/** Attendee details given at checkout, kept on the order until its attendee rows are created. */
export interface PendingAttendee {
  order_item_id: string;
  ticket_id: string;
  price_id: string;
  first_name: string;
  last_name: string;
  email: string;
  answers: Record<string, unknown>;
}

/** One attendee row per ticket unit, from the details given at checkout (or the buyer's, as a fallback). */
async function createAttendees(tx: Tx, order: OrderRow, status: 'ACTIVE' | 'AWAITING_PAYMENT') {
  const existing = await repo.loadAttendees(tx, order.id);
  if (existing.length > 0) {
    if (existing.some((a) => a.status !== status)) await repo.setAttendeeStatus(tx, order.id, status);
    return repo.loadAttendees(tx, order.id);
  }
  const items = await repo.loadItems(tx, [order.id]);
  let pending = order.pending_attendees as unknown as PendingAttendee[];
  const units = items.reduce((n, i) => n + i.quantity, 0);
  if (pending.length !== units) {
    pending = items.flatMap((i) =>
      Array.from({ length: i.quantity }, () => ({
        order_item_id: i.id,
        ticket_id: i.ticket_id,
        price_id: i.price_id,
        first_name: order.first_name ?? '',
        last_name: order.last_name ?? '',
        email: order.email ?? '',
        answers: {},
      })),
    );
  }
  return repo.insertAttendees(
    tx,
    pending.map((p) => ({
      short_id: newShortId('a'),
      account_id: order.account_id,
      event_id: order.event_id,
      order_id: order.id,
      order_item_id: p.order_item_id,
      ticket_id: p.ticket_id,
      price_id: p.price_id,
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email,
      answers: p.answers,
      status,
      qr_secret: randomBase62(32),
    })),
  );
}

/**
 * Completes an order inside the caller's transaction (the order row must be locked): status COMPLETED,
 * one ACTIVE attendee per unit, and the confirmation and ticket e-mails queued in the same transaction.
 * Promo code uses and affiliate sales count from completed orders, so they need no separate write.
 */
export async function completeOrder(
  deps: Deps,
  tx: Tx,
  order: OrderRow,
  paymentStatus: 'NO_PAYMENT_REQUIRED' | 'PAYMENT_RECEIVED',
): Promise<OrderRow> {
  const updated = await repo.updateOrderCompletedNow(tx, order.id, {
    status: 'COMPLETED',
    payment_status: paymentStatus,
  });
  const attendees = await createAttendees(tx, updated, 'ACTIVE');
  const [items, event] = await Promise.all([
    repo.loadItems(tx, [order.id]),
    repo.findEmailEvent(tx, order.event_id),
  ]);
  await queueCompletedOrderEmails(
    { jobs: deps.jobs, appUrl: deps.config.appUrl, tx, event, order: updated },
    items,
    attendees,
  );
  return updated;
}

/** An offline order keeps its units while the organizer waits for the money (attendees AWAITING_PAYMENT). */
export async function holdForOfflinePayment(deps: Deps, tx: Tx, order: OrderRow): Promise<OrderRow> {
  const updated = await repo.updateOrder(tx, order.id, {
    status: 'AWAITING_OFFLINE_PAYMENT',
    payment_status: 'AWAITING_PAYMENT',
    payment_provider: 'offline',
  });
  await createAttendees(tx, updated, 'AWAITING_PAYMENT');
  const event = await repo.findEmailEvent(tx, order.event_id);
  await queueOfflinePaymentEmail({ jobs: deps.jobs, appUrl: deps.config.appUrl, tx, event, order: updated });
  return updated;
}

// ---------------------------------------------------------------- organizer

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
  },
};

function presentSummary(order: OrderRow, itemCount: number): OrganizerOrderSummary {
  return {
    id: order.id,
    short_id: order.short_id,
    status: order.status,
    payment_status: order.payment_status,
    refund_status: order.refund_status,
    payment_provider: order.payment_provider as PaymentProvider | null,
    first_name: order.first_name,
    last_name: order.last_name,
    email: order.email,
    currency: order.currency,
    total_cents: order.total_cents,
    item_count: itemCount,
    promo_code: order.promo_code,
    is_manual: order.is_manual,
    created_at: order.created_at.toISOString(),
    completed_at: order.completed_at?.toISOString() ?? null,
  };
}

async function assertEvent(deps: Deps, auth: AuthContext, eventId: string) {
  assertCan(auth, 'events:manage');
  if (!(await repo.eventBelongsTo(deps.db, auth.accountId, eventId))) throw notFound();
}

export async function listOrders(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  query: Record<string, unknown>,
) {
  const params = parseListQuery(query, ordersListSpec);
  await assertEvent(deps, auth, eventId);
  const { rows, total } = await repo.listOrders(deps.db, auth.accountId, eventId, {
    where: params.where,
    query: params.query,
    orderBy: params.orderBy,
    limit: params.perPage,
    offset: params.offset,
    defaultStatuses: !params.filters.some((f) => f.field === 'status'),
  });
  return { data: rows.map((r) => presentSummary(r.order, r.item_count)), meta: listMeta(total, params) };
}

async function presentDetail(deps: Deps, order: OrderRow): Promise<OrganizerOrder> {
  const [items, attendees, paymentRows] = await Promise.all([
    repo.loadItems(deps.db, [order.id]),
    repo.loadAttendees(deps.db, order.id),
    repo.loadPayments(deps.db, order.id),
  ]);
  const itemById = new Map(items.map((i) => [i.id, i]));
  return {
    ...presentSummary(
      order,
      items.reduce((n, i) => n + i.quantity, 0),
    ),
    event_id: order.event_id,
    locale: order.locale,
    reserved_until: order.reserved_until.toISOString(),
    subtotal_cents: order.subtotal_cents,
    discount_cents: order.discount_cents,
    taxes_cents: order.taxes_cents,
    fees_cents: order.fees_cents,
    affiliate_id: order.affiliate_id,
    answers: order.answers,
    items: items.map(presentItem),
    attendees: attendees.map(
      (a): OrganizerOrderAttendee => ({
        id: a.id,
        short_id: a.short_id,
        first_name: a.first_name,
        last_name: a.last_name,
        email: a.email,
        ticket_id: a.ticket_id,
        ticket_name: itemById.get(a.order_item_id)?.ticket_name ?? '',
        price_label: itemById.get(a.order_item_id)?.price_label ?? null,
        status: a.status,
      }),
    ),
    payments: paymentRows.map(
      (p): OrganizerPayment => ({
        id: p.id,
        provider: p.provider,
        provider_ref: p.provider_ref,
        status: p.status,
        amount_cents: p.amount_cents,
        currency: p.currency,
        failure_reason: p.failure_reason,
        created_at: p.created_at.toISOString(),
      }),
    ),
  };
}

export async function getOrder(deps: Deps, auth: AuthContext, eventId: string, orderId: string) {
  assertCan(auth, 'events:manage');
  const order = await repo.findAccountOrder(deps.db, auth.accountId, eventId, orderId);
  if (!order) throw notFound();
  return presentDetail(deps, order);
}

/** The organizer received the bank transfer (or cash): the offline order completes and tickets go out. */
export async function markPaid(deps: Deps, auth: AuthContext, eventId: string, orderId: string) {
  assertCan(auth, 'events:manage');
  const order = await deps.db.transaction(async (tx) => {
    const locked = await repo.findAccountOrder(tx, auth.accountId, eventId, orderId, true);
    if (!locked) throw notFound();
    if (locked.status !== 'AWAITING_OFFLINE_PAYMENT') {
      throw conflict(ordersMessages['orders.not_awaiting_offline_payment']);
    }
    await insertPayment(tx, {
      order_id: locked.id,
      provider: 'offline',
      provider_ref: `offline_${locked.short_id}`,
      status: 'SUCCEEDED',
      amount_cents: locked.total_cents,
      currency: locked.currency,
    });
    return completeOrder(deps, tx, locked, 'PAYMENT_RECEIVED');
  });
  return presentDetail(deps, order);
}

export type { OrderItemRow, OrderRow } from './orders.repository.ts';

// Order storage the public order flow (checkout) works with.

export const findOrderByShortId = (q: Queryable, eventId: string, shortId: string, lock = false) =>
  repo.findOrderByShortId(q, eventId, shortId, lock);

/** An order by id, for the payment flow that only knows the order its provider reported on. */
export const findOrderById = (q: Queryable, orderId: string, lock = false) =>
  repo.findOrderById(q, orderId, lock);

export const insertOrder = (q: Queryable, values: Parameters<typeof repo.insertOrder>[1]) =>
  repo.insertOrder(q, values);

export const insertItems = (q: Queryable, values: Parameters<typeof repo.insertItems>[1]) =>
  repo.insertItems(q, values);

export const loadItems = (q: Queryable, orderIds: string[]) => repo.loadItems(q, orderIds);

export const updateOrder = (q: Queryable, orderId: string, values: Parameters<typeof repo.updateOrder>[2]) =>
  repo.updateOrder(q, orderId, values);

/** Queues an attendee's ticket e-mail again (the organizer's "resend"), to the attendee's current address. */
export async function resendTicketEmail(
  deps: Deps,
  accountId: string,
  eventId: string,
  attendee: AttendeeRow,
  ticketName: string,
) {
  const [order, event] = await Promise.all([
    repo.findAccountOrder(deps.db, accountId, eventId, attendee.order_id),
    repo.findEmailEvent(deps.db, eventId),
  ]);
  if (!order) throw notFound();
  await queueTicketEmail(
    { jobs: deps.jobs, appUrl: deps.config.appUrl, tx: deps.db, event, order },
    attendee,
    ticketName,
    true,
  );
}
