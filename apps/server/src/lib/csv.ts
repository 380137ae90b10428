import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | null | undefined;

/** Exports stop here; a bigger event would be exported in pages. */
export const EXPORT_LIMIT = 50_000;

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is kept as text with a leading '. */
function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with CRLF line ends. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
}

/** Sends a CSV download; the BOM makes spreadsheet programs read it as UTF-8. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  const safe = filename.replace(/[^\w.-]+/g, '-');
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safe}"`)
    .header('cache-control', 'no-store')
    .send(`\uFEFF${csv}`);
}

/** A moment as the event's wall clock, "2026-11-22 17:05" (sorts and reads well in a spreadsheet). */
export const csvDate = (date: Date | null, timeZone: string) =>
  date
    ? new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(date)
    : '';
