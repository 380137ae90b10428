import type { PublicOrder } from '@taquilla/shared';

/** The status a buyer sees: a refund state wins, then a failed or awaited payment, then the order status. */
export function displayStatus(
  order: Pick<PublicOrder, 'status' | 'payment_status' | 'refund_status'>,
): string {
  if (order.refund_status) return order.refund_status;
  if (order.status === 'CANCELLED' || order.status === 'ABANDONED') return order.status;
  if (order.payment_status === 'PAYMENT_FAILED') return 'PAYMENT_FAILED';
  if (order.status === 'AWAITING_OFFLINE_PAYMENT') return 'AWAITING_PAYMENT';
  return order.status;
}

const ORANGE = new Set(['AWAITING_PAYMENT', 'REFUND_PENDING', 'PARTIALLY_REFUNDED']);
const RED = new Set(['CANCELLED', 'REFUND_FAILED', 'REFUNDED', 'PAYMENT_FAILED', 'ABANDONED']);

/** Spec §4 colours: orange for waiting on money, red for failed or reversed, teal otherwise. */
export const statusColor = (status: string) =>
  ORANGE.has(status) ? 'orange' : RED.has(status) ? 'red' : 'teal';
