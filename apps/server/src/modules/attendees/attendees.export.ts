import type { Locale } from '@taquilla/shared';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { defineMessages } from '../../lib/i18n.ts';
import { moneyCells, wallClock } from '../../lib/spreadsheet.ts';
import { REFUNDED_MONEY } from '../order-lifecycle/order-lifecycle.ts';
import { exportLabel } from '../orders/export-labels.ts';
import { listExport, netCents } from '../orders/export-sheet.ts';
import * as repo from './attendees.manage.repository.ts';

const m = defineMessages({
  'attendees.csv_header':
    'Entrada nº|Nombre|Apellidos|Correo electrónico|Entrada|Tarifa|Estado|Pedido|Registrado en la puerta|Creado|Total del pedido|Impuestos del pedido|Gastos del pedido|Reembolsado del pedido|Neto del pedido|Moneda',
  'attendees.sheet_name': 'Asistentes',
});

/**
 * The attendees the list shows (same search and filters) as a sheet — a door list that works offline —
 * with statuses in the caller's language, dates in the event's time zone, their order's money (the same
 * figures as the orders export, repeated on each of the order's attendees) and one column per attendee
 * question.
 */
export function exportAttendees(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
  locale: Locale,
) {
  return listExport<repo.ExportAttendeeRow>(deps, auth, eventId, raw, locale, {
    belongsTo: 'ATTENDEE',
    spec: repo.attendeeListSpec,
    name: 'attendees',
    sheetName: m['attendees.sheet_name'],
    header: m['attendees.csv_header'],
    ids: (params) => repo.listAttendeeIds(deps.db, auth.accountId, eventId, params),
    read: (idList) => repo.findExportAttendees(deps.db, auth.accountId, eventId, idList, REFUNDED_MONEY),
    idOf: (a) => a.id,
    answersOf: (a) => a.answers,
    cells: (event, locale) => {
      const money = moneyCells(event.currency);
      return (a) => [
        a.short_id,
        a.first_name,
        a.last_name,
        a.email,
        a.ticket_name,
        a.price_label,
        exportLabel(locale, a.status),
        a.order_short_id,
        wallClock(a.checked_in_at, event.timezone),
        wallClock(a.created_at, event.timezone),
        money(a.total_cents),
        money(a.items_taxes_cents),
        money(a.items_fees_cents),
        money(a.refunded_cents),
        money(netCents(a)),
        a.currency,
      ];
    },
  });
}
