import '@mantine/charts/styles.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Card, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { currencyDigits } from '@taquilla/shared/money';
import type { EventSalesStats } from '@taquilla/shared/schemas/events';
import { Link } from 'react-router';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { formatMoney, formatNumber, formatShortDay } from '../../../lib/format.ts';
import { useEventStats } from '../api.ts';

/**
 * The dashboard's sales: the last two weeks day by day (tickets, and money: what was sold and what was
 * refunded each day, so a refund shows on the day it was made), what each ticket sold, money still to
 * come in.
 */
export function SalesPanel({ eventId, dateId }: { eventId: string; dateId: string }) {
  const stats = useEventStats(eventId, dateId);
  if (stats.error) return <PageError error={stats.error} />;
  if (!stats.data) return <PageLoader />;
  return <Panel eventId={eventId} stats={stats.data} />;
}

function Panel({ eventId, stats }: { eventId: string; stats: EventSalesStats }) {
  const { t } = useLingui();
  const money = (cents: number) => formatMoney(cents, stats.currency);
  const unit = 10 ** currencyDigits(stats.currency);
  const best = Math.max(1, ...stats.tickets.map((x) => x.tickets_sold));
  const series = t`Entradas`;
  const gross = t`Ingresos brutos`;
  const refunded = t`Reembolsado`;
  const net = t`Ingresos netos`;
  const data = stats.daily.map((d) => ({ day: formatShortDay(d.date), [series]: d.tickets_sold }));
  const moneyData = stats.daily.map((d) => ({
    day: formatShortDay(d.date),
    [gross]: d.gross_revenue_cents,
    [refunded]: d.refunded_cents,
    [net]: d.net_revenue_cents,
  }));
  return (
    <Stack gap="md">
      {stats.awaiting_payment.orders_count > 0 && (
        <Alert color="orange" title={t`Pagos offline pendientes`}>
          <Plural
            value={stats.awaiting_payment.orders_count}
            one={`# pedido por ${money(stats.awaiting_payment.total_cents)} espera tu confirmación.`}
            other={`# pedidos por ${money(stats.awaiting_payment.total_cents)} esperan tu confirmación.`}
          />{' '}
          <Anchor component={Link} to={`/manage/event/${eventId}/orders`} size="sm">
            <Trans>Ver pedidos</Trans>
          </Anchor>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md" data-testid="tickets-chart">
          <Title order={3} size="h5" mb="sm">
            <Trans>Entradas vendidas en los últimos 14 días</Trans>
          </Title>
          <BarChart
            h={200}
            data={data}
            dataKey="day"
            series={[{ name: series, color: 'blue.6' }]}
            tickLine="none"
            gridAxis="y"
            // Whole tickets only, written the reader's way.
            yAxisProps={{ allowDecimals: false }}
            valueFormatter={formatNumber}
            withTooltip
            aria-label={t`Entradas vendidas por día`}
          />
        </Card>
        <Card withBorder radius="md" padding="md">
          <Title order={3} size="h5" mb="sm">
            <Trans>Ventas por entrada</Trans>
          </Title>
          {stats.tickets.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>Este evento aún no tiene entradas.</Trans>
            </Text>
          ) : (
            <Table verticalSpacing={6} data-testid="sales-by-ticket">
              <Table.Tbody>
                {stats.tickets.map((x) => (
                  <Table.Tr key={x.ticket_id}>
                    <Table.Td>
                      <Text size="sm">{x.name}</Text>
                      <Progress value={(x.tickets_sold / best) * 100} size="xs" mt={4} />
                    </Table.Td>
                    <Table.Td ta="right" w={70}>
                      {formatNumber(x.tickets_sold)}
                    </Table.Td>
                    <Table.Td ta="right" w={110}>
                      {money(x.gross_cents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Text size="xs" c="dimmed" mt="sm">
            <Trans>
              Importes brutos: los reembolsos se hacen por pedido, no por entrada. De los ingresos brutos,{' '}
              {money(stats.totals.taxes_cents)} son impuestos y {money(stats.totals.fees_cents)} gastos;
              descuentos aplicados: {money(stats.totals.discount_cents)}.
            </Trans>
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" padding="md" data-testid="revenue-chart">
        <Title order={3} size="h5">
          <Trans>Ingresos en los últimos 14 días</Trans>
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          <Trans>
            Cada reembolso cuenta el día en que se hizo, aunque la venta fuera de otro día; los ingresos netos
            del día son los brutos menos lo reembolsado ese día.
          </Trans>
        </Text>
        <BarChart
          h={220}
          data={moneyData}
          dataKey="day"
          series={[
            { name: gross, color: 'blue.6' },
            { name: refunded, color: 'red.6' },
            { name: net, color: 'teal.7' },
          ]}
          tickLine="none"
          gridAxis="y"
          // Whole minor units, and at least one major unit high: an empty chart does not count in cents.
          yAxisProps={{ allowDecimals: false, domain: [0, (max: number) => Math.max(max, unit)], width: 88 }}
          valueFormatter={money}
          withLegend
          withTooltip
          aria-label={t`Ingresos brutos, reembolsado e ingresos netos por día`}
        />
      </Card>
    </Stack>
  );
}
