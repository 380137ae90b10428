import '@mantine/charts/styles.css';
import { useLingui } from '@lingui/react/macro';
import { BarChart } from '@mantine/charts';
import type { Report } from '@taquilla/shared/schemas/reports';
import { formatMoney, formatShortDay } from '../../../lib/format.ts';

/** Sales by day as bars: what was sold and what was refunded each day (one currency; several get no chart). */
export function SalesChart({ report }: { report: Report }) {
  const { t } = useLingui();
  const currencies = new Set(report.rows.map((r) => r.currency));
  const [currency] = currencies;
  if (currencies.size !== 1 || typeof currency !== 'string') return null;
  const gross = t`Ventas brutas`;
  const refunded = t`Reembolsos`;
  const data = report.rows.map((r) => ({
    day: formatShortDay(String(r.day)),
    [gross]: Number(r.gross),
    [refunded]: Number(r.refunded),
  }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="day"
      series={[
        { name: gross, color: 'blue.6' },
        { name: refunded, color: 'orange.6' },
      ]}
      tickLine="none"
      gridAxis="y"
      valueFormatter={(v) => formatMoney(v, currency)}
      yAxisProps={{ width: 90 }}
      withTooltip
      aria-label={t`Ventas y reembolsos por día`}
    />
  );
}
