import type { AttendeeStatus, AutomaticRefundReason, OrderStatus } from '@taquilla/shared';

/** The states of an `order_refunds` row. */
export type RefundRowStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/**
 * Which order and attendee states count for what: business rules the services decide and pass to the
 * repositories (which only filter by what they are given). The stock rules themselves (which orders
 * hold units) live in the database functions `stock_levels` / `stock_held` (migration 0005).
 */

/** Orders whose money is in: the sales figures (revenue, tickets sold, affiliate sales) count these. */
export const COMPLETED_ORDERS: readonly OrderStatus[] = ['COMPLETED'];

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
