import type { AttendeeStatus, AutomaticRefundReason, OrderStatus, PaymentStatus } from '@taquilla/shared';
import type { AttendeeActions, OrderActions } from '@taquilla/shared/schemas/orders';
import { type AuthContext, can } from '../../lib/auth.ts';
import { lifecycleMessages as m } from './order-lifecycle.messages.ts';

/**
 * An order's (and an attendee's) lifecycle: which states count for what (business rules the services
 * decide and pass to the repositories, which only filter by what they are given) and what may be done to
 * an order or an attendee in its present state. Every guard calls these predicates (its refusal is the
 * 409 it throws), and the organizer's answers carry their verdicts, with the caller's permission, as
 * `actions`: the web renders buttons from them and never re-derives a rule. A leaf: imports no module.
 * The stock rules themselves (which orders hold units) live in the database functions `stock_levels` /
 * `stock_held` (migration 0005).
 */

/** Orders whose money is in: the sales figures (revenue, tickets sold, affiliate sales) count these. */
export const COMPLETED_ORDERS: readonly OrderStatus[] = ['COMPLETED'];

/** The states of an `order_refunds` row. */
export type RefundRowStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/**
 * Refunds whose money went back to the buyer: every money figure (gross − refunded = net) subtracts
 * these from the sales they belong to. A PENDING one may still fail; a FAILED one gave nothing back.
 */
export const REFUNDED_MONEY: readonly RefundRowStatus[] = ['SUCCEEDED'];

/**
 * Refunds that give back money which was never part of a sale (the second payment of an order already
 * paid): the sale stands whole, so no money figure subtracts them.
 */
export const REFUNDS_OUTSIDE_SALES: readonly AutomaticRefundReason[] = ['DUPLICATE_PAYMENT'];

/** Orders that are sales, paid or promised (awaiting an offline payment). */
export const SOLD_ORDERS: readonly OrderStatus[] = ['COMPLETED', 'AWAITING_OFFLINE_PAYMENT'];

/** Orders awaiting an offline payment (the dashboard shows them apart). */
export const AWAITING_PAYMENT_ORDERS: readonly OrderStatus[] = ['AWAITING_OFFLINE_PAYMENT'];

/** In-progress and abandoned carts are not orders yet: the organizer's list hides them unless asked. */
export const NOT_YET_ORDERS: readonly OrderStatus[] = ['RESERVED', 'ABANDONED'];

/** Attendees who may go in: the ones counted as attendees and admitted at the door. */
export const ADMITTED_ATTENDEE: AttendeeStatus = 'ACTIVE';

/** What the predicates read of an order. */
export interface OrderState {
  status: OrderStatus;
  payment_status: PaymentStatus | null;
  is_manual: boolean;
  email: string | null;
}

/** The money side of a refund: what is left to give back and whether a refund is still in progress. */
export interface RefundFigures {
  refundableCents: number;
  pendingRefund: boolean;
}

/** A refusal: the message key of the 409 a guard throws; null when the action may go ahead. */
type Refusal = string | null;

/** A sale, paid or promised: its units are held and its attendees count. */
export const isSold = (order: Pick<OrderState, 'status'>) => SOLD_ORDERS.includes(order.status);

/** Refunds go back through the provider that took the money: a manual order has none. */
export function refundRefusal(order: OrderState, figures: Pick<RefundFigures, 'pendingRefund'>): Refusal {
  if (order.is_manual) return m['orders.refund_manual_order'];
  if (figures.pendingRefund) return m['orders.refund_pending'];
  if (order.payment_status !== 'PAYMENT_RECEIVED') return m['orders.refund_not_paid'];
  return null;
}

export const canRefund = (order: OrderState, figures: RefundFigures) =>
  refundRefusal(order, figures) === null && figures.refundableCents > 0;

/** Only a sale can be cancelled (its units come back). */
export function cancelRefusal(order: Pick<OrderState, 'status'>): Refusal {
  if (order.status === 'CANCELLED') return m['orders.already_cancelled'];
  if (!isSold(order)) return m['orders.not_cancellable'];
  return null;
}

export const canCancel = (order: Pick<OrderState, 'status'>) => cancelRefusal(order) === null;

/** A finished order (not an open or abandoned cart) can have its buyer and answers corrected. */
export function editRefusal(order: Pick<OrderState, 'status'>): Refusal {
  return NOT_YET_ORDERS.includes(order.status) ? m['orders.not_editable'] : null;
}

export const canEdit = (order: Pick<OrderState, 'status'>) => editRefusal(order) === null;

/** The confirmation and tickets go again only for a completed order with an address. */
export function resendRefusal(order: Pick<OrderState, 'status' | 'email'>): Refusal {
  return order.status === 'COMPLETED' && order.email ? null : m['orders.not_resendable'];
}

export const canResend = (order: Pick<OrderState, 'status' | 'email'>) => resendRefusal(order) === null;

/** The organizer received the offline payment of an order waiting for it. */
export function markPaidRefusal(order: Pick<OrderState, 'status'>): Refusal {
  return order.status === 'AWAITING_OFFLINE_PAYMENT' ? null : m['orders.not_awaiting_offline_payment'];
}

export const canMarkPaid = (order: Pick<OrderState, 'status'>) => markPaidRefusal(order) === null;

/** What the predicates read of an attendee. */
export interface AttendeeState {
  status: AttendeeStatus;
}

export function cancelAttendeeRefusal(attendee: AttendeeState): Refusal {
  return attendee.status === 'CANCELLED' ? m['orders.attendee_already_cancelled'] : null;
}

export const canCancelAttendee = (attendee: AttendeeState) => cancelAttendeeRefusal(attendee) === null;

/**
 * A cancelled attendee gets their place back only while their order is a sale. Without the order, the
 * attendee's own part (a first check before the place is priced).
 */
export function reactivateAttendeeRefusal(
  attendee: AttendeeState,
  order?: Pick<OrderState, 'status'>,
): Refusal {
  if (attendee.status !== 'CANCELLED') return m['orders.attendee_not_cancelled'];
  if (order && !isSold(order)) return m['orders.attendee_order_not_active'];
  return null;
}

export const canReactivateAttendee = (attendee: AttendeeState, order: Pick<OrderState, 'status'>) =>
  reactivateAttendeeRefusal(attendee, order) === null;

/** A cancelled ticket is not sent again. */
export function resendAttendeeRefusal(attendee: AttendeeState): Refusal {
  return attendee.status === 'CANCELLED' ? m['attendees.cancelled'] : null;
}

export const canResendAttendee = (attendee: AttendeeState) => resendAttendeeRefusal(attendee) === null;

/** What the caller may do to the order now: its state's verdicts and the caller's permission. */
export function orderActions(auth: AuthContext, order: OrderState, figures: RefundFigures): OrderActions {
  const manages = can(auth, 'orders:manage');
  return {
    refund: can(auth, 'orders:refund') && canRefund(order, figures),
    cancel: manages && canCancel(order),
    edit: manages && canEdit(order),
    resend: manages && canResend(order),
    mark_paid: manages && canMarkPaid(order),
    notes: manages,
  };
}

/** What the caller may do to the attendee now (edit: correct the holder's details). */
export function attendeeActions(
  auth: AuthContext,
  attendee: AttendeeState,
  order: Pick<OrderState, 'status'>,
): AttendeeActions {
  const manages = can(auth, 'orders:manage');
  return {
    cancel: manages && canCancelAttendee(attendee),
    reactivate: manages && canReactivateAttendee(attendee, order),
    resend: manages && canResendAttendee(attendee),
    edit: manages,
  };
}
