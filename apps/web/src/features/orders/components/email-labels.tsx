import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { EmailState, OrderEmailKind } from '@taquilla/shared/schemas/orders';
import { EMAIL_KINDS } from './order-activity.tsx';

export function EmailKindLabel(props: { kind: OrderEmailKind | null }) {
  const { i18n, t } = useLingui();
  return <>{props.kind ? i18n._(EMAIL_KINDS[props.kind]) : t`Correo`}</>;
}

/** Queued (being tried), sent (accepted by the mail server) or failed (given up). */
export function EmailStateBadge(props: { status: EmailState }) {
  const { t } = useLingui();
  const label = { QUEUED: t`En cola`, SENT: t`Enviado`, FAILED: t`Fallido` }[props.status];
  const color = { QUEUED: 'yellow', SENT: 'teal', FAILED: 'red' }[props.status];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
