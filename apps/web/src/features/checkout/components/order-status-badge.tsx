import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Badge } from '@mantine/core';
import type { PublicOrder } from '@taquilla/shared';

/** The status a buyer sees: a refund state wins, then a failed or awaited payment, then the order status. */
export function displayStatus(order: Pick<PublicOrder, 'status' | 'payment_status' | 'refund_status'>) {
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

const LABELS: Record<string, MessageDescriptor> = {
  RESERVED: msg`Reservado`,
  COMPLETED: msg`Completado`,
  AWAITING_PAYMENT: msg`Pendiente de pago`,
  CANCELLED: msg`Cancelado`,
  ABANDONED: msg`Abandonado`,
  PAYMENT_FAILED: msg`Pago fallido`,
  REFUND_PENDING: msg`Reembolso pendiente`,
  REFUND_FAILED: msg`Reembolso fallido`,
  REFUNDED: msg`Reembolsado`,
  PARTIALLY_REFUNDED: msg`Reembolsado parcialmente`,
};

export function OrderStatusBadge({ order }: { order: Parameters<typeof displayStatus>[0] }) {
  const { i18n } = useLingui();
  const status = displayStatus(order);
  const label = LABELS[status];
  return (
    <Badge color={statusColor(status)} variant="light" size="lg" data-status={status}>
      {label ? i18n._(label) : status}
    </Badge>
  );
}
