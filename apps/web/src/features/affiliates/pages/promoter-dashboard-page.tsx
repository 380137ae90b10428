import { Trans } from '@lingui/react/macro';
import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { IconAffiliate, IconChartBar } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ListTable } from '../../../components/list-table.tsx';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { usePromoterStats } from '../api.ts';
import { PromoterTotals, revenueShare } from '../components/affiliate-sales.tsx';

/**
 * /manage/event/:eventId/dashboardPromoter — the promoters' dashboard: what affiliates sold together and
 * which of them sell best, each leading to their own figures (dashboardPromoterSingle).
 */
export function PromoterDashboardPage() {
  const eventId = useParams().eventId ?? '';
  const event = useManageEvent(eventId);
  const stats = usePromoterStats(eventId);
  const error = event.error ?? stats.error;
  if (error) return <PageError error={error} />;
  if (!event.data || !stats.data) return <PageLoader />;
  const { currency } = event.data;
  const s = stats.data;
  const manage = (
    <Button component={Link} to="../affiliates" variant="light" leftSection={<IconAffiliate size={16} />}>
      <Trans>Gestionar afiliados</Trans>
    </Button>
  );

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Panel de promotores</Trans>}
        description={
          <Trans>
            Las ventas completadas que llegaron por los enlaces de los afiliados, comparadas con las del
            evento.
          </Trans>
        }
        action={manage}
      />
      {s.affiliates_count === 0 ? (
        <EmptyState
          icon={<IconChartBar size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={<Trans>Aún no hay afiliados</Trans>}
          text={
            <Trans>
              Crea afiliados para tus promotores y comparte con cada uno su enlace: aquí verás cuánto vende
              cada uno.
            </Trans>
          }
          action={manage}
        />
      ) : (
        <>
          <PromoterTotals stats={s} currency={currency} />
          <Text fw={600}>
            <Trans>Los que más venden</Trans>
          </Text>
          <ListTable
            columns={[
              { label: <Trans>Afiliado</Trans> },
              { label: <Trans>Pedidos</Trans>, align: 'right' },
              { label: <Trans>Entradas</Trans>, align: 'right' },
              { label: <Trans>Ingresos netos</Trans>, align: 'right' },
              { label: <Trans>% del evento</Trans>, align: 'right' },
            ]}
          >
            {s.top.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Anchor component={Link} to={`../dashboardPromoterSingle/${a.id}`} fw={600} size="sm">
                    {a.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {a.code}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatNumber(a.sales.orders_count)}</Table.Td>
                <Table.Td ta="right">{formatNumber(a.sales.tickets_sold)}</Table.Td>
                <Table.Td ta="right">{formatMoney(a.sales.net_revenue_cents, currency)}</Table.Td>
                <Table.Td ta="right">
                  {revenueShare(a.sales.net_revenue_cents, s.event_sales.net_revenue_cents)} %
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Stack gap="xs" hiddenFrom="sm">
            {s.top.map((a) => (
              <Anchor key={a.id} component={Link} to={`../dashboardPromoterSingle/${a.id}`}>
                <Trans>
                  {a.name}: {formatMoney(a.sales.net_revenue_cents, currency)} ·{' '}
                  {formatNumber(a.sales.tickets_sold)} entradas
                </Trans>
              </Anchor>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
