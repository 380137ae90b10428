import { currencyDigits, type Locale } from '@taquilla/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app.ts';
import { events } from '../../db/schema/index.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { csvDate, EXPORT_LIMIT, toCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { defineMessages, t } from '../../lib/i18n.ts';
import { parseListQuery } from '../../lib/pagination.ts';
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

/** The event row an export is named after; 404 outside the caller's account. */
export async function exportEvent(deps: Pick<AppDeps, 'db'>, accountId: string, eventId: string) {
  const [event] = await deps.db
    .select({
      name: events.name,
      slug: events.slug,
      timezone: events.timezone,
      account_id: events.account_id,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event || event.account_id !== accountId) throw notFound();
  return event;
}

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
  const event = await exportEvent(deps, auth.accountId, eventId);
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
