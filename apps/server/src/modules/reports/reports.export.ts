import { currencyDigits, type Locale } from '@taquilla/shared';
import type { Report, ReportRow } from '@taquilla/shared/schemas/reports';
import { csvDecimal, type ExportCell, type ExportSheet } from '../../lib/spreadsheet.ts';

/**
 * A report as a sheet: its columns and rows as the screen shows them, then its totals; money as numbers
 * in the row's currency, percentages as numbers (45,5 for 45.5 %), the CSV in the reader's decimals (the
 * orders and attendees exports' conventions, lib/spreadsheet.ts).
 */
export function reportSheet(report: Report, name: string, locale: Locale): ExportSheet {
  const cellsOf = (row: ReportRow): ExportCell[] =>
    report.columns.map((c): ExportCell => {
      const value = row[c.key];
      if (value === null || value === undefined) return null;
      if (c.kind === 'money') {
        const currency = String(row.currency);
        return { money: Number(value), currency, digits: currencyDigits(currency) };
      }
      if (c.kind === 'percent') return { scaled: Number(value), digits: 2 };
      return value;
    });
  async function* rows() {
    for (const row of [...report.rows, ...report.totals]) yield cellsOf(row);
  }
  return {
    filename: `${name}-${report.report}${report.from ? `-${report.from}-${report.to}` : ''}`,
    sheetName: report.title,
    header: report.columns.map((c) => c.label),
    rows: rows(),
    decimal: csvDecimal(locale),
  };
}
