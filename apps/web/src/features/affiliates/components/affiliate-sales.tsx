import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AffiliateSales } from '@taquilla/shared/schemas/affiliates';
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

/** Orders, tickets and revenue side by side. */
export function SalesFigures({ sales, currency }: { sales: AffiliateSales; currency: string }) {
  return (
    <SimpleGrid cols={3}>
      <Figure label={<Trans>Pedidos</Trans>} value={formatNumber(sales.orders_count)} />
      <Figure label={<Trans>Entradas</Trans>} value={formatNumber(sales.tickets_sold)} />
      <Figure label={<Trans>Ingresos</Trans>} value={formatMoney(sales.revenue_cents, currency)} />
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
                    <Trans>Ingresos</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.daily.map((d) => (
                  <Table.Tr key={d.date}>
                    <Table.Td>{formatDay(d.date)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(d.orders_count)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(d.tickets_sold)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(d.revenue_cents, data.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
