import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconBan,
  IconCash,
  IconExternalLink,
  IconMailForward,
  IconPencil,
  IconPrinter,
  IconReceiptRefund,
} from '@tabler/icons-react';
import type { OrganizerOrder } from '@taquilla/shared/schemas/checkout';
import { useState } from 'react';
import { AnswersList } from '../../../components/answers-list.tsx';
import { OrderStatusBadge } from '../../../components/order-status-badge.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useMarkPaid, useOrder, useResendOrder } from '../api.ts';
import { providerLabel, refundReasonLabel } from '../lib/labels.ts';
import { CancelModal } from './cancel-modal.tsx';
import { EditOrderModal } from './edit-order-modal.tsx';
import { OrderActivityLog } from './order-activity.tsx';
import { OrderEmails } from './order-emails.tsx';
import { OrderInvoices } from './order-invoices.tsx';
import { OrderNotes } from './order-notes.tsx';
import { RefundModal } from './refund-modal.tsx';

function Totals({ order }: { order: OrganizerOrder }) {
  const { t } = useLingui();
  const money = (cents: number) => formatMoney(cents, order.currency);
  const rows: [string, number][] = [[t`Subtotal`, order.subtotal_cents]];
  if (order.discount_cents) rows.push([t`Descuento`, -order.discount_cents]);
  if (order.taxes_cents) rows.push([t`Impuestos`, order.taxes_cents]);
  if (order.fees_cents) rows.push([t`Gastos`, order.fees_cents]);
  return (
    <Stack gap={2}>
      {rows.map(([label, cents]) => (
        <Group key={label} justify="space-between">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text size="sm">{money(cents)}</Text>
        </Group>
      ))}
      <Group justify="space-between">
        <Text fw={700}>
          <Trans>Total</Trans>
        </Text>
        <Text fw={700} data-testid="order-detail-total">
          {money(order.total_cents)}
        </Text>
      </Group>
    </Stack>
  );
}

type Dialog = 'refund' | 'cancel' | 'edit' | null;

function Actions({ order, open }: { order: OrganizerOrder; open: (d: Dialog) => void }) {
  const { t } = useLingui();
  const resend = useResendOrder(order.event_id);
  // A double click sends one e-mail, not two.
  const once = useSingleFlight();
  const resendNow = () =>
    once('resend', async () => {
      try {
        await resend.mutateAsync(order.id);
        notifications.show({ color: 'teal', message: t`Confirmación reenviada a ${order.email ?? ''}.` });
      } catch (err) {
        notifications.show({ color: 'red', message: errorMessage(err) });
      }
    });
  // What may be done is the server's to say (order.actions); the drawer shows those buttons only.
  const { actions } = order;
  return (
    <Group gap="xs">
      {actions.refund && (
        <Button leftSection={<IconReceiptRefund size={16} />} variant="light" onClick={() => open('refund')}>
          <Trans>Devolver dinero</Trans>
        </Button>
      )}
      {actions.cancel && (
        <Button
          leftSection={<IconBan size={16} />}
          variant="light"
          color="red"
          onClick={() => open('cancel')}
        >
          <Trans>Cancelar pedido</Trans>
        </Button>
      )}
      {actions.resend && (
        <Button
          leftSection={<IconMailForward size={16} />}
          variant="default"
          loading={resend.isPending}
          onClick={() => void resendNow()}
        >
          <Trans>Reenviar confirmación</Trans>
        </Button>
      )}
      {actions.edit && (
        <Button leftSection={<IconPencil size={16} />} variant="default" onClick={() => open('edit')}>
          <Trans>Editar</Trans>
        </Button>
      )}
    </Group>
  );
}

function Refunds({ order, timezone }: { order: OrganizerOrder; timezone: string }) {
  const { i18n } = useLingui();
  const color = { SUCCEEDED: 'teal', PENDING: 'orange', FAILED: 'red' } as const;
  return (
    <>
      <Divider />
      <Title order={3} size="h5">
        <Trans>Devoluciones</Trans>
      </Title>
      {order.refunds.map((r) => (
        <Group key={r.id} justify="space-between" wrap="nowrap" data-testid="order-refund">
          <Stack gap={0}>
            <Text size="sm">
              {providerLabel(r.provider, i18n)} · {formatDateTime(r.created_at, timezone)}
            </Text>
            {(r.reason || r.failure_reason) && (
              <Text size="xs" c="dimmed">
                {r.failure_reason ?? refundReasonLabel(r.reason, i18n)}
              </Text>
            )}
          </Stack>
          <Badge color={color[r.status]} variant="light">
            −{formatMoney(r.amount_cents, r.currency)}
          </Badge>
        </Group>
      ))}
    </>
  );
}

function Detail({ order, timezone }: { order: OrganizerOrder; timezone: string }) {
  const { t, i18n } = useLingui();
  const [dialog, setDialog] = useState<Dialog>(null);
  const markPaid = useMarkPaid(order.event_id);
  const money = (cents: number) => formatMoney(cents, order.currency);
  const confirmPaid = async () => {
    if (
      !window.confirm(
        t`¿Confirmas que has recibido ${money(order.total_cents)} del pedido ${order.short_id}?`,
      )
    ) {
      return;
    }
    try {
      await markPaid.mutateAsync(order.id);
      notifications.show({
        color: 'teal',
        message: t`Pedido marcado como pagado. Las entradas se han enviado.`,
      });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    }
  };
  const buyer = [order.first_name, order.last_name].filter(Boolean).join(' ');
  const attendeeQuestions = order.questions.filter((q) => q.belongs_to === 'ATTENDEE');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text ff="monospace" fw={700}>
            {order.short_id}
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>Creado el {formatDateTime(order.created_at, timezone)}</Trans>
          </Text>
          {order.completed_at && (
            <Text size="sm" c="dimmed">
              <Trans>Completado el {formatDateTime(order.completed_at, timezone)}</Trans>
            </Text>
          )}
        </Stack>
        <OrderStatusBadge order={order} size="md" />
      </Group>
      <Actions order={order} open={setDialog} />
      {dialog === 'refund' && <RefundModal order={order} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelModal order={order} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && <EditOrderModal order={order} onClose={() => setDialog(null)} />}

      {order.status === 'AWAITING_OFFLINE_PAYMENT' && (
        <Alert color="orange" title={t`Pendiente de pago offline`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <Trans>
                Las entradas quedan reservadas hasta que confirmes el pago. Al marcarlo como pagado, el
                comprador recibe sus entradas por correo.
              </Trans>
            </Text>
            {order.actions.mark_paid && (
              <Button
                leftSection={<IconCash size={16} />}
                color="teal"
                loading={markPaid.isPending}
                onClick={confirmPaid}
              >
                <Trans>Marcar como pagado</Trans>
              </Button>
            )}
          </Stack>
        </Alert>
      )}

      <Stack gap={2}>
        <Title order={3} size="h5">
          <Trans>Comprador</Trans>
        </Title>
        <Text>{buyer || t`Sin datos todavía`}</Text>
        {order.email && (
          <Anchor href={`mailto:${order.email}`} size="sm">
            {order.email}
          </Anchor>
        )}
        <Text size="sm" c="dimmed">
          <Trans>Idioma: {languageName(order.locale, i18n.locale)}</Trans>
          {order.promo_code && (
            <>
              {' · '}
              <Trans>Código: {order.promo_code}</Trans>
            </>
          )}
        </Text>
      </Stack>

      {order.questions.some((q) => q.belongs_to === 'ORDER') && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            <Trans>Respuestas del pedido</Trans>
          </Title>
          <AnswersList
            questions={order.questions.filter((q) => q.belongs_to === 'ORDER')}
            answers={order.answers}
          />
        </Stack>
      )}

      <Divider />
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Entrada</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Cant.</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Precio</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                {item.ticket_name}
                {item.price_label && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    · {item.price_label}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{money(item.unit_price_cents * item.quantity)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Totals order={order} />

      {order.attendees.length > 0 && (
        <>
          <Divider />
          <Title order={3} size="h5">
            <Trans>Asistentes</Trans>
          </Title>
          <Stack gap="xs">
            {order.attendees.map((a) => (
              <Group key={a.id} justify="space-between" wrap="nowrap" data-testid="order-attendee">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {a.first_name} {a.last_name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {a.ticket_name} · {a.email}
                    {a.status === 'CANCELLED' && (
                      <>
                        {' · '}
                        <Text span c="red" size="xs">
                          <Trans>Cancelado</Trans>
                        </Text>
                      </>
                    )}
                  </Text>
                  {attendeeQuestions.length > 0 && Object.keys(a.answers).length > 0 && (
                    <AnswersList questions={attendeeQuestions} answers={a.answers} />
                  )}
                </Stack>
                <Anchor
                  href={`/ticket/${order.event_id}/${a.short_id}`}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                  style={{ flexShrink: 0 }}
                >
                  <Trans>Ver entrada</Trans>
                </Anchor>
              </Group>
            ))}
          </Stack>
        </>
      )}

      {order.payments.length > 0 && (
        <>
          <Divider />
          <Title order={3} size="h5">
            <Trans>Pagos</Trans>
          </Title>
          {order.payments.map((p) => (
            <Group key={p.id} justify="space-between">
              <Text size="sm">
                {providerLabel(p.provider, i18n)} · {formatDateTime(p.created_at, timezone)}
              </Text>
              <Text
                size="sm"
                c={p.status === 'SUCCEEDED' ? 'teal' : p.status === 'FAILED' ? 'red' : undefined}
              >
                {formatMoney(p.amount_cents, p.currency)}
              </Text>
            </Group>
          ))}
        </>
      )}

      {order.refunds.length > 0 && <Refunds order={order} timezone={timezone} />}

      <Divider />
      <Title order={3} size="h5">
        <Trans>Notas</Trans>
      </Title>
      <OrderNotes key={order.id} order={order} />

      <Divider />
      <Title order={3} size="h5">
        <Trans>Facturas</Trans>
      </Title>
      <OrderInvoices eventId={order.event_id} orderId={order.id} />

      <Divider />
      <Title order={3} size="h5">
        <Trans>Correos</Trans>
      </Title>
      <OrderEmails eventId={order.event_id} orderId={order.id} timezone={timezone} />

      <Divider />
      <Title order={3} size="h5">
        <Trans>Actividad</Trans>
      </Title>
      <OrderActivityLog activity={order.activity} currency={order.currency} timezone={timezone} />

      <Group gap="xs">
        <Button
          component="a"
          href={`/order/${order.event_id}/${order.short_id}/print`}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconPrinter size={16} />}
        >
          <Trans>Imprimir</Trans>
        </Button>
        <Button
          component="a"
          href={`/checkout/${order.event_id}/${order.short_id}/summary`}
          target="_blank"
          rel="noopener"
          variant="subtle"
          leftSection={<IconExternalLink size={16} />}
        >
          <Trans>Página del comprador</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** The order's detail in a side panel (full screen on a phone). */
export function OrderDrawer(props: {
  eventId: string;
  orderId: string;
  timezone: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const order = useOrder(props.eventId, props.orderId);
  return (
    <Drawer opened onClose={props.onClose} position="right" size={phone ? '100%' : 'lg'} title={t`Pedido`}>
      {order.error ? (
        <PageError error={order.error} />
      ) : order.data ? (
        <Detail order={order.data} timezone={props.timezone} />
      ) : (
        <PageLoader />
      )}
    </Drawer>
  );
}

/** «Español», «Inglés»: a locale code named in the organizer's language. */
function languageName(code: string, inLocale: string): string {
  const name = new Intl.DisplayNames([inLocale], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(inLocale) + name.slice(1);
}
