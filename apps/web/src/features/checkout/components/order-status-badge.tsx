import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Badge } from '@mantine/core';
import { displayStatus, statusColor } from '../lib/order-status.ts';

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
