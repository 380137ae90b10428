import type { Locale } from '@taquilla/shared';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { csvDate, EXPORT_LIMIT, toCsv } from '../../lib/csv.ts';
import { defineMessages, t } from '../../lib/i18n.ts';
import { parseListQuery } from '../../lib/pagination.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import * as repo from './attendees.manage.repository.ts';

const m = defineMessages({
  es: {
    'attendees.csv_header':
      'Entrada nº|Nombre|Apellidos|Correo electrónico|Entrada|Tarifa|Estado|Pedido|Creado',
  },
  en: { 'attendees.csv_header': 'Ticket no.|First name|Last name|Email|Ticket|Tier|Status|Order|Created' },
});

/** The attendees the list shows (same search and filters), as CSV: a door list that works offline. */
export async function exportAttendees(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
  locale: Locale,
) {
  assertCan(auth, 'events:manage');
  const event = await loadOwnedEvent(deps.db, auth.accountId, eventId);
  const { page: _p, per_page: _pp, ...query } = raw;
  const params = parseListQuery(query, repo.attendeeListSpec);
  const { rows } = await repo.listAttendees(deps.db, auth.accountId, eventId, {
    ...params,
    perPage: EXPORT_LIMIT,
    offset: 0,
  });
  const csv = toCsv(
    t(locale, m['attendees.csv_header']).split('|'),
    rows.map(({ attendee: a, ticket_name, price_label, order_short_id }) => [
      a.short_id,
      a.first_name,
      a.last_name,
      a.email,
      ticket_name,
      price_label,
      a.status,
      order_short_id,
      csvDate(a.created_at, event.timezone),
    ]),
  );
  return { filename: `${event.slug}-attendees.csv`, csv };
}
