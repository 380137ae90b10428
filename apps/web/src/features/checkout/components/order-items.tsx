import { Trans } from '@lingui/react/macro';
import { Divider, Group, Stack, Text } from '@mantine/core';
import type { PublicOrder } from '@taquilla/shared';
import { useFormat } from '../lib/page-format.ts';

/** The lines of an order as the server priced them, with discount, taxes, fees and the total. */
export function OrderItems({ order }: { order: PublicOrder }) {
  const format = useFormat();
  const fmt = (cents: number) => format.money(cents, order.currency);
  return (
    <Stack gap={6} data-testid="order-items">
      {order.items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {item.quantity} × {item.ticket_name}
            {item.price_label ? ` – ${item.price_label}` : ''}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {fmt(item.unit_price_cents * item.quantity)}
          </Text>
        </Group>
      ))}
      <Divider my={4} />
      {order.discount_cents > 0 && (
        <Row
          label={order.promo_code ? <Trans>Descuento ({order.promo_code})</Trans> : <Trans>Descuento</Trans>}
          value={`−${fmt(order.discount_cents)}`}
        />
      )}
      {order.taxes_cents > 0 && <Row label={<Trans>Impuestos</Trans>} value={fmt(order.taxes_cents)} />}
      {order.fees_cents > 0 && <Row label={<Trans>Gastos de gestión</Trans>} value={fmt(order.fees_cents)} />}
      <Group justify="space-between">
        <Text fw={700}>
          <Trans>Total</Trans>
        </Text>
        <Text fw={700} size="lg" data-testid="order-total">
          {order.total_cents === 0 ? <Trans>Gratis</Trans> : fmt(order.total_cents)}
        </Text>
      </Group>
    </Stack>
  );
}

function Row({ label, value }: { label: React.ReactNode; value: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
