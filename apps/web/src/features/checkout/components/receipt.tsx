import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { Receipt, ReceiptPaymentMethod } from '@taquilla/shared/schemas/receipt';
import type { ReactNode } from 'react';
import { OrderStatusBadge } from '../../../components/order-status-badge.tsx';
import { useFormat } from '../lib/page-format.ts';

const PAYMENT_METHODS: Record<ReceiptPaymentMethod, MessageDescriptor> = {
  CARD: msg`Tarjeta`,
  TEST_CARD: msg`Tarjeta de prueba (simulado)`,
  OFFLINE: msg`Pago sin conexión`,
  NO_PAYMENT: msg`Sin pago (gratuito)`,
};

/**
 * An order's receipt as the server worked it out (a buyer hands it in for expenses): seller, order,
 * date, payment method and status; each line with its unit price and discount; each tax and fee; the
 * total, what was refunded and what stays paid; links to the invoices. Rendered in the buyer's summary
 * and, on the server, on the order's print page.
 */
export function ReceiptView({ receipt, headingOrder = 2 }: { receipt: Receipt; headingOrder?: 1 | 2 }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const fmt = (cents: number) => format.money(cents, receipt.currency);
  const rate = (bp: number | null) => (bp === null ? '' : ` ${format.percent(bp)}`);
  return (
    <Stack gap="sm" data-testid="receipt">
      <Title order={headingOrder} size="h4">
        <Trans>Recibo</Trans>
      </Title>
      <Stack gap={2}>
        <Fact label={<Trans>Vendedor</Trans>} value={receipt.seller} testId="receipt-seller" />
        <Fact label={<Trans>Pedido</Trans>} value={`${receipt.order_number} · ${receipt.event_name}`} />
        <Fact
          label={<Trans>Fecha de compra</Trans>}
          value={format.dateTime(receipt.purchased_at, receipt.timezone)}
        />
        <Fact label={<Trans>Forma de pago</Trans>} value={i18n._(PAYMENT_METHODS[receipt.payment_method])} />
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            <Trans>Estado</Trans>
          </Text>
          <OrderStatusBadge
            order={{ status: receipt.status, refund_status: receipt.refund_status, payment_status: null }}
            size="sm"
          />
        </Group>
      </Stack>
      <Divider />
      <Stack gap={8} data-testid="receipt-lines">
        {receipt.lines.map((line, i) => {
          const price = fmt(line.unit_price_cents);
          const discount = fmt(line.unit_discount_cents);
          return (
            <Stack key={`${line.description}-${i}`} gap={0} data-testid="receipt-line">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {line.quantity} × {line.description}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {fmt(line.amount_cents)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {line.unit_discount_cents > 0 ? (
                  <Trans>
                    {price} por entrada, descuento −{discount}
                  </Trans>
                ) : (
                  <Trans>{price} por entrada</Trans>
                )}
              </Text>
            </Stack>
          );
        })}
      </Stack>
      <Divider />
      <Stack gap={4}>
        <Row label={<Trans>Subtotal</Trans>} value={fmt(receipt.subtotal_cents)} />
        {receipt.discount_cents > 0 && (
          <Row
            label={
              receipt.promo_code ? <Trans>Descuento ({receipt.promo_code})</Trans> : <Trans>Descuento</Trans>
            }
            value={`−${fmt(receipt.discount_cents)}`}
            testId="receipt-discount"
          />
        )}
        {receipt.taxes.map((tax) => (
          <Row
            key={`tax-${tax.name}-${tax.rate_bp}`}
            label={`${tax.name}${rate(tax.rate_bp)}`}
            value={fmt(tax.amount_cents)}
            testId="receipt-tax"
          />
        ))}
        {receipt.fees.map((fee) => (
          <Row
            key={`fee-${fee.name}-${fee.rate_bp}`}
            label={`${fee.name}${rate(fee.rate_bp)}`}
            value={fmt(fee.amount_cents)}
            testId="receipt-fee"
          />
        ))}
        <Group justify="space-between">
          <Text fw={700}>
            <Trans>Total</Trans>
          </Text>
          <Text fw={700} size="lg" data-testid="receipt-total">
            {fmt(receipt.total_cents)}
          </Text>
        </Group>
        {receipt.refunded_cents > 0 && (
          <>
            <Row
              label={<Trans>Reembolsado</Trans>}
              value={`−${fmt(receipt.refunded_cents)}`}
              testId="receipt-refunded"
            />
            <Row label={<Trans>Pagado</Trans>} value={fmt(receipt.net_paid_cents)} testId="receipt-net" />
          </>
        )}
      </Stack>
      {receipt.invoices.length > 0 && (
        <Stack gap={4}>
          <Divider />
          {receipt.invoices.map(({ number, kind, pdf_url }) => (
            <Anchor key={number} href={pdf_url} target="_blank" data-testid="buyer-invoice">
              {kind === 'CREDIT_NOTE' ? (
                <Trans>Rectificativa {number} (PDF)</Trans>
              ) : (
                <Trans>Factura {number} (PDF)</Trans>
              )}
            </Anchor>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Fact({ label, value, testId }: { label: ReactNode; value: string; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function Row({ label, value, testId }: { label: ReactNode; value: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}
