import { randomUUID } from 'node:crypto';
import type { PaymentProvider, RefundStatus } from '@taquilla/shared';
import type {
  OrganizerOrder,
  OrganizerOrderAttendee,
  OrganizerOrderSummary,
  OrganizerPayment,
} from '@taquilla/shared/schemas/checkout';
import type { EventDateRef } from '@taquilla/shared/schemas/event-dates';
import type { OrderRefund } from '@taquilla/shared/schemas/orders';
import type { WebhookEventType } from '@taquilla/shared/schemas/webhooks';
import type { Queryable, Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { newShortId, randomBase62 } from '../../lib/ids.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { assertDateFilter } from '../event-dates/date-filter.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import {
  ADMITTED_ATTENDEE,
  attendeeActions,
  markPaidRefusal,
  NOT_YET_ORDERS,
  orderActions,
  type RefundFigures,
  resendRefusal,
} from '../order-lifecycle/order-lifecycle.ts';
import { recordOfflinePayment } from '../payments/payments.service.ts';
import { answeredQuestion } from '../questions/answers.ts';
import { loadEventQuestions } from '../questions/questions.service.ts';
import { logActivity, orderActivity } from './activity.ts';
import {
  type EmailEvent,
  platformFooter as footerOf,
  type OrderMoney,
  queueCompletedOrderEmails,
  queueOfflinePaymentEmail,
  queueTicketEmail,
  replyToOf as replyTo,
} from './order-emails.ts';
import { orderDateRefs, presentItem } from './order-presenter.ts';
import type { AttendeeRow, OrderItemRow, OrderRow, OrderScope } from './orders.repository.ts';
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

/**
 * One attendee row per ticket unit, from the details given at checkout (or the buyer's, as a fallback).
 * An order that was only reserved (or abandoned) has none yet; one held for an offline payment has them
 * already and they change status. `items` when the caller has them.
 */
async function createAttendees(
  tx: Tx,
  order: OrderRow,
  status: 'ACTIVE' | 'AWAITING_PAYMENT',
  before: OrderRow['status'],
  known?: OrderItemRow[],
) {
  if (!NOT_YET_ORDERS.includes(before)) {
    const existing = await repo.loadAttendees(tx, order.id);
    if (existing.length > 0) {
      if (existing.some((a) => a.status !== status)) await repo.setAttendeeStatus(tx, order, status);
      return repo.loadAttendees(tx, order.id);
    }
  }
  const items = known ?? (await repo.loadItems(tx, [order.id]));
  return repo.insertAttendees(tx, attendeeValues(order, items, status));
}

/** The attendee rows to write for an order: one per unit, with a new short id and QR secret each. */
function attendeeValues(order: OrderRow, items: OrderItemRow[], status: 'ACTIVE' | 'AWAITING_PAYMENT') {
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
  // Ids made here: the ticket e-mails, rendered before the rows are written, are keyed by them.
  return pending.map((p) => ({
    id: randomUUID(),
    short_id: newShortId('a'),
    account_id: order.account_id,
    event_id: order.event_id,
    order_id: order.id,
    order_item_id: p.order_item_id,
    event_date_id: order.event_date_id,
    ticket_id: p.ticket_id,
    price_id: p.price_id,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    answers: p.answers,
    status,
    qr_secret: randomBase62(32),
  }));
}

/** A reservation that became a paid (or free) order: its order and attendee messages. */
const PLACED_AND_COMPLETED: WebhookEventType[] = ['order.created', 'order.completed', 'attendee.created'];
const webhookChange = (order: OrderScope & Pick<OrderRow, 'event_id'>) => ({
  accountId: order.account_id,
  eventId: order.event_id,
  orderId: order.id,
});

/**
 * A paid reservation completed in one statement, the busiest write of a sale: the order COMPLETED
 * (only if it is still RESERVED, unexpired and `amountCents` covers it), the payment SUCCEEDED, its
 * attendees and its e-mails, all or nothing. The same rows `completeOrder` writes, built by the same
 * functions; null when the order was not open any more (the caller takes the general path).
 */
export async function completePaidReservation(
  deps: Deps,
  input: {
    order: OrderRow;
    items: OrderItemRow[];
    event: EmailEvent;
    payment: { provider: string; ref: string; amountCents: number; currency: string };
  },
) {
  const { order, items, event, payment } = input;
  const completedAt = new Date();
  const completed: OrderRow = {
    ...order,
    status: 'COMPLETED',
    payment_status: 'PAYMENT_RECEIVED',
    payment_provider: payment.provider,
    completed_at: completedAt,
  };
  const values = attendeeValues(completed, items, 'ACTIVE');
  const jobs: { kind: string; payload: Record<string, unknown> }[] = [];
  const queued: { kind: string; details: Record<string, unknown> }[] = [];
  // The e-mails are rendered now and written by the same statement, with their EMAIL_QUEUED lines.
  const collector = {
    enqueue: async (kind: string, payload: Record<string, unknown>) => void jobs.push({ kind, payload }),
  };
  await queueCompletedOrderEmails(
    {
      jobs: collector,
      appUrl: deps.config.appUrl,
      tx: deps.db,
      event,
      order: completed,
      logQueued: (details) => queued.push({ kind: 'EMAIL_QUEUED', details }),
    },
    items,
    values,
  );
  await emitWebhook(collector, PLACED_AND_COMPLETED, webhookChange(order));
  const written = await repo.completeReservationAtOnce(deps.db, {
    accountId: order.account_id,
    orderId: order.id,
    from: 'RESERVED',
    to: { status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED' },
    paymentRowStatus: 'SUCCEEDED',
    completedAt,
    payment,
    attendees: values,
    jobs,
    // The same log lines completeOrder writes.
    activities: [{ kind: 'PAID', details: { provider: payment.provider } }, ...queued],
  });
  if (!written) return null;
  deps.jobs.notify();
  return { order: { ...completed, updated_at: completedAt }, items, attendees: written };
}

/**
 * Completes an order inside the caller's transaction (the order row must be locked): status COMPLETED,
 * one ACTIVE attendee per unit, and (unless `sendEmails` is false) the confirmation and ticket e-mails
 * queued in the same transaction. Promo code uses and affiliate sales count from completed orders, so they
 * need no separate write.
 */
export async function completeOrder(
  deps: Deps,
  tx: Tx,
  order: OrderRow,
  paymentStatus: 'NO_PAYMENT_REQUIRED' | 'PAYMENT_RECEIVED',
  known: CompletionInput = {},
): Promise<OrderRow> {
  return (await completeOrderWith(deps, tx, order, paymentStatus, known)).order;
}

/**
 * What a caller that already read the order's items and event passes (a purchase under load saves the
 * round trips), and what else to write on the order in the same update.
 */
export interface CompletionInput {
  items?: OrderItemRow[];
  event?: EmailEvent;
  set?: { payment_provider?: string } & Partial<BuyerDetails>;
  /** false: no e-mails (a manual order the organizer chose not to announce). */
  sendEmails?: boolean;
  /** The organizer who completed it, for the activity log. */
  userId?: string;
}

/** `completeOrder`, returning the rows it wrote too: the buyer's answer is presented from them. */
export async function completeOrderWith(
  deps: Deps,
  tx: Tx,
  order: OrderRow,
  paymentStatus: 'NO_PAYMENT_REQUIRED' | 'PAYMENT_RECEIVED',
  known: CompletionInput = {},
) {
  const updated = await repo.updateOrderCompletedNow(tx, order, {
    ...known.set,
    status: 'COMPLETED',
    payment_status: paymentStatus,
  });
  const items = known.items ?? (await repo.loadItems(tx, [order.id]));
  const attendees = await createAttendees(tx, updated, 'ACTIVE', order.status, items);
  await emitWebhook(
    deps.jobs,
    order.status === 'RESERVED' ? PLACED_AND_COMPLETED : ['order.completed', 'attendee.updated'],
    webhookChange(order),
    tx,
  );
  if (paymentStatus === 'PAYMENT_RECEIVED') {
    await logActivity(tx, updated, 'PAID', {
      userId: known.userId,
      details: { provider: updated.payment_provider },
    });
  }
  if (known.sendEmails === false) return { order: updated, items, attendees };
  const event = known.event ?? (await repo.findEmailEvent(tx, order.account_id, order.event_id));
  await queueCompletedOrderEmails(
    { jobs: deps.jobs, appUrl: deps.config.appUrl, tx, event, order: updated, userId: known.userId },
    items,
    attendees,
  );
  return { order: updated, items, attendees };
}

/** An offline order keeps its units while the organizer waits for the money (attendees AWAITING_PAYMENT). */
export async function holdForOfflinePayment(deps: Deps, tx: Tx, order: OrderRow): Promise<OrderRow> {
  const updated = await repo.updateOrder(tx, order, {
    status: 'AWAITING_OFFLINE_PAYMENT',
    payment_status: 'AWAITING_PAYMENT',
    payment_provider: 'offline',
  });
  await createAttendees(tx, updated, 'AWAITING_PAYMENT', order.status);
  await emitWebhook(deps.jobs, ['order.created', 'attendee.created'], webhookChange(order), tx);
  const event = await repo.findEmailEvent(tx, order.account_id, order.event_id);
  await queueOfflinePaymentEmail({ jobs: deps.jobs, appUrl: deps.config.appUrl, tx, event, order: updated });
  return updated;
}

// ---------------------------------------------------------------- organizer

/**
 * What can still be refunded (paid minus what was refunded or is being refunded; nothing for a manual
 * order) and whether a refund is in progress.
 */
function refundFiguresOf(
  order: OrderRow,
  money: { paidCents: number; refundedCents: number; pendingRefund: boolean },
): RefundFigures {
  return {
    refundableCents: order.is_manual ? 0 : Math.max(0, money.paidCents - money.refundedCents),
    pendingRefund: money.pendingRefund,
  };
}

function presentSummary(
  auth: AuthContext,
  order: OrderRow,
  itemCount: number,
  figures: RefundFigures,
  dates: Map<string, EventDateRef>,
): OrganizerOrderSummary {
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
    event_date: refOf(dates, order.event_date_id),
    is_manual: order.is_manual,
    created_at: order.created_at.toISOString(),
    completed_at: order.completed_at?.toISOString() ?? null,
    actions: orderActions(auth, order, figures),
  };
}

async function assertEvent(deps: Deps, auth: AuthContext, eventId: string) {
  assertCan(auth, 'orders:read');
  if (!(await repo.eventBelongsTo(deps.db, auth.accountId, eventId))) throw notFound();
}

export async function listOrders(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  query: Record<string, unknown>,
) {
  const params = parseListQuery(query, repo.ordersListSpec);
  await assertEvent(deps, auth, eventId);
  await assertDateFilter(deps.db, auth.accountId, eventId, params.filters);
  const { rows, total } = await repo.listOrders(deps.db, auth.accountId, eventId, {
    where: params.where,
    query: params.query,
    orderBy: params.orderBy,
    limit: params.perPage,
    offset: params.offset,
    hiddenStatuses: params.filters.some((f) => f.field === 'status') ? undefined : NOT_YET_ORDERS,
  });
  const [{ paid, refunds }, dates] = await Promise.all([
    repo.refundFigures(
      deps.db,
      rows.map((r) => r.order.id),
    ),
    loadDateRefs(
      deps.db,
      rows.map((r) => r.order.event_date_id),
    ),
  ]);
  const paidOf = new Map(paid.map((p) => [p.order_id, Number(p.cents)]));
  const refundsOf = new Map(refunds.map((r) => [r.order_id, r]));
  const figures = (order: OrderRow) =>
    refundFiguresOf(order, {
      paidCents: paidOf.get(order.id) ?? 0,
      refundedCents: Number(refundsOf.get(order.id)?.cents ?? 0),
      pendingRefund: refundsOf.get(order.id)?.pending ?? false,
    });
  return {
    data: rows.map((r) => presentSummary(auth, r.order, r.item_count, figures(r.order), dates)),
    meta: listMeta(total, params),
  };
}

export async function presentDetail(deps: Deps, auth: AuthContext, order: OrderRow): Promise<OrganizerOrder> {
  const [items, attendees, paymentRows, refunds, activity, questions] = await Promise.all([
    repo.loadItems(deps.db, [order.id]),
    repo.loadAttendees(deps.db, order.id),
    repo.loadPayments(deps.db, order.id),
    repo.loadRefunds(deps.db, order),
    orderActivity(deps.db, order),
    loadEventQuestions(deps.db, order.event_id),
  ]);
  const dates = await orderDateRefs(deps.db, order, attendees);
  const paid = paymentRows.filter((p) => p.status === 'SUCCEEDED').reduce((n, p) => n + p.amount_cents, 0);
  const figures = refundFiguresOf(order, {
    paidCents: paid,
    refundedCents: refunds.filter((r) => r.status !== 'FAILED').reduce((n, r) => n + r.amount_cents, 0),
    pendingRefund: refunds.some((r) => r.status === 'PENDING'),
  });
  const itemById = new Map(items.map((i) => [i.id, i]));
  return {
    ...presentSummary(
      auth,
      order,
      items.reduce((n, i) => n + i.quantity, 0),
      figures,
      dates,
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
    organizer_notes: order.organizer_notes,
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
        event_date: refOf(dates, a.event_date_id),
        answers: a.answers,
        actions: attendeeActions(auth, a, order),
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
    refunds: refunds.map(
      (r): OrderRefund => ({
        id: r.id,
        provider: r.provider,
        provider_ref: r.provider_ref,
        status: r.status,
        amount_cents: r.amount_cents,
        currency: r.currency,
        reason: r.reason,
        failure_reason: r.failure_reason,
        created_by: r.created_by,
        created_at: r.created_at.toISOString(),
      }),
    ),
    refundable_cents: figures.refundableCents,
    activity,
    questions: questions.map(answeredQuestion),
  };
}

export async function getOrder(deps: Deps, auth: AuthContext, eventId: string, orderId: string) {
  assertCan(auth, 'orders:read');
  const order = await repo.findAccountOrder(deps.db, auth.accountId, eventId, orderId);
  if (!order) throw notFound();
  return presentDetail(deps, auth, order);
}

/** The organizer received the bank transfer (or cash): the offline order completes and tickets go out. */
export async function markPaid(deps: Deps, auth: AuthContext, eventId: string, orderId: string) {
  assertCan(auth, 'orders:manage');
  const order = await deps.db.transaction(async (tx) => {
    const locked = await repo.findAccountOrder(tx, auth.accountId, eventId, orderId, true);
    if (!locked) throw notFound();
    const refusal = markPaidRefusal(locked);
    if (refusal) throw conflict(refusal);
    await recordOfflinePayment(tx, locked, locked.total_cents, `offline_${locked.short_id}`);
    return completeOrder(deps, tx, locked, 'PAYMENT_RECEIVED', { userId: auth.userId });
  });
  return presentDetail(deps, auth, order);
}

/** POST .../resend: the confirmation (and tickets) e-mails again, as at checkout. */
export async function resendConfirmation(deps: Deps, auth: AuthContext, eventId: string, orderId: string) {
  assertCan(auth, 'orders:manage');
  await deps.db.transaction(async (tx) => {
    const order = await repo.findAccountOrder(tx, auth.accountId, eventId, orderId, true);
    if (!order) throw notFound();
    const refusal = resendRefusal(order);
    if (refusal) throw conflict(refusal);
    const [items, attendees, event] = await Promise.all([
      repo.loadItems(tx, [order.id]),
      repo.loadAttendees(tx, order.id),
      repo.findEmailEvent(tx, order.account_id, order.event_id),
    ]);
    await queueCompletedOrderEmails(
      { jobs: deps.jobs, appUrl: deps.config.appUrl, tx, event, order, userId: auth.userId, resend: true },
      items,
      attendees.filter((a) => a.status === ADMITTED_ATTENDEE),
    );
  });
}

export type { EmailEvent, OrderMoney } from './order-emails.ts';
export type { AttendeeRow, OrderItemRow, OrderRow } from './orders.repository.ts';

// What other modules do to an order's rows (checkout, waiting-list offers, after-sale): each function
// names its step and writes only the columns that step changes.

/** The order a buyer's link points to: the unguessable short id is the path's entry point. */
export async function findOrderByShortId(q: Queryable, eventId: string, shortId: string, lock = false) {
  return repo.findOrderByShortId(q, eventId, shortId, lock);
}

/** An order of this account by id, for the payment flow (it knows the account from the payment's order). */
export async function findOrderById(q: Queryable, accountId: string, orderId: string, lock = false) {
  return repo.findOrderById(q, accountId, orderId, lock);
}

/** This account's order of this event, its row locked for the caller's transaction; otherwise 404. */
export async function lockEventOrder(tx: Tx, accountId: string, eventId: string, orderId: string) {
  const order = await repo.findAccountOrder(tx, accountId, eventId, orderId, true);
  if (!order) throw notFound();
  return order;
}

/** What the buyer paid for the order, and what was or is being given back (a cancellation e-mail says it). */
export async function orderMoney(q: Queryable, order: OrderRow): Promise<OrderMoney> {
  const { paid, refunds } = await repo.refundFigures(q, [order.id]);
  return { paidCents: Number(paid[0]?.cents ?? 0), refundedCents: Number(refunds[0]?.cents ?? 0) };
}

/** The platform's footer line of an event's e-mails (the waiting list's too). */
export const platformFooter = footerOf;

/** Where replies to an event's e-mails go: its support address, else its organizer's. */
export const replyToOf = replyTo;

/** An event of this account as its e-mails show it (the waiting list's too), with the organizer's texts. */
export const emailEventOf = (q: Queryable, accountId: string, eventId: string) =>
  repo.findEmailEvent(q, accountId, eventId);

/** The event as the order's e-mails show it. */
export const orderEmailEvent = (q: Queryable, order: OrderRow) =>
  repo.findEmailEvent(q, order.account_id, order.event_id);

/** What a buyer (or the organizer for them) says about themselves and the order. */
export type BuyerDetails = Pick<
  typeof orders.$inferInsert,
  'first_name' | 'last_name' | 'email' | 'answers' | 'pending_attendees' | 'locale' | 'invoice_details'
>;

/**
 * The buyer's details on a reservation still open (RESERVED and unexpired), in one statement without a
 * lock first: undefined when it is not, or no longer, open.
 */
export async function saveReservationDetails(q: Queryable, order: OrderScope, details: BuyerDetails) {
  return repo.updateUnexpiredOrder(q, order.account_id, order.id, 'RESERVED', details);
}

/** The buyer's one extension of a reservation still open: `minutes` more from now (undefined: refused). */
export async function extendReservation(q: Queryable, order: OrderScope, minutes: number) {
  return repo.extendOpenReservation(q, order.account_id, order.id, minutes);
}

/** Frees a reservation's units at once: this account's order, if still RESERVED, becomes ABANDONED. */
export async function abandonReservation(q: Queryable, accountId: string, orderId: string) {
  return repo.updateOrderInStatus(q, accountId, orderId, 'RESERVED', { status: 'ABANDONED' });
}

/** The buyer left for the provider's page (Stripe): the order waits for its answer. */
export async function awaitProviderPayment(q: Queryable, order: OrderScope, provider: string) {
  return repo.updateOrder(q, order, { payment_provider: provider, payment_status: 'AWAITING_PAYMENT' });
}

/** A payment attempt failed: the reservation stays open to try again. */
export async function recordPaymentFailure(q: Queryable, order: OrderScope, provider: string) {
  return repo.updateOrder(q, order, { payment_status: 'PAYMENT_FAILED', payment_provider: provider });
}

/** Paid too late (its units are gone) or for a cancelled order: cancelled, the money waits to go back. */
export async function cancelForLatePayment(q: Queryable, order: OrderScope, provider: string) {
  return repo.updateOrder(q, order, {
    status: 'CANCELLED',
    payment_provider: provider,
    payment_status: 'PAYMENT_RECEIVED',
    refund_status: 'REFUND_PENDING',
  });
}

/** Where the money given back stands (the after-sale's refunds and the automatic ones). */
export async function setRefundStatus(q: Queryable, order: OrderScope, status: RefundStatus | null) {
  return repo.updateOrder(q, order, { refund_status: status });
}

/** A waiting-list offer opens with the buyer's details the entry already gave. */
export async function prefillBuyer(
  q: Queryable,
  order: OrderScope,
  buyer: Pick<BuyerDetails, 'first_name' | 'last_name' | 'email'>,
) {
  return repo.updateOrder(q, order, buyer);
}

/**
 * An order and its attendees become CANCELLED (its units stop counting at once: the `order_holds_until`
 * trigger); returns the order and the tickets whose units came back.
 */
export async function cancelOrderRows(tx: Tx, order: OrderRow) {
  const cancelled = await repo.updateOrder(tx, order, { status: 'CANCELLED' });
  await repo.setAttendeeStatus(tx, order, 'CANCELLED');
  const items = await repo.loadItems(tx, [order.id]);
  return { order: cancelled, ticketIds: items.map((i) => i.ticket_id) };
}

/** A sale the organizer made (a manual order): flagged, with its buyer and attendees, before completion. */
export async function recordManualSale(
  tx: Tx,
  order: OrderScope,
  sale: Pick<BuyerDetails, 'first_name' | 'last_name' | 'email' | 'pending_attendees'> & {
    payment_provider: string | null;
  },
) {
  return repo.updateOrder(tx, order, { ...sale, is_manual: true });
}

/** The organizer corrected the buyer's name, e-mail or answers. */
export async function correctBuyerDetails(
  tx: Tx,
  order: OrderScope,
  details: Pick<BuyerDetails, 'first_name' | 'last_name' | 'email' | 'answers'>,
) {
  return repo.updateOrder(tx, order, details);
}

/** The organizer's internal notes on the order (the after-sale module decides and logs). */
export async function writeOrganizerNotes(tx: Tx, order: OrderScope, notes: string) {
  return repo.updateOrder(tx, order, { organizer_notes: notes });
}

/**
 * Queues an attendee's ticket e-mail again (the organizer's "resend"), to the attendee's current address:
 * a new numbered message, the order row locked while it is numbered.
 */
export async function resendTicketEmail(
  deps: Deps,
  auth: { accountId: string; userId: string },
  eventId: string,
  attendee: AttendeeRow,
  ticketName: string,
) {
  await deps.db.transaction(async (tx) => {
    const order = await repo.findAccountOrder(tx, auth.accountId, eventId, attendee.order_id, true);
    if (!order) throw notFound();
    const event = await repo.findEmailEvent(tx, auth.accountId, eventId);
    await queueTicketEmail(
      { jobs: deps.jobs, appUrl: deps.config.appUrl, tx, event, order, userId: auth.userId, resend: true },
      attendee,
      ticketName,
      true,
    );
  });
}
