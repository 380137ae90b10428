import { currencyDigits, type Locale } from '@taquilla/shared';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { csvDate, EXPORT_LIMIT, toCsv } from '../../lib/csv.ts';
import { defineMessages, t } from '../../lib/i18n.ts';
import { parseListQuery } from '../../lib/pagination.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import * as repo from './orders.repository.ts';
import { ordersListSpec } from './orders.service.ts';

const m = defineMessages({
  es: {
    'orders.csv_header':
      'Pedido|Estado|Estado del pago|Nombre|Apellidos|Correo electrónico|Entradas|Subtotal|Descuento|Impuestos|Gastos|Total|Moneda|Código promocional|Método de pago|Creado|Completado',
  },
  en: {
    'orders.csv_header':
      'Order|Status|Payment status|First name|Last name|Email|Tickets|Subtotal|Discount|Taxes|Fees|Total|Currency|Promo code|Payment method|Created|Completed',
  },
});

/** Amount in major units with a dot ("25.00"): what spreadsheets and accounting tools import. */
export const csvMoney = (cents: number, currency: string) => {
  const digits = currencyDigits(currency);
  return (cents / 10 ** digits).toFixed(digits);
};

/** The orders the list shows (same search and filters), as CSV with headers in the caller's language. */
export async function exportOrders(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
  locale: Locale,
) {
  assertCan(auth, 'events:manage');
  const event = await loadOwnedEvent(deps.db, auth.accountId, eventId);
  const { page: _p, per_page: _pp, ...query } = raw;
  const params = parseListQuery(query, ordersListSpec);
  const { rows } = await repo.listOrders(deps.db, auth.accountId, eventId, {
    where: params.where,
    query: params.query,
    orderBy: params.orderBy,
    limit: EXPORT_LIMIT,
    offset: 0,
    defaultStatuses: !params.filters.some((f) => f.field === 'status'),
  });
  const csv = toCsv(
    t(locale, m['orders.csv_header']).split('|'),
    rows.map(({ order: o, item_count }) => [
      o.short_id,
      o.status,
      o.payment_status,
      o.first_name,
      o.last_name,
      o.email,
      item_count,
      csvMoney(o.subtotal_cents, o.currency),
      csvMoney(o.discount_cents, o.currency),
      csvMoney(o.taxes_cents, o.currency),
      csvMoney(o.fees_cents, o.currency),
      csvMoney(o.total_cents, o.currency),
      o.currency,
      o.promo_code,
      o.payment_provider,
      csvDate(o.created_at, event.timezone),
      csvDate(o.completed_at, event.timezone),
    ]),
  );
  return { filename: `${event.slug}-orders.csv`, csv };
}
