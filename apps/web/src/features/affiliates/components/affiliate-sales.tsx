import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AffiliateSales, PromoterDetailStats, PromoterStats } from '@taquilla/shared/schemas/affiliates';
import type { ReactNode } from 'react';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { formatDay, formatMoney, formatNumber } from '../../../lib/format.ts';
import { usePromoterDetail } from '../api.ts';

/** A labelled figure. */
export function Figure(props: { label: ReactNode; value: string; hint?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text fw={700} size="xl">
        {props.value}
      </Text>
      {props.hint && (
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      )}
    </Stack>
  );
}

/** What refunds took from the gross, under a net figure (nothing when there were none). */
function refundHint(sales: { gross_revenue_cents: number; refunded_cents: number }, currency: string) {
  if (sales.refunded_cents === 0) return undefined;
  const gross = formatMoney(sales.gross_revenue_cents, currency);
  const refunded = formatMoney(sales.refunded_cents, currency);
  return (
    <Trans>
      Ingresos brutos {gross} · Reembolsado {refunded}
    </Trans>
  );
}

/** Orders, tickets and net revenue side by side (gross and refunded under it when there were refunds). */
export function SalesFigures({ sales, currency }: { sales: AffiliateSales; currency: string }) {
  return (
    <SimpleGrid cols={3}>
      <Figure label={<Trans>Pedidos</Trans>} value={formatNumber(sales.orders_count)} />
      <Figure label={<Trans>Entradas</Trans>} value={formatNumber(sales.tickets_sold)} />
      <Figure
        label={<Trans>Ingresos netos</Trans>}
        value={formatMoney(sales.net_revenue_cents, currency)}
        hint={refundHint(sales, currency)}
      />
    </SimpleGrid>
  );
}

/** One affiliate's completed sales, day by day (events/{id}/promoter/{promoterId}/stats). */
export function AffiliateSalesModal(props: { eventId: string; affiliateId: string; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const stats = usePromoterDetail(props.eventId, props.affiliateId);
  const data = stats.data;
  return (
    <Modal
      opened
      onClose={props.onClose}
      size="lg"
      fullScreen={phone}
      title={data ? t`Ventas de ${data.affiliate.name}` : t`Ventas del afiliado`}
    >
      {stats.error ? (
        <PageError error={stats.error} />
      ) : !data ? (
        <PageLoader />
      ) : (
        <Stack gap="lg">
          <SalesFigures sales={data.affiliate.sales} currency={data.currency} />
          {data.daily.length === 0 ? (
            <Text c="dimmed" size="sm">
              <Trans>Todavía no hay pedidos completados con este enlace.</Trans>
            </Text>
          ) : (
            <AffiliateDailyTable daily={data.daily} currency={data.currency} />
          )}
        </Stack>
      )}
    </Modal>
  );
}

/**
 * An affiliate's completed sales per day (dates in the event's time zone): a refund counts on the day it
 * was made, so a day may show only a refund.
 */
export function AffiliateDailyTable(props: { daily: PromoterDetailStats['daily']; currency: string }) {
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>Día</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Pedidos</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Entradas</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Ingresos brutos</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Reembolsado</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Ingresos netos</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.daily.map((d) => (
          <Table.Tr key={d.date}>
            <Table.Td>{formatDay(d.date)}</Table.Td>
            <Table.Td ta="right">{formatNumber(d.orders_count)}</Table.Td>
            <Table.Td ta="right">{formatNumber(d.tickets_sold)}</Table.Td>
            <Table.Td ta="right">{formatMoney(d.gross_revenue_cents, props.currency)}</Table.Td>
            <Table.Td ta="right">{formatMoney(d.refunded_cents, props.currency)}</Table.Td>
            <Table.Td ta="right">{formatMoney(d.net_revenue_cents, props.currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** `cents` as a whole percentage of `total` (the event's net revenue), formatted. */
export function revenueShare(cents: number, total: number): string {
  return formatNumber(total > 0 ? Math.round((cents / total) * 100) : 0);
}

/** What all the event's affiliates sold together, and their share of the event's sales. */
export function PromoterTotals({ stats, currency }: { stats: PromoterStats; currency: string }) {
  const share = revenueShare(stats.affiliate_sales.net_revenue_cents, stats.event_sales.net_revenue_cents);
  return (
    <Card withBorder radius="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure
          label={<Trans>Ingresos netos por afiliados</Trans>}
          value={formatMoney(stats.affiliate_sales.net_revenue_cents, currency)}
          hint={<Trans>{share} % de las ventas del evento</Trans>}
        />
        <Figure label={<Trans>Pedidos</Trans>} value={formatNumber(stats.affiliate_sales.orders_count)} />
        <Figure label={<Trans>Entradas</Trans>} value={formatNumber(stats.affiliate_sales.tickets_sold)} />
        <Figure label={<Trans>Afiliados</Trans>} value={formatNumber(stats.affiliates_count)} />
      </SimpleGrid>
    </Card>
  );
}
