import type { PublicTicketView } from '@taquilla/shared/schemas/checkout';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { renderIcs } from '../../lib/ics.ts';
import { qrSvg } from '../../lib/qr.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { ticketDocumentLinks } from '../ticket-documents/ticket-documents.service.ts';
import { findPublicAttendee } from './attendees.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** A ticket is public once its order holds it (completed, or awaiting an offline payment). */
async function loadTicket(deps: Deps, eventId: string, shortId: string) {
  const row = await findPublicAttendee(deps.db, eventId, shortId);
  const shown = row && SOLD_ORDERS.includes(row.order.status);
  if (!row || !shown || row.attendee.status === 'CANCELLED') throw notFound();
  const dateId = row.attendee.event_date_id;
  return { ...row, eventDate: refOf(await loadDateRefs(deps.db, [dateId]), dateId) };
}

export async function publicTicket(deps: Deps, eventId: string, shortId: string): Promise<PublicTicketView> {
  const { attendee, order, item, event, organizer_name, eventDate } = await loadTicket(
    deps,
    eventId,
    shortId,
  );
  return {
    short_id: attendee.short_id,
    first_name: attendee.first_name,
    last_name: attendee.last_name,
    email: attendee.email,
    ticket_id: attendee.ticket_id,
    ticket_name: item.ticket_name,
    price_label: item.price_label,
    status: attendee.status,
    event_date: eventDate,
    // An unpaid ticket (bank transfer) has no code to scan until the organizer marks the order paid.
    ...(attendee.status === 'ACTIVE'
      ? { qr_svg: await qrSvg(attendee.qr_secret), qr_code: attendee.qr_secret }
      : {}),
    order_short_id: order.short_id,
    order_status: order.status,
    documents: ticketDocumentLinks(deps.config, event.id, attendee.short_id, attendee.status === 'ACTIVE'),
    event: {
      id: event.id,
      name: event.name,
      slug: event.slug,
      start_date: event.start_date.toISOString(),
      end_date: event.end_date?.toISOString() ?? null,
      timezone: event.timezone,
      location: event.location as Record<string, string | undefined>,
      organizer_name,
    },
  };
}

const TWO_HOURS = 2 * 3600 * 1000;

export async function ticketCalendar(deps: Deps, eventId: string, shortId: string) {
  const { attendee, item, event, eventDate } = await loadTicket(deps, eventId, shortId);
  // A ticket for one date of the event: that date's times, and its venue when it has its own.
  const l = eventDate?.location ?? event.location;
  const start = eventDate ? new Date(eventDate.starts_at) : event.start_date;
  const end = eventDate ? (eventDate.ends_at ? new Date(eventDate.ends_at) : null) : event.end_date;
  const url = `${deps.config.appUrl}/ticket/${event.id}/${attendee.short_id}`;
  return {
    filename: `${event.slug || 'evento'}.ics`,
    body: renderIcs({
      uid: `${attendee.short_id}@taquilla`,
      title: event.name,
      start,
      end: end ?? new Date(start.getTime() + TWO_HOURS),
      location:
        [l.venue_name, l.address_line_1, l.city, l.postal_code, l.country].filter(Boolean).join(', ') ||
        l.online_url,
      description: `${item.ticket_name} — ${attendee.first_name} ${attendee.last_name}\n${url}`,
      url,
    }),
  };
}
