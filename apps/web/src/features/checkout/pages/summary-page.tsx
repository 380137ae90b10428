import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { OrderStatusBadge } from '../../../components/order-status-badge.tsx';
import { displayStatus } from '../../../lib/order-status.ts';
import { OrderItems } from '../components/order-items.tsx';
import classes from '../components/public.module.css';
import { ReceiptView } from '../components/receipt.tsx';
import { useCheckout } from '../lib/checkout-context.ts';
import { useEmbedded } from '../lib/embedded.ts';

/** /checkout/:eventId/:orderShortId/summary — status, items, attendees and print links. */
export function SummaryPage() {
  const { event, order } = useCheckout();
  // Inside the widget's frame, tickets open in a tab of their own (only the widget may be framed).
  const newTab = useEmbedded() ? '_blank' : undefined;
  // The step that paid answered without the receipt (it stays off the purchase's busy path): read the
  // order again for it.
  const queryClient = useQueryClient();
  const needsReceipt = !order.receipt && order.status !== 'RESERVED';
  useEffect(() => {
    if (needsReceipt) {
      void queryClient.invalidateQueries({ queryKey: ['public-order', event.id, order.short_id] });
    }
  }, [needsReceipt, queryClient, event.id, order.short_id]);
  if (order.status === 'RESERVED' && !order.email)
    return <Navigate to="../details" relative="path" replace />;
  if (order.status === 'RESERVED' && order.payment_status !== 'PAYMENT_FAILED') {
    return <Navigate to="../payment" relative="path" replace />;
  }
  const status = displayStatus(order);
  const completed = order.status === 'COMPLETED';
  const awaitingOffline = order.status === 'AWAITING_OFFLINE_PAYMENT';

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="sm" justify="space-between">
          <Title order={1} size="h2">
            {completed ? (
              <Trans>¡Gracias por tu pedido!</Trans>
            ) : awaitingOffline ? (
              <Trans>Pedido pendiente de pago</Trans>
            ) : (
              <Trans>Resumen del pedido</Trans>
            )}
          </Title>
          <OrderStatusBadge order={order} />
        </Group>
        <Text c="dimmed" size="sm">
          <Trans>Pedido {order.short_id}</Trans>
        </Text>
        {order.email && (completed || awaitingOffline) && (
          <Text>
            <Trans>
              Hemos enviado la confirmación a <b>{order.email}</b>.
            </Trans>
          </Text>
        )}
      </Stack>

      {awaitingOffline && event.settings.offline_payment_instructions && (
        <Alert color="orange" title={<Trans>Cómo pagar</Trans>}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {event.settings.offline_payment_instructions}
          </Text>
        </Alert>
      )}
      {status === 'PAYMENT_FAILED' && (
        <Alert color="red" title={<Trans>El pago ha fallado</Trans>}>
          <Anchor component={Link} to="../payment" relative="path">
            <Trans>Vuelve a intentarlo</Trans>
          </Anchor>
        </Alert>
      )}
      {completed && event.settings.post_checkout_message && (
        <Paper withBorder p="md" radius="md">
          <Text style={{ whiteSpace: 'pre-line' }}>{event.settings.post_checkout_message}</Text>
        </Paper>
      )}

      <Paper withBorder p="md" radius="md" className={classes.receipt}>
        {order.receipt ? <ReceiptView receipt={order.receipt} /> : <OrderItems order={order} />}
      </Paper>

      {order.attendees.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              <Trans>Entradas</Trans>
            </Title>
            {order.attendees.map((a) => (
              <Group key={a.short_id} justify="space-between" wrap="nowrap" data-testid="summary-attendee">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {a.first_name} {a.last_name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {a.ticket_name}
                    {a.price_label ? ` – ${a.price_label}` : ''}
                  </Text>
                </Stack>
                {/* The ticket and print pages are the server's: plain links, full document loads. */}
                <Group gap={4} wrap="nowrap" className={classes.noPrint}>
                  <Button
                    component="a"
                    href={`/ticket/${event.id}/${a.short_id}`}
                    target={newTab}
                    size="compact-sm"
                    variant="light"
                  >
                    <Trans>Ver entrada</Trans>
                  </Button>
                  <Button
                    component="a"
                    href={`/ticket/${event.id}/${a.short_id}/print`}
                    target={newTab}
                    size="compact-sm"
                    variant="subtle"
                    c="var(--mantine-color-anchor)"
                  >
                    <Trans>Imprimir</Trans>
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}

      {order.attendees.length > 0 && (completed || awaitingOffline) && (
        <Group gap="sm" wrap="wrap" className={classes.noPrint}>
          <Button
            component="a"
            href={`/order/${event.id}/${order.short_id}/print`}
            target={newTab}
            variant="default"
            size="md"
            className={classes.ticketAction}
          >
            <Trans>Imprimir el pedido</Trans>
          </Button>
          {/* The server makes the PDF from the tickets as they are now (names, cancellations). */}
          <Button
            component="a"
            href={`/api/public/events/${event.id}/order/${order.short_id}/tickets/pdf`}
            download
            variant="light"
            size="md"
            className={classes.ticketAction}
          >
            <Trans>Descargar entradas (PDF)</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
