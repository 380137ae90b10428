import type { Locale } from '@taquilla/shared';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
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
import { answerCell, exportLabel } from '../orders/export-labels.ts';
import { exportFormat } from '../orders/orders.export.ts';
import { loadEventQuestions } from '../questions/questions.service.ts';
import * as repo from './attendees.manage.repository.ts';

const m = defineMessages({
  es: {
    'attendees.csv_header':
      'Entrada nº|Nombre|Apellidos|Correo electrónico|Entrada|Tarifa|Estado|Pedido|Registrado en la puerta|Creado',
    'attendees.sheet_name': 'Asistentes',
  },
  en: {
    'attendees.csv_header':
      'Ticket no.|First name|Last name|Email|Ticket|Tier|Status|Order|Checked in|Created',
    'attendees.sheet_name': 'Attendees',
  },
});

/**
 * The attendees the list shows (same search and filters) as a sheet — a door list that works offline —
 * with statuses in the caller's language, dates in the event's time zone and one column per attendee
 * question. Rows are read in batches while the file is written.
 */
export async function exportAttendees(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
  locale: Locale,
): Promise<{ format: ExportFormat; sheet: ExportSheet }> {
  assertCan(auth, 'events:manage');
  const { format, query } = exportFormat(raw);
  const params = parseListQuery(query, repo.attendeeListSpec);
  const event = await loadOwnedEvent(deps.db, auth.accountId, eventId);
  const questions = (await loadEventQuestions(deps.db, eventId)).filter((q) => q.belongs_to === 'ATTENDEE');
  const ids = await repo.listAttendeeIds(deps.db, auth.accountId, eventId, params);
  const read = (batch: string[]) => repo.findAttendeesByIds(deps.db, auth.accountId, eventId, batch);
  async function* rows() {
    for await (const row of inIdOrder(ids, read, (r) => r.attendee.id)) {
      const { attendee: a, ticket_name, price_label, order_short_id, checked_in_at } = row;
      yield [
        a.short_id,
        a.first_name,
        a.last_name,
        a.email,
        ticket_name,
        price_label,
        exportLabel(locale, a.status),
        order_short_id,
        wallClock(checked_in_at, event.timezone),
        wallClock(a.created_at, event.timezone),
        ...questions.map((q) => answerCell(locale, a.answers[q.id])),
      ] satisfies ExportCell[];
    }
  }
  return {
    format,
    sheet: {
      filename: `${event.slug}-attendees`,
      sheetName: t(locale, m['attendees.sheet_name']),
      header: [...t(locale, m['attendees.csv_header']).split('|'), ...questions.map((q) => q.title)],
      rows: rows(),
    },
  };
}
