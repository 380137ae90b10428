import type { Locale } from '@taquilla/shared';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { defineMessages } from '../../lib/i18n.ts';
import { moneyCells, wallClock } from '../../lib/spreadsheet.ts';
import { NOT_YET_ORDERS, REFUNDED_MONEY } from '../order-lifecycle/order-lifecycle.ts';
import { exportLabel } from './export-labels.ts';
import { listExport, netCents } from './export-sheet.ts';
import * as repo from './orders.repository.ts';

const m = defineMessages({
  'orders.csv_header':
    'Pedido|Estado|Estado del pago|Estado de la devolución|Nombre|Apellidos|Correo electrónico|Entradas|Subtotal|Descuento|Impuestos|Gastos|Total|Reembolsado|Neto|Moneda|Código promocional|Método de pago|Manual|Creado|Completado',
  'orders.sheet_name': 'Pedidos',
});

/**
 * The orders the list shows (same search, filters and sort) as a sheet: statuses in the caller's
 * language, dates in the event's time zone, money as numbers with the currency (taxes and fees as the
 * order's lines stored them; refunded: its refunds that went through; net: what it leaves in the books,
 * see `netCents`), one column per order question.
 */
export function exportOrders(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
  locale: Locale,
) {
  return listExport<repo.ExportOrderRow>(deps, auth, eventId, raw, locale, {
    belongsTo: 'ORDER',
    spec: repo.ordersListSpec,
    name: 'orders',
    sheetName: m['orders.sheet_name'],
    header: m['orders.csv_header'],
    ids: (params) =>
      repo.listOrderIds(deps.db, auth.accountId, eventId, {
        where: params.where,
        query: params.query,
        orderBy: params.orderBy,
        hiddenStatuses: params.filters.some((f) => f.field === 'status') ? undefined : NOT_YET_ORDERS,
      }),
    read: (idList) => repo.findExportOrders(deps.db, auth.accountId, eventId, idList, REFUNDED_MONEY),
    idOf: (o) => o.id,
    answersOf: (o) => o.answers,
    cells: (event, locale) => {
      const money = moneyCells(event.currency);
      return (o) => [
        o.short_id,
        exportLabel(locale, o.status),
        exportLabel(locale, o.payment_status),
        exportLabel(locale, o.refund_status),
        o.first_name,
        o.last_name,
        o.email,
        o.item_count,
        money(o.subtotal_cents),
        money(o.discount_cents),
        money(o.items_taxes_cents),
        money(o.items_fees_cents),
        money(o.total_cents),
        money(o.refunded_cents),
        money(netCents({ ...o, order_status: o.status })),
        o.currency,
        o.promo_code,
        exportLabel(locale, o.payment_provider),
        exportLabel(locale, o.is_manual),
        wallClock(o.created_at, event.timezone),
        wallClock(o.completed_at, event.timezone),
      ];
    },
  });
}
