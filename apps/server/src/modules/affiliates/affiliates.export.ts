import type { Locale } from '@taquilla/shared';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { defineMessages, t } from '../../lib/i18n.ts';
import { csvDecimal, type ExportSheet, moneyCells, wallClock } from '../../lib/spreadsheet.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { COMPLETED_ORDERS, REFUNDED_MONEY } from '../order-lifecycle/order-lifecycle.ts';
import * as repo from './affiliates.repository.ts';

const m = defineMessages({
  'affiliates.sheet_name': 'Afiliados',
  'affiliates.csv_header':
    'Nombre|Código|Correo electrónico|Estado|Pedidos|Entradas vendidas|Ingresos brutos|Reembolsado|Ingresos netos|Moneda|Creado',
  'affiliates.status_active': 'Activo',
  'affiliates.status_inactive': 'Inactivo',
});

const STATUS = { ACTIVE: m['affiliates.status_active'], INACTIVE: m['affiliates.status_inactive'] };

/**
 * GET events/{id}/affiliates/export: every affiliate of the event with its sales as the list counts them
 * (completed orders, refunds subtracted), money in the event's currency, dates in its time zone.
 */
export async function exportAffiliates(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  locale: Locale,
): Promise<ExportSheet> {
  assertCan(auth, 'orders:export');
  const event = await loadOwnedEvent(db, auth, eventId);
  const [rows, sales] = await Promise.all([
    repo.allAffiliates(db, auth.accountId, eventId),
    repo.salesByAffiliate(db, eventId, { statuses: COMPLETED_ORDERS, refunds: REFUNDED_MONEY }),
  ]);
  const money = moneyCells(event.currency);
  rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || a.name.localeCompare(b.name));
  async function* cells() {
    for (const row of rows) {
      const s = sales.get(row.id) ?? repo.NO_SALES;
      yield [
        row.name,
        row.code,
        row.email,
        t(locale, STATUS[row.status]),
        s.orders_count,
        s.tickets_sold,
        money(s.gross_revenue_cents),
        money(s.refunded_cents),
        money(s.net_revenue_cents),
        event.currency,
        wallClock(row.created_at, event.timezone),
      ];
    }
  }
  return {
    filename: `${event.slug}-affiliates`,
    sheetName: t(locale, m['affiliates.sheet_name']),
    header: t(locale, m['affiliates.csv_header']).split('|'),
    rows: cells(),
    decimal: csvDecimal(locale),
  };
}
