import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Timeline } from '@mantine/core';
import type { OrderActivity, OrderActivityKind, OrderEmailKind } from '@taquilla/shared/schemas/orders';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';

const KINDS: Record<OrderActivityKind, MessageDescriptor> = {
  CREATED: msg`Pedido creado`,
  PAID: msg`Pago recibido`,
  EMAIL_QUEUED: msg`Correo en cola de envío`,
  EMAIL_SENT: msg`Correo entregado al servidor de correo`,
  EMAIL_FAILED: msg`Correo no entregado`,
  EDITED: msg`Datos del pedido editados`,
  REFUND_REQUESTED: msg`Devolución solicitada`,
  REFUNDED: msg`Devolución realizada`,
  REFUND_FAILED: msg`La devolución ha fallado`,
  CANCELLED: msg`Pedido cancelado`,
  ATTENDEE_CANCELLED: msg`Asistente cancelado`,
  ATTENDEE_REACTIVATED: msg`Asistente reactivado`,
  TICKET_TRANSFERRED: msg`Entrada transferida a otra persona`,
  HOLDER_EDITED: msg`El titular corrigió los datos de la entrada`,
  NOTES_EDITED: msg`Notas internas guardadas`,
  ATTENDEE_EDITED: msg`Datos del asistente corregidos`,
  DATE_CHANGED: msg`Pedido pasado a otra fecha`,
};

export const EMAIL_KINDS: Record<OrderEmailKind, MessageDescriptor> = {
  CONFIRMATION: msg`Confirmación del pedido`,
  TICKET: msg`Entrada`,
  OFFLINE_INSTRUCTIONS: msg`Instrucciones de pago`,
  REFUND: msg`Devolución automática`,
  REFUNDED: msg`Devolución`,
  CANCELLED: msg`Cancelación`,
  DATE_CHANGED: msg`Cambio de fecha`,
};

const FAILURES: ReadonlySet<OrderActivityKind> = new Set(['REFUND_FAILED', 'EMAIL_FAILED']);

/** What happened to the order, oldest first: who and when, in the event's time zone. */
export function OrderActivityLog(props: { activity: OrderActivity[]; currency: string; timezone: string }) {
  const { t, i18n } = useLingui();
  const detail = (a: OrderActivity): string | null => {
    const d = a.details;
    if (typeof d.amount_cents === 'number') return formatMoney(d.amount_cents, props.currency);
    if (typeof d.to === 'string') {
      const kind = EMAIL_KINDS[d.email as OrderEmailKind];
      const what = kind ? i18n._(kind) : null;
      const line = what ? t`${what} a ${d.to}` : t`a ${d.to}`;
      return typeof d.error === 'string' ? `${line} · ${d.error}` : line;
    }
    if (typeof d.notes === 'string') return d.notes || t`(notas borradas)`;
    if (typeof d.attendee === 'string') return d.attendee;
    if (d.manual === true) return t`a mano, desde el panel`;
    return null;
  };
  return (
    <Timeline bulletSize={12} lineWidth={2} data-testid="order-activity">
      {props.activity.map((a) => {
        const extra = detail(a);
        return (
          <Timeline.Item
            key={a.id}
            title={i18n._(KINDS[a.kind])}
            color={FAILURES.has(a.kind) ? 'red' : 'blue'}
          >
            <Stack gap={0}>
              {extra && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {extra}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatDateTime(a.created_at, props.timezone)} ·{' '}
                {a.user_name ?? <Trans>comprador o sistema</Trans>}
              </Text>
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
