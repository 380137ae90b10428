import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * Exports written as they are read, as CSV or XLSX (exceljs' streaming writer): rows come in batches
 * from the database and leave at once, so memory stays flat however many rows there are.
 */
export type ExportFormat = 'csv' | 'xlsx';

/** A cell: text, a plain number, money (a number shown with its currency) or a wall-clock date. */
export type ExportCell =
  | string
  | number
  | null
  | undefined
  | { money: number; currency: string; digits: number }
  | { wallClock: Date };

export interface ExportSheet {
  filename: string;
  sheetName: string;
  header: string[];
  rows: AsyncIterable<ExportCell[]>;
}

/** A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is kept as text with a leading '. */
export function defuse(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const pad = (n: number) => String(n).padStart(2, '0');

function csvCell(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'object' && 'money' in value)
    text = (value.money / 10 ** value.digits).toFixed(value.digits);
  else if (typeof value === 'object') {
    const d = value.wallClock;
    text = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  } else text = typeof value === 'string' ? defuse(value) : String(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A moment as the event's wall clock, for a spreadsheet date (which has no time zone): the UTC fields of
 * the returned Date are the local date and time in `timeZone`.
 */
export function wallClock(date: Date | null, timeZone: string): ExportCell {
  if (!date) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    wallClock: new Date(
      Date.UTC(
        Number(parts.year),
        Number(parts.month) - 1,
        Number(parts.day),
        Number(parts.hour),
        Number(parts.minute),
        Number(parts.second),
      ),
    ),
  };
}

/** One RFC 4180 line (no line end): separators, quotes and line breaks quoted, formulas defused. */
export const csvLine = (cells: ExportCell[]) => cells.map(csvCell).join(',');

async function writeCsv(sheet: ExportSheet, out: PassThrough) {
  out.write(`\uFEFF${csvLine(sheet.header)}`);
  for await (const row of sheet.rows) {
    if (!out.write(`\r\n${csvLine(row)}`)) {
      await new Promise((resolve) => out.once('drain', resolve));
    }
  }
  out.end();
}

async function writeXlsx(sheet: ExportSheet, out: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = workbook.addWorksheet(sheet.sheetName.slice(0, 31));
  ws.addRow(sheet.header).commit();
  for await (const row of sheet.rows) {
    const xrow = ws.addRow(
      row.map((cell) => {
        if (cell === null || cell === undefined) return null;
        if (typeof cell === 'object' && 'money' in cell) return cell.money / 10 ** cell.digits;
        if (typeof cell === 'object') return cell.wallClock;
        // Strings are written as text cells, never as formulas.
        return cell;
      }),
    );
    row.forEach((cell, i) => {
      if (cell && typeof cell === 'object') {
        xrow.getCell(i + 1).numFmt =
          'money' in cell
            ? `#,##0${cell.digits ? `.${'0'.repeat(cell.digits)}` : ''} "${cell.currency}"`
            : 'yyyy-mm-dd hh:mm';
      }
    });
    xrow.commit();
  }
  ws.commit();
  await workbook.commit();
}

/** Sends the sheet as a download, streamed; a failure half-way ends the download (logged). */
export function sendExport(reply: FastifyReply, format: ExportFormat, sheet: ExportSheet) {
  const out = new PassThrough();
  const write = format === 'xlsx' ? writeXlsx : writeCsv;
  write(sheet, out).catch((err) => {
    reply.log.error({ err }, 'export failed');
    out.destroy(err as Error);
  });
  const safe = `${sheet.filename.replace(/[^\w.-]+/g, '-')}.${format}`;
  return reply
    .type(
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    )
    .header('content-disposition', `attachment; filename="${safe}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/**
 * Rows in the order of `ids` (the list's sort, read once as ids alone), fetched `size` at a time: one
 * sort for the whole export, and only one batch of full rows in memory at a time.
 */
export async function* inIdOrder<T>(
  ids: string[],
  read: (ids: string[]) => Promise<T[]>,
  idOf: (row: T) => string,
  size = 1000,
) {
  for (let i = 0; i < ids.length; i += size) {
    const slice = ids.slice(i, i + size);
    const byId = new Map((await read(slice)).map((row) => [idOf(row), row]));
    for (const id of slice) {
      const row = byId.get(id);
      if (row) yield row;
    }
  }
}
