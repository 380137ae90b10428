import { ScrollArea, Table } from '@mantine/core';
import type { Report, ReportRow } from '@taquilla/shared/schemas/reports';
import { formatDay, formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';

type Column = Report['columns'][number];

/** A cell as the reader reads it: money in its row's currency, counts and percentages the locale's way. */
export function cellText(column: Column, row: ReportRow): string {
  const value = row[column.key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    return column.kind === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : value;
  }
  switch (column.kind) {
    case 'money':
      return formatMoney(value, String(row.currency));
    case 'percent':
      return formatPercent(value);
    default:
      return formatNumber(value);
  }
}

const numeric = (column: Column) => column.kind !== 'text' && column.kind !== 'day';

/** The report's rows, then its totals in bold; wide tables scroll sideways on a phone. */
export function ReportTable({ report }: { report: Report }) {
  const line = (row: ReportRow, i: number, total = false) => (
    <Table.Tr key={`${total ? 't' : 'r'}${i}`} fw={total ? 700 : undefined}>
      {report.columns.map((c) => (
        <Table.Td key={c.key} ta={numeric(c) ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {cellText(c, row)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
  return (
    <ScrollArea type="auto" className="report-scroll">
      <Table striped highlightOnHover withTableBorder fz="sm" data-testid={`report-${report.report}`}>
        <Table.Thead>
          <Table.Tr>
            {report.columns.map((c) => (
              <Table.Th key={c.key} ta={numeric(c) ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{report.rows.map((row, i) => line(row, i))}</Table.Tbody>
        {report.totals.length > 0 && (
          <Table.Tfoot>{report.totals.map((row, i) => line(row, i, true))}</Table.Tfoot>
        )}
      </Table>
    </ScrollArea>
  );
}
