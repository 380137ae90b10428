import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@taquilla/shared';
import { formatDateRange } from '@taquilla/shared/dates';
import sharp from 'sharp';
import type { EventLocation } from '../../db/schema/index.ts';
import { uploadsDir } from '../images/images.storage.ts';
import type { TicketDocumentRow } from './ticket-documents.repository.ts';

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
}

/** What the PDF and the wallet passes of some tickets of one order show, read now from the database. */
export interface TicketView {
  event: {
    id: string;
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

export async function ticketView(
  rows: TicketDocumentRow[],
  locale: Locale,
  dataDir: string,
): Promise<TicketView | null> {
  const [first] = rows;
  if (!first) return null;
  const { event, organizer, order } = first;
  const changedAt = new Date(
    Math.max(event.updated_at.getTime(), ...rows.map((r) => r.attendee.updated_at.getTime())),
  );
  return {
    event: {
      id: event.id,
      name: event.name,
      start: event.start_date,
      end: event.end_date,
      timezone: event.timezone,
      location: event.location,
    },
    when: `${formatDateRange(event.start_date, event.end_date, event.timezone, locale, 'full')} (${event.timezone})`,
    where: placeOf(event.location),
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
    })),
    changedAt,
  };
}
