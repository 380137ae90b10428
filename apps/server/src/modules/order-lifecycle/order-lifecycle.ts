import type { AttendeeStatus, OrderStatus } from '@taquilla/shared';

/**
 * Which order and attendee states count for what: business rules the services decide and pass to the
 * repositories (which only filter by what they are given). The stock rules themselves (which orders
 * hold units) live in the database functions `stock_levels` / `stock_held` (migration 0005).
 */

/** Orders whose money is in: the sales figures (revenue, tickets sold, affiliate sales) count these. */
export const COMPLETED_ORDERS: readonly OrderStatus[] = ['COMPLETED'];

/** Orders that are sales, paid or promised (awaiting an offline payment). */
export const SOLD_ORDERS: readonly OrderStatus[] = ['COMPLETED', 'AWAITING_OFFLINE_PAYMENT'];

/** Orders awaiting an offline payment (the dashboard shows them apart). */
export const AWAITING_PAYMENT_ORDERS: readonly OrderStatus[] = ['AWAITING_OFFLINE_PAYMENT'];

/** In-progress and abandoned carts are not orders yet: the organizer's list hides them unless asked. */
export const NOT_YET_ORDERS: readonly OrderStatus[] = ['RESERVED', 'ABANDONED'];

/** Attendees who may go in: the ones counted as attendees and admitted at the door. */
export const ADMITTED_ATTENDEE: AttendeeStatus = 'ACTIVE';
