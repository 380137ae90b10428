import type { Locale, OrderStatus } from '@taquilla/shared';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid } from '../../lib/errors.ts';
import { defineMessages, t } from '../../lib/i18n.ts';
import { type ListParams, type ListSpec, parseListQuery } from '../../lib/pagination.ts';
import {
  csvDecimal,
  type ExportCell,
  type ExportFormat,
  type ExportSheet,
  inIdOrder,
  type PackedIds,
} from '../../lib/spreadsheet.ts';
import * as audit from '../audit/audit.service.ts';
import { assertDateFilter } from '../event-dates/date-filter.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { COMPLETED_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { loadEventQuestions } from '../questions/questions.service.ts';
import { answerCell } from './export-labels.ts';

const m = defineMessages({ 'orders.export_format': 'Elige csv o xlsx.' });

export type ExportEvent = Awaited<ReturnType<typeof loadOwnedEvent>>;

/** What differs between the orders and the attendees exports; `listExport` does the rest. */
export interface ListExport<T> {
  /** Whose questions become columns, after the fixed ones. */
  belongsTo: 'ORDER' | 'ATTENDEE';
  spec: ListSpec;
  /** The file is `{event slug}-{name}.{format}`. */
  name: string;
  /** Message keys: the sheet's name, and its fixed headers separated by `|`. */
  sheetName: string;
  header: string;
  /** The ids the list shows, in its order. */
  ids: (params: ListParams) => Promise<PackedIds>;
  /** The rows of one batch of ids (see `inIdOrder`), in any order. */
  read: (idList: string) => Promise<T[]>;
  idOf: (row: T) => string;
  answersOf: (row: T) => Record<string, unknown>;
  /** Made once per export: a row's fixed cells, in the header's order. */
  cells: (event: ExportEvent, locale: Locale) => (row: T) => ExportCell[];
}

/** An order's money as the exports show it: the taxes and fees of its lines, refunded and net. */
export interface OrderMoney {
  order_status: OrderStatus;
  total_cents: number;
  items_taxes_cents: number;
  items_fees_cents: number;
  refunded_cents: number;
}

/**
 * What an order leaves in the books, as the dashboard counts it: a sale's total less its refunds; an
 * order that is no sale (cancelled, awaiting payment, in progress) leaves nothing. The column adds up to
 * the dashboard's net revenue.
 */
export const netCents = (o: OrderMoney) =>
  COMPLETED_ORDERS.includes(o.order_status) ? o.total_cents - o.refunded_cents : 0;

/** `format` of an export (default csv), taken out of the list query before the list rules read it. */
export function exportFormat(raw: Record<string, unknown>): {
  format: ExportFormat;
  query: Record<string, unknown>;
} {
  const { format, page: _p, per_page: _pp, ...query } = raw;
  const parsed = z.enum(['csv', 'xlsx']).default('csv').safeParse(format);
  if (!parsed.success) throw invalid({ format: m['orders.export_format'] });
  return { format: parsed.data, query };
}

/**
 * A list as a sheet: the rows the list shows (same search, filters and sort), headers and values in the
 * caller's language (CSV money with its decimal separator: `es` a comma, `en` a point), one column per
 * question after the fixed ones. Rows are read in batches while the
 * file is written (lib/spreadsheet.ts).
 */
export async function listExport<T>(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
  locale: Locale,
  def: ListExport<T>,
): Promise<{ format: ExportFormat; sheet: ExportSheet }> {
  assertCan(auth, 'orders:export');
  const { format, query } = exportFormat(raw);
  const params = parseListQuery(query, def.spec);
  const event = await loadOwnedEvent(deps.db, auth, eventId);
  await assertDateFilter(deps.db, auth.accountId, eventId, params.filters);
  const questions = (await loadEventQuestions(deps.db, eventId)).filter(
    (q) => q.belongs_to === def.belongsTo,
  );
  const ids = await def.ids(params);
  const exported = audit.listExported(def.name, event, {
    format,
    filters: params.filters,
    query: params.query,
    rows: ids.length,
  });
  if (exported) await audit.record(deps.db, exported);
  const cells = def.cells(event, locale);
  async function* rows() {
    for await (const row of inIdOrder(ids, def.read, def.idOf)) {
      const answers = def.answersOf(row);
      const line = cells(row);
      for (const q of questions) line.push(answerCell(locale, answers[q.id]));
      yield line;
    }
  }
  return {
    format,
    sheet: {
      filename: `${event.slug}-${def.name}`,
      sheetName: t(locale, def.sheetName),
      header: [...t(locale, def.header).split('|'), ...questions.map((q) => q.title)],
      rows: rows(),
      decimal: csvDecimal(locale),
    },
  };
}
