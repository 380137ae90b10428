import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@taquilla/shared';
import { formatDateRange } from '@taquilla/shared/dates';
import sharp from 'sharp';
import type { EventLocation } from '../../db/schema/index.ts';
import { uploadsDir } from '../images/images.storage.ts';
import type { ShownQuestion, TicketDocumentRow } from './ticket-documents.repository.ts';

/** A ticket as its documents show it: VALID has a code to scan, VOID was cancelled, UNPAID awaits payment. */
export type TicketState = 'VALID' | 'VOID' | 'UNPAID';

export interface TicketLine {
  attendeeId: string;
  shortId: string;
  holder: string;
  firstName: string;
  lastName: string;
  ticketName: string;
  state: TicketState;
  /** What the door scans (the ticket's secret, as in the QR of the ticket page and the e-mail). */
  code: string;
  /** The holder's answers to the ticket's questions, by question title; `true` is a ticked box. */
  answers: { label: string; value: string | true }[];
}

/** What the PDF and the wallet passes of some tickets of one order show, read now from the database. */
export interface TicketView {
  event: {
    id: string;
    /** The ticket's event date (#27), when the event has several. */
    dateId: string | null;
    name: string;
    start: Date;
    end: Date | null;
    timezone: string;
    location: EventLocation;
  };
  when: string;
  where: string;
  organizerId: string;
  organizerName: string;
  colors: { primary?: unknown; background?: unknown; text?: unknown };
  logoPng: Buffer | null;
  orderShortId: string;
  orderId: string;
  accountId: string;
  tickets: TicketLine[];
  /** The latest change to anything shown: the document's date, so the same data makes the same bytes. */
  changedAt: Date;
}

export function stateOf(row: Pick<TicketDocumentRow, 'attendee' | 'order'>): TicketState {
  if (row.attendee.status === 'CANCELLED' || row.order.status === 'CANCELLED') return 'VOID';
  // The same rule as the ticket page: an active ticket has a code the door accepts.
  return row.attendee.status === 'ACTIVE' ? 'VALID' : 'UNPAID';
}

export const placeOf = (l: EventLocation) =>
  [
    l.venue_name,
    l.address_line_1,
    l.address_line_2,
    [l.postal_code, l.city].filter(Boolean).join(' '),
    l.country,
  ]
    .filter(Boolean)
    .join(', ') ||
  l.online_url ||
  '';

export const ticketNameOf = (item: TicketDocumentRow['item']) =>
  item.price_label ? `${item.ticket_name} · ${item.price_label}` : item.ticket_name;

/** The organizer's logo as a PNG the PDF can hold (stored as WebP); none when it cannot be read. */
async function logoOf(dataDir: string, logoPath: string | null): Promise<Buffer | null> {
  if (!logoPath) return null;
  const file = path.join(uploadsDir(dataDir), logoPath);
  if (!file.startsWith(uploadsDir(dataDir) + path.sep)) return null;
  try {
    return await sharp(await readFile(file))
      .resize(256, 256, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** A ticket's answers as its documents print them, in the questions' order; unanswered ones left out. */
function answersOf(row: TicketDocumentRow, questions: ShownQuestion[]): TicketLine['answers'] {
  const out: TicketLine['answers'] = [];
  for (const q of questions) {
    if (q.ticket_ids.length > 0 && !q.ticket_ids.includes(row.attendee.ticket_id)) continue;
    const v = row.attendee.answers[q.id];
    if (v === true) out.push({ label: q.title, value: true });
    else if (Array.isArray(v) && v.length > 0) out.push({ label: q.title, value: v.join(', ') });
    else if (typeof v === 'string' && v.trim()) out.push({ label: q.title, value: v.trim() });
  }
  return out;
}

export async function ticketView(
  rows: TicketDocumentRow[],
  questions: ShownQuestion[],
  locale: Locale,
  dataDir: string,
): Promise<TicketView | null> {
  const [first] = rows;
  if (!first) return null;
  const { event, organizer, order, date } = first;
  // A ticket of one of the event's dates shows that date's times and, when it has its own, its venue.
  const start = date?.starts_at ?? event.start_date;
  const end = date ? date.ends_at : event.end_date;
  const location = date?.location ?? event.location;
  const changedAt = new Date(
    Math.max(
      event.updated_at.getTime(),
      date?.updated_at.getTime() ?? 0,
      ...rows.map((r) => r.attendee.updated_at.getTime()),
      ...questions.map((q) => q.updated_at.getTime()),
    ),
  );
  return {
    event: {
      id: event.id,
      dateId: first.attendee.event_date_id,
      name: event.name,
      start,
      end,
      timezone: event.timezone,
      location,
    },
    when: `${formatDateRange(start, end, event.timezone, locale, 'full')} (${event.timezone})`,
    where: placeOf(location),
    organizerId: organizer.id,
    organizerName: organizer.name,
    colors: (event.settings.colors as TicketView['colors'] | undefined) ?? {},
    logoPng: await logoOf(dataDir, organizer.logo_path),
    orderShortId: order.short_id,
    orderId: order.id,
    accountId: order.account_id,
    tickets: rows.map((r) => ({
      attendeeId: r.attendee.id,
      shortId: r.attendee.short_id,
      firstName: r.attendee.first_name,
      lastName: r.attendee.last_name,
      holder: `${r.attendee.first_name} ${r.attendee.last_name}`.trim(),
      ticketName: ticketNameOf(r.item),
      state: stateOf(r),
      code: r.attendee.qr_secret,
      answers: answersOf(r, questions),
    })),
    changedAt,
  };
}
