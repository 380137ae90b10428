import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Badge } from '@mantine/core';
import type { PromoCodeStatus } from '@taquilla/shared/schemas/promo-codes';
import type { TicketStatus } from '@taquilla/shared/schemas/tickets';

const TICKET: Record<TicketStatus, { label: MessageDescriptor; color: string }> = {
  ON_SALE: { label: msg`A la venta`, color: 'teal' },
  SCHEDULED: { label: msg`Programada`, color: 'blue' },
  ENDED: { label: msg`Finalizada`, color: 'gray' },
  SOLD_OUT: { label: msg`Agotada`, color: 'red' },
  HIDDEN: { label: msg`Oculta`, color: 'dark' },
};

const PROMO: Record<PromoCodeStatus, { label: MessageDescriptor; color: string }> = {
  ACTIVE: { label: msg`Activo`, color: 'teal' },
  EXPIRED: { label: msg`Caducado`, color: 'gray' },
  USED_UP: { label: msg`Agotado`, color: 'orange' },
};

export function TicketStatusBadge({ status, size = 'sm' }: { status: TicketStatus; size?: 'xs' | 'sm' }) {
  const { i18n } = useLingui();
  const s = TICKET[status];
  return (
    <Badge color={s.color} variant="light" size={size}>
      {i18n._(s.label)}
    </Badge>
  );
}

export function PromoStatusBadge({ status }: { status: PromoCodeStatus }) {
  const { i18n } = useLingui();
  const s = PROMO[status];
  return (
    <Badge color={s.color} variant="light" size="sm">
      {i18n._(s.label)}
    </Badge>
  );
}
