import type { Locale } from '@taquilla/shared';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { defineMessages, t } from '../../lib/i18n.ts';
import { csvDecimal, type ExportSheet, moneyCells, wallClock } from '../../lib/spreadsheet.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { loadPromoCodeLevels } from '../tickets/availability.ts';
import { loadSellableTickets } from '../tickets/tickets.service.ts';
import * as repo from './promo-codes.repository.ts';

const m = defineMessages({
  'promo_codes.sheet_name': 'Códigos promocionales',
  'promo_codes.csv_header':
    'Código|Tipo|Descuento fijo|Descuento (%)|Entradas|Caduca|Usos máximos|Usos|Estado|Moneda|Creado',
  'promo_codes.type_none': 'Solo acceso',
  'promo_codes.type_fixed': 'Importe fijo',
  'promo_codes.type_percentage': 'Porcentaje',
  'promo_codes.all_tickets': 'Todas',
  'promo_codes.status_active': 'Activo',
  'promo_codes.status_expired': 'Caducado',
  'promo_codes.status_used_up': 'Agotado',
});

const TYPE = {
  NONE: m['promo_codes.type_none'],
  FIXED: m['promo_codes.type_fixed'],
  PERCENTAGE: m['promo_codes.type_percentage'],
};
const STATUS = {
  ACTIVE: m['promo_codes.status_active'],
  EXPIRED: m['promo_codes.status_expired'],
  USED_UP: m['promo_codes.status_used_up'],
};

/**
 * GET events/{id}/promo-codes/export: every promo code of the event with its uses and state as the list
 * shows them; a fixed discount as money in the event's currency, a percentage as a number; the tickets it
 * is limited to by name; dates in the event's time zone.
 */
export async function exportPromoCodes(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  locale: Locale,
): Promise<ExportSheet> {
  assertCan(auth, 'orders:export');
  const event = await loadOwnedEvent(db, auth, eventId);
  const [rows, tickets] = await Promise.all([
    repo.allPromoCodes(db, auth.accountId, eventId),
    loadSellableTickets(db, eventId),
  ]);
  const levels = await loadPromoCodeLevels(
    db,
    rows.map((r) => r.id),
  );
  const ticketName = new Map(tickets.map((tk) => [tk.id, tk.name]));
  const money = moneyCells(event.currency);
  async function* cells() {
    for (const row of rows) {
      const level = levels.get(row.id) ?? { uses: 0, status: 'ACTIVE' as const };
      yield [
        row.code,
        t(locale, TYPE[row.discount_type]),
        row.discount_type === 'FIXED' ? money(row.discount) : null,
        row.discount_type === 'PERCENTAGE' ? row.discount : null,
        row.ticket_ids.length
          ? row.ticket_ids.map((id) => ticketName.get(id) ?? id).join(', ')
          : t(locale, m['promo_codes.all_tickets']),
        wallClock(row.expiry_date, event.timezone),
        row.max_uses,
        level.uses,
        t(locale, STATUS[level.status]),
        event.currency,
        wallClock(row.created_at, event.timezone),
      ];
    }
  }
  return {
    filename: `${event.slug}-promo-codes`,
    sheetName: t(locale, m['promo_codes.sheet_name']),
    header: t(locale, m['promo_codes.csv_header']).split('|'),
    rows: cells(),
    decimal: csvDecimal(locale),
  };
}
