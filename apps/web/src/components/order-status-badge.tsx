import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Badge, Group } from '@mantine/core';
import { displayStatus, statusColor } from '../lib/order-status.ts';

const CANCELLED = msg`Cancelado`;

const LABELS: Record<string, MessageDescriptor> = {
  RESERVED: msg`Reservado`,
  COMPLETED: msg`Completado`,
  AWAITING_PAYMENT: msg`Pendiente de pago`,
  CANCELLED,
  ABANDONED: msg`Abandonado`,
  PAYMENT_FAILED: msg`Pago fallido`,
  REFUND_PENDING: msg`Reembolso pendiente`,
  REFUND_FAILED: msg`Reembolso fallido`,
  REFUNDED: msg`Reembolsado`,
  PARTIALLY_REFUNDED: msg`Reembolsado parcialmente`,
};

/**
 * An order's status as buyers and organizers see it, in the spec §4 colours. A refund state wins the main
 * badge, so a cancelled order that was (partly) refunded also shows «Cancelado» beside it.
 */
export function OrderStatusBadge({
  order,
  size = 'lg',
}: {
  order: Parameters<typeof displayStatus>[0];
  size?: 'sm' | 'md' | 'lg';
}) {
  const { i18n } = useLingui();
  const status = displayStatus(order);
  const label = LABELS[status];
  const badge = (
    <Badge color={statusColor(status)} variant="light" size={size} data-status={status}>
      {label ? i18n._(label) : status}
    </Badge>
  );
  if (order.status !== 'CANCELLED' || status === 'CANCELLED') return badge;
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={statusColor('CANCELLED')} variant="light" size={size} data-status="CANCELLED">
        {i18n._(CANCELLED)}
      </Badge>
      {badge}
    </Group>
  );
}
