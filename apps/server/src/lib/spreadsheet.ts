import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { currencyDigits, formatScaled, numberSeparators } from '@taquilla/shared/money';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * Exports written as they are read, as CSV or XLSX (exceljs' streaming writer). Memory is bounded by
 * design, whatever the number of rows:
 * - the list's order is read once as packed ids (16 bytes a row, one sort in the database), then the
 *   rows `BATCH` at a time, only the columns the sheet shows;
 * - a batch is read only when the download has taken what came before (CSV: a pull stream; XLSX: the
 *   writer waits for the response to drain), so a slow client never makes the server buffer the file;
 * - nothing is made per cell that the next row cannot reuse (one date formatter per time zone, one style
 *   object per number format), so what a row leaves behind dies young.
 */
export type ExportFormat = 'csv' | 'xlsx';

/**
 * A cell: text, a plain number, money (a number shown with its currency), a decimal number held as an
 * integer scaled by 10^digits (a percentage in hundredths: `{ scaled: 4550, digits: 2 }` is 45.50) or a
 * wall-clock date.
 */
export type ExportCell =
  | string
  | number
  | null
  | undefined
  | { money: number; currency: string; digits: number }
  | { scaled: number; digits: number }
  | { wallClock: Date };

export interface ExportSheet {
  filename: string;
  sheetName: string;
  header: string[];
  rows: AsyncIterable<ExportCell[]>;
  /** The CSV's decimal separator for money, the reader's (`csvDecimal`); a point when not given. */
  decimal?: string;
}

/** How exports write money, for their documentation (`/api/docs`). */
export const EXPORT_MONEY_DOC =
  "Money in major units with the currency's digits (JPY, CLP: none): in XLSX number cells in the currency's format; in CSV (RFC 4180, comma-separated) with the reader's decimal separator (locale `es`: a comma, the cell quoted; `en`: a point), no thousands separator.";

/**
 * The decimal separator of `locale` (`es`: a comma, `en`: a point): CSV money is written as the reader's
 * spreadsheet reads a number typed in, without thousands separators ("1234,56"); a cell with a comma is
 * quoted, so the file stays RFC 4180 (comma-separated).
 */
export const csvDecimal = (locale: string) => numberSeparators(locale).decimal;

/** Minor units as a decimal number with `digits` decimals and the reader's separator (no float rounding). */
const decimalText = (cents: number, digits: number, separator: string) =>
  formatScaled(cents, digits).replace('.', separator);

/** Rows read from the database at a time: small enough that a batch is garbage before V8 promotes it. */
export const BATCH = 500;

/** A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is kept as text with a leading '. */
export function defuse(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const pad = (n: number) => String(n).padStart(2, '0');

function csvCell(value: ExportCell, decimal: string): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'object' && 'money' in value) text = decimalText(value.money, value.digits, decimal);
  else if (typeof value === 'object' && 'scaled' in value)
    text = decimalText(value.scaled, value.digits, decimal);
  else if (typeof value === 'object') {
    const d = value.wallClock;
    text = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  } else text = typeof value === 'string' ? defuse(value) : String(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Time zone offsets by quarter of an hour (every offset change since 1970 falls on one), each found once
 * with one formatter per time zone: building an Intl.DateTimeFormat per cell cost ~50 µs and native (ICU)
 * memory the heap does not see, which made a 100,000-row export grow by hundreds of MB.
 */
const QUARTER_HOUR = 15 * 60_000;
const zones = new Map<string, { format: Intl.DateTimeFormat; offsets: Map<number, number> }>();

/** The wall clock in `timeZone` at `ms`, as UTC milliseconds, to the second (as the formatter shows it). */
function localMs(format: Intl.DateTimeFormat, ms: number): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format.formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

function zone(timeZone: string) {
  let z = zones.get(timeZone);
  if (!z) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    z = { format, offsets: new Map() };
    zones.set(timeZone, z);
  }
  return z;
}

/**
 * A moment as the event's wall clock, for a spreadsheet date (which has no time zone): the UTC fields of
 * the returned Date are the local date and time in `timeZone`, to the second.
 */
/** Money cells in `currency`: numbers in major units with the currency's own digits (JPY and CLP: none). */
export function moneyCells(currency: string): (cents: number) => ExportCell {
  const digits = currencyDigits(currency);
  return (cents) => ({ money: cents, currency, digits });
}

export function wallClock(date: Date | null, timeZone: string): ExportCell {
  if (!date) return null;
  const ms = date.getTime();
  const z = zone(timeZone);
  const bucket = Math.floor(ms / QUARTER_HOUR);
  let offset = z.offsets.get(bucket);
  if (offset === undefined) {
    const start = bucket * QUARTER_HOUR;
    offset = localMs(z.format, start) - start;
    // An older offset of odd minutes or seconds may change inside the quarter: not cached, read exactly.
    if (localMs(z.format, start + QUARTER_HOUR - 1000) - (start + QUARTER_HOUR - 1000) !== offset) {
      return { wallClock: new Date(localMs(z.format, ms)) };
    }
    if (z.offsets.size > 100_000) z.offsets.clear();
    z.offsets.set(bucket, offset);
  }
  return { wallClock: new Date(Math.floor((ms + offset) / 1000) * 1000) };
}

/**
 * One RFC 4180 line (no line end): separators, quotes and line breaks quoted, formulas defused, money with
 * `decimal` as its decimal separator.
 */
export const csvLine = (cells: ExportCell[], decimal = '.') =>
  cells.map((c) => csvCell(c, decimal)).join(',');

/** CSV text in chunks of about 64 KB: one stream write per chunk, not per row. */
async function* csvChunks(sheet: ExportSheet) {
  let chunk = `\uFEFF${csvLine(sheet.header)}`;
  for await (const row of sheet.rows) {
    chunk += `\r\n${csvLine(row, sheet.decimal)}`;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

/** A number format's style, made once: exceljs then finds its style id by identity, not by rendering XML. */
const styles = new Map<string, Partial<ExcelJS.Style>>();
const NO_STYLE: Partial<ExcelJS.Style> = {};

function styleOf(numFmt: string): Partial<ExcelJS.Style> {
  let style = styles.get(numFmt);
  if (!style) {
    style = { numFmt };
    styles.set(numFmt, style);
  }
  return style;
}

function xlsxCell(cell: ExportCell): { value: ExcelJS.CellValue; style: Partial<ExcelJS.Style> } {
  if (cell === null || cell === undefined) return { value: null, style: NO_STYLE };
  if (typeof cell === 'object' && 'money' in cell) {
    const decimals = cell.digits ? `.${'0'.repeat(cell.digits)}` : '';
    return { value: cell.money / 10 ** cell.digits, style: styleOf(`#,##0${decimals} "${cell.currency}"`) };
  }
  if (typeof cell === 'object' && 'scaled' in cell) {
    const decimals = cell.digits ? `.${'0'.repeat(cell.digits)}` : '';
    return { value: cell.scaled / 10 ** cell.digits, style: styleOf(`0${decimals}`) };
  }
  if (typeof cell === 'object') return { value: cell.wallClock, style: styleOf('yyyy-mm-dd hh:mm') };
  // Strings are written as text cells, never as formulas.
  return { value: cell, style: NO_STYLE };
}

async function writeXlsx(sheet: ExportSheet, out: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = workbook.addWorksheet(sheet.sheetName.slice(0, 31));
  ws.addRow(sheet.header).commit();
  let written = 0;
  for await (const row of sheet.rows) {
    const xrow = ws.addRow([]);
    for (const [i, cell] of row.entries()) {
      const { value, style } = xlsxCell(cell);
      const xcell = xrow.getCell(i + 1);
      xcell.value = value;
      xcell.style = style;
    }
    xrow.commit();
    // exceljs writes without backpressure: once a batch is written, wait until the download took it.
    if (++written % BATCH === 0) await drained(out);
  }
  ws.commit();
  await workbook.commit();
}

/** Resolves when `out` has room again (at once if it has); rejects if the download went away meanwhile. */
async function drained(out: PassThrough) {
  // Let the zip's deflate (on the thread pool) hand on what it was given.
  await new Promise((resolve) => setImmediate(resolve));
  while (out.writableNeedDrain && !out.destroyed) {
    await Promise.race([once(out, 'drain'), once(out, 'close')]);
  }
  if (out.destroyed) throw new Error('export download closed');
}

/** Sends the sheet as a download, streamed; a failure half-way ends the download (logged). */
export function sendExport(reply: FastifyReply, format: ExportFormat, sheet: ExportSheet) {
  let body: Readable;
  if (format === 'xlsx') {
    const out = new PassThrough();
    writeXlsx(sheet, out).catch((err) => {
      reply.log.error({ err }, 'export failed');
      out.destroy(err as Error);
    });
    body = out;
  } else {
    // Pulled: the next rows are read only when the response asks for more.
    body = Readable.from(csvChunks(sheet), { objectMode: false });
    body.on('error', (err) => reply.log.error({ err }, 'export failed'));
  }
  const safe = `${sheet.filename.replace(/[^\w.-]+/g, '-')}.${format}`;
  return reply
    .type(
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    )
    .header('content-disposition', `attachment; filename="${safe}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The ids of a list in its order, 16 bytes each (`string_agg(uuid_send(id), '' order by …)`): one sort in
 * the database for the whole export, and 1.6 MB for 100,000 rows instead of 100,000 strings and objects.
 */
export class PackedIds {
  readonly length: number;
  constructor(private readonly bytes: Uint8Array | null) {
    this.length = bytes ? bytes.byteLength / 16 : 0;
  }

  /** Ids `start` to `end` (not included) as 32 hex digits, which PostgreSQL reads as uuids. */
  hex(start: number, end: number): string[] {
    const buf = this.bytes
      ? Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength)
      : null;
    const out: string[] = [];
    for (let i = start; i < Math.min(end, this.length); i++)
      out.push(buf?.toString('hex', i * 16, i * 16 + 16) ?? '');
    return out;
  }
}

/** The select column that packs a list's ids in its order (`orderBy`, then the id): see `PackedIds`. */
export const packedIdsOf = (id: AnyPgColumn, orderBy: SQL) =>
  sql<Uint8Array | null>`string_agg(uuid_send(${id}), ''::bytea order by ${orderBy}, ${id} asc)`;

/** `id` is one of a batch's ids (`inIdOrder`'s `idList`, one parameter however many ids). */
export const idIn = (id: AnyPgColumn, idList: string) =>
  sql`${id} = any(string_to_array(${idList}, ',')::uuid[])`;

/** A uuid as 32 hex digits, as `PackedIds.hex` gives it. */
export const idKey = (id: string) => id.replaceAll('-', '');

/**
 * Rows in the order of `ids`, fetched `BATCH` at a time by `read` (which gets the batch's ids as 32 hex
 * digits each, joined by commas: one parameter); a row leaves memory as soon as it is handed on.
 */
export async function* inIdOrder<T>(
  ids: PackedIds,
  read: (idList: string) => Promise<T[]>,
  idOf: (row: T) => string,
) {
  for (let i = 0; i < ids.length; i += BATCH) {
    const slice = ids.hex(i, i + BATCH);
    const byId = new Map((await read(slice.join(','))).map((row) => [idKey(idOf(row)), row]));
    for (const id of slice) {
      const row = byId.get(id);
      if (row) {
        byId.delete(id);
        yield row;
      }
    }
  }
}
