import { currencyDigits, type Locale } from '@taquilla/shared';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid } from '../../lib/errors.ts';
import { defineMessages, t } from '../../lib/i18n.ts';
import { parseListQuery } from '../../lib/pagination.ts';
import {
  type ExportCell,
  type ExportFormat,
  type ExportSheet,
  inIdOrder,
  wallClock,
} from '../../lib/spreadsheet.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { loadEventQuestions } from '../questions/questions.service.ts';
import { answerCell, exportLabel } from './export-labels.ts';
import * as repo from './orders.repository.ts';
import { ordersListSpec } from './orders.service.ts';

const m = defineMessages({
  es: {
    'orders.csv_header':
      'Pedido|Estado|Estado del pago|Estado de la devolución|Nombre|Apellidos|Correo electrónico|Entradas|Subtotal|Descuento|Impuestos|Gastos|Total|Moneda|Código promocional|Método de pago|Manual|Creado|Completado',
    'orders.sheet_name': 'Pedidos',
    'orders.export_format': 'Elige csv o xlsx.',
  },
  en: {
    'orders.csv_header':
      'Order|Status|Payment status|Refund status|First name|Last name|Email|Tickets|Subtotal|Discount|Taxes|Fees|Total|Currency|Promo code|Payment method|Manual|Created|Completed',
    'orders.sheet_name': 'Orders',
    'orders.export_format': 'Choose csv or xlsx.',
  },
});

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
 * The orders the list shows (same search, filters and sort) as a sheet: headers and values in the
 * caller's language, dates in the event's time zone, money as numbers with the currency, one column per
 * order question. Rows are read in batches while the file is written.
 */
export async function exportOrders(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
  locale: Locale,
): Promise<{ format: ExportFormat; sheet: ExportSheet }> {
  assertCan(auth, 'events:manage');
  const { format, query } = exportFormat(raw);
  const params = parseListQuery(query, ordersListSpec);
  const event = await loadOwnedEvent(deps.db, auth.accountId, eventId);
  const questions = (await loadEventQuestions(deps.db, eventId)).filter((q) => q.belongs_to === 'ORDER');
  const digits = currencyDigits(event.currency);
  const money = (cents: number, currency: string): ExportCell => ({ money: cents, currency, digits });
  const { ids } = await repo.listOrders(deps.db, auth.accountId, eventId, {
    where: params.where,
    query: params.query,
    orderBy: params.orderBy,
    limit: 0,
    offset: 0,
    defaultStatuses: !params.filters.some((f) => f.field === 'status'),
    idsOnly: true,
  });
  const read = (batch: string[]) => repo.findOrdersByIds(deps.db, auth.accountId, eventId, batch);
  async function* rows() {
    for await (const { order: o, item_count } of inIdOrder(ids, read, (r) => r.order.id)) {
      yield [
        o.short_id,
        exportLabel(locale, o.status),
        exportLabel(locale, o.payment_status),
        exportLabel(locale, o.refund_status),
        o.first_name,
        o.last_name,
        o.email,
        item_count,
        money(o.subtotal_cents, o.currency),
        money(o.discount_cents, o.currency),
        money(o.taxes_cents, o.currency),
        money(o.fees_cents, o.currency),
        money(o.total_cents, o.currency),
        o.currency,
        o.promo_code,
        exportLabel(locale, o.payment_provider),
        exportLabel(locale, o.is_manual),
        wallClock(o.created_at, event.timezone),
        wallClock(o.completed_at, event.timezone),
        ...questions.map((q) => answerCell(locale, o.answers[q.id])),
      ] satisfies ExportCell[];
    }
  }
  return {
    format,
    sheet: {
      filename: `${event.slug}-orders`,
      sheetName: t(locale, m['orders.sheet_name']),
      header: [...t(locale, m['orders.csv_header']).split('|'), ...questions.map((q) => q.title)],
      rows: rows(),
    },
  };
}
