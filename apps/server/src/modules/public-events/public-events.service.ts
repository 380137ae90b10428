import type {
  EventStatus,
  PaymentProvider,
  PublicEvent,
  PublicImage,
  PublicQuestion,
  PublicTicket,
} from '@taquilla/shared';
import { wallTimeToInstant } from '@taquilla/shared/dates';
import { saleWindowState } from '@taquilla/shared/event-date-limits';
import { promoUnlocks, withDatePrices } from '@taquilla/shared/pricing';
import { MAX_DATES_RANGE_DAYS } from '@taquilla/shared/schemas/event-dates';
import type { EventImage } from '@taquilla/shared/schemas/events';
import type { PublicEventSummary } from '@taquilla/shared/schemas/public-events';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { isUuid } from '../../lib/ids.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { type PublicDateTerms, publicDates, publicDateTerms } from '../event-dates/public-dates.ts';
import { coversFor } from '../images/images.service.ts';
import { invoicingActive } from '../invoices/invoices.service.ts';
import { findValidPromoCode } from '../promo-codes/promo-codes.service.ts';
import { loadEventQuestions } from '../questions/questions.service.ts';
import { loadSellableTickets, type SellableTicket } from '../tickets/tickets.service.ts';
import { publicEventMessages as m } from './public-events.messages.ts';
import * as repo from './public-events.repository.ts';

/** Only LIVE events are public: drafts, archived and deleted events answer like unknown ids. */
const PUBLIC_STATUS = 'LIVE' satisfies EventStatus;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

function publicImage(image: EventImage | undefined): PublicImage | null {
  if (!image?.url) return null;
  return { url: image.url, width: image.width, height: image.height, srcset: image.srcset };
}

/** A ticket on a date the organizer marked sold out: nothing of it sells there, whatever its stock. */
function soldOut(t: SellableTicket): SellableTicket {
  return {
    ...t,
    sale_state: 'SOLD_OUT',
    remaining: 0,
    remaining_visible: 0,
    prices: t.prices.map((p) => ({ ...p, sale_state: 'SOLD_OUT', remaining: 0 })),
  };
}

const later = (a: Date | null, b: Date) => (a && a > b ? a : b);
const sooner = (a: Date | null, b: Date) => (a && a < b ? a : b);

/**
 * A ticket as sold on a date (#27; its prices are the date's, `withDatePrices`): outside the date's own
 * sale window it shows as not on sale yet (from the later start) or ended (at the sooner end), the way a
 * ticket's own window shows.
 */
function onDate(t: SellableTicket, date: PublicDateTerms): SellableTicket {
  const { sale_starts_at: starts, sale_ends_at: ends } = date;
  const window = saleWindowState(starts, ends);
  if (window === 'NOT_STARTED' && starts && t.sale_state !== 'ENDED') {
    return {
      ...t,
      sale_state: 'NOT_STARTED',
      sale_start_date: later(t.sale_start_date, starts),
      prices: t.prices.map((p) => ({
        ...p,
        sale_state: p.sale_state === 'ENDED' ? 'ENDED' : 'NOT_STARTED',
        sale_start_date: later(p.sale_start_date, starts),
      })),
    };
  }
  if (window === 'ENDED' && ends) {
    return {
      ...t,
      sale_state: 'ENDED',
      sale_end_date: sooner(t.sale_end_date, ends),
      prices: t.prices.map((p) => ({
        ...p,
        sale_state: 'ENDED',
        sale_end_date: sooner(p.sale_end_date, ends),
      })),
    };
  }
  return t;
}

type Promo = NonNullable<Awaited<ReturnType<typeof findValidPromoCode>>>;

/**
 * What a buyer may see of a ticket, or null when it must stay hidden: hidden tickets never show;
 * "hidden unless promo code" ones show only when the request's valid code names them; the hide-before,
 * hide-after and hide-when-sold-out options apply; hidden tiers are left out.
 */
function visibleTicket(t: SellableTicket, promo: Promo | null): PublicTicket | null {
  if (t.is_hidden) return null;
  const unlocked = t.hidden_unless_promo_code && !!promo && promoUnlocks(promo, t.id);
  if (t.hidden_unless_promo_code && !unlocked) return null;
  if (t.hide_before_sale_start && t.sale_state === 'NOT_STARTED') return null;
  if (t.hide_after_sale_end && t.sale_state === 'ENDED') return null;
  if (t.hide_when_sold_out && t.sale_state === 'SOLD_OUT') return null;
  const prices = t.prices.filter((p) => !p.is_hidden);
  if (prices.length === 0) return null;
  // Unless the organizer shows stock, reveal no more than one order could take: enough for the steppers.
  const shown = (n: number | null) =>
    t.show_quantity_remaining ? n : n === null ? null : Math.min(n, t.max_per_order);
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    price_type: t.price_type,
    min_per_order: t.min_per_order,
    max_per_order: t.max_per_order,
    sale_state: t.sale_state,
    sale_start_date: iso(t.sale_start_date),
    sale_end_date: iso(t.sale_end_date),
    show_quantity_remaining: t.show_quantity_remaining,
    waitlist_enabled: t.waitlist_enabled,
    quantity_remaining: shown(t.remaining_visible),
    prices: prices.map((p) => ({
      id: p.id,
      label: p.label,
      price_cents: p.price_cents,
      sale_state: p.sale_state,
      sale_start_date: iso(p.sale_start_date),
      sale_end_date: iso(p.sale_end_date),
      quantity_remaining: shown(p.remaining),
    })),
    taxes_and_fees: t.taxes_and_fees,
    unlocked_by_promo_code: unlocked,
  };
}

/** A `?date=` that is not an upcoming date of the event: the event is there, that date is not. */
export class UnknownDateError extends AppError {
  constructor() {
    super(404, 'NOT_FOUND', m['public_events.date_not_found']);
  }
}

/**
 * The public read model of one event. A constant number of queries whatever the number of tickets or
 * dates: event + organizer, cover, tickets, tiers, taxes, held units (2), questions, invoicing, the next
 * dates (2), and with a promo code its row and uses. With `dateId`, the tickets' stock is that date's.
 * Draft, archived, deleted and unknown events are 404, and so is a date buyers cannot choose.
 */
export async function getPublicEvent(
  q: Queryable,
  eventId: string,
  promoCode?: string,
  dateId?: string,
): Promise<PublicEvent> {
  if (!isUuid(eventId)) throw notFound();
  const row = await repo.findEventInStatus(q, eventId, PUBLIC_STATUS);
  if (!row) throw notFound();
  const date = dateId !== undefined && isUuid(dateId) ? await publicDateTerms(q, eventId, dateId) : null;
  if (dateId !== undefined && date === null) throw new UnknownDateError();
  const [covers, tickets, questions, promo, invoicing, upcoming] = await Promise.all([
    coversFor(q, [eventId]),
    loadSellableTickets(q, eventId, dateId),
    loadEventQuestions(q, eventId),
    promoCode ? findValidPromoCode(q, eventId, promoCode, dateId) : Promise.resolve(null),
    invoicingActive(q, row.event.account_id, eventId),
    publicDates(q, eventId),
  ]);
  const { event, organizer } = row;
  const s = event.settings as Record<string, unknown>;
  // The date asked for as the list presents it, also past the first dates listed (a link to the 2,500th).
  const askedDate =
    date && dateId
      ? (upcoming.dates.find((d) => d.id === dateId) ??
        (await publicDates(q, eventId, { from: new Date(date.starts_at.getTime() - 1), limit: 1 }))
          .dates[0] ??
        null)
      : null;
  const onThisDate = date ? withDatePrices(tickets, date.prices).map((t) => onDate(t, date)) : tickets;
  const visible = (date?.status === 'SOLD_OUT' ? onThisDate.map(soldOut) : onThisDate)
    .map((t) => visibleTicket(t, promo))
    .filter((t): t is PublicTicket => t !== null);
  const visibleIds = new Set(visible.map((t) => t.id));
  const publicQuestions: PublicQuestion[] = questions
    .filter((x) => !x.is_hidden)
    .filter(
      (x) =>
        x.belongs_to === 'ORDER' ||
        x.ticket_ids.length === 0 ||
        x.ticket_ids.some((id) => visibleIds.has(id)),
    )
    .map((x) => ({
      id: x.id,
      title: x.title,
      description: x.description,
      type: x.type,
      belongs_to: x.belongs_to,
      ticket_ids: x.ticket_ids,
      options: x.options,
      required: x.required,
    }));
  // Only the colours the organizer chose (null = the product's default).
  const chosen = Object.entries((s.colors ?? {}) as Record<string, unknown>).filter(
    ([, value]) => typeof value === 'string' && value,
  );
  const colors = chosen.length
    ? (Object.fromEntries(chosen) as PublicEvent['settings']['colors'])
    : undefined;
  return {
    id: event.id,
    slug: event.slug,
    name: event.name,
    description: event.description ? sanitizeRichText(event.description) : null,
    status: 'LIVE',
    start_date: event.start_date.toISOString(),
    end_date: iso(event.end_date),
    timezone: event.timezone,
    currency: event.currency,
    location: event.location as Record<string, string | undefined>,
    organizer: {
      id: organizer.id,
      name: organizer.name,
      website: organizer.website,
      email: organizer.email,
    },
    cover: publicImage(covers.get(eventId)),
    order_timeout_minutes: event.order_timeout_minutes,
    settings: {
      attendee_details_mode: s.attendee_details_mode === 'PER_ORDER' ? 'PER_ORDER' : 'PER_TICKET',
      payment_providers: Array.isArray(s.payment_providers) ? (s.payment_providers as PaymentProvider[]) : [],
      offline_payment_instructions: str(s.offline_payment_instructions),
      post_checkout_message: str(s.post_checkout_message),
      allow_indexing: s.allow_indexing !== false,
      seo_title: str(s.seo_title),
      seo_description: str(s.seo_description),
      seo_keywords: str(s.seo_keywords),
      support_email: str(s.support_email),
      invoicing,
      ...(colors ? { colors } : {}),
    },
    dates: upcoming.dates,
    dates_total: upcoming.total,
    date_id: dateId ?? null,
    date: askedDate,
    tickets: visible,
    questions: publicQuestions,
    promo_code: promo
      ? {
          code: promo.code,
          discount_type: promo.discount_type,
          discount: promo.discount,
          ticket_ids: promo.ticket_ids,
        }
      : null,
    promo_code_other_dates:
      !promo && !!promoCode && !!dateId && (await findValidPromoCode(q, eventId, promoCode)) !== null,
  };
}

/** Whether `code` can be used now on this live event (expired, used up, unknown or wrong event: false). */
export async function isPromoCodeValid(
  q: Queryable,
  eventId: string,
  code: string,
  dateId?: string,
): Promise<boolean> {
  if (!isUuid(eventId)) return false;
  if (!(await repo.findEventInStatus(q, eventId, PUBLIC_STATUS))) return false;
  return (await findValidPromoCode(q, eventId, code, dateId)) !== null;
}

export async function listPublicEvents(q: Queryable, raw: Record<string, unknown>) {
  const params = parseListQuery(raw, repo.publicEventListSpec);
  const { rows, total } = await repo.listEventsInStatus(q, PUBLIC_STATUS, params);
  return { data: await summaries(q, rows), meta: listMeta(total, params) };
}

/** Most events an organizer's public page lists. */
const ORGANIZER_PAGE_EVENTS = 200;

/**
 * The organizer's public page: its name and site, and its live events (upcoming and past), soonest
 * first. Null for an unknown or deleted organizer and for one with no live event (nothing of it is
 * public yet).
 */
export async function publicOrganizerPage(q: Queryable, organizerId: string) {
  if (!isUuid(organizerId)) return null;
  const rows = await repo.organizerEventsInStatus(q, organizerId, PUBLIC_STATUS, ORGANIZER_PAGE_EVENTS);
  const first = rows[0];
  if (!first) return null;
  return {
    organizer: { id: first.organizer.id, name: first.organizer.name, website: str(first.organizer.website) },
    events: await summaries(q, rows),
  };
}

async function summaries(
  q: Queryable,
  rows: Awaited<ReturnType<typeof repo.listEventsInStatus>>['rows'],
): Promise<PublicEventSummary[]> {
  const covers = await coversFor(
    q,
    rows.map((r) => r.event.id),
  );
  return rows.map(({ event, organizer }) => ({
    id: event.id,
    slug: event.slug,
    name: event.name,
    start_date: event.start_date.toISOString(),
    end_date: iso(event.end_date),
    timezone: event.timezone,
    currency: event.currency,
    location: event.location as Record<string, string | undefined>,
    organizer: { id: organizer.id, name: organizer.name },
    cover: publicImage(covers.get(event.id)),
  }));
}

/** The sitemap's events: live, listed, at most the 50,000 one sitemap file may hold. */
export function indexableEvents(q: Queryable) {
  return repo.listIndexableEvents(q, PUBLIC_STATUS, 50_000);
}

/** The public event as buyers see it (the public-events read model), or null when it is not public. */
export async function loadPublicEvent(
  db: Queryable,
  id: string,
  promoCode?: string,
): Promise<PublicEvent | null> {
  try {
    return await getPublicEvent(db, id, promoCode);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

/**
 * The public event on one of its dates; a date buyers cannot choose gives the event without a date and
 * `dateRefused` (its page says so), an event that is not public gives null.
 */
export async function loadPublicEventOnDate(
  db: Queryable,
  id: string,
  promoCode: string | undefined,
  dateId: string,
): Promise<{ event: PublicEvent; dateRefused: boolean } | null> {
  try {
    return { event: await getPublicEvent(db, id, promoCode, dateId), dateRefused: false };
  } catch (err) {
    if (!(err instanceof UnknownDateError)) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  }
  const event = await loadPublicEvent(db, id, promoCode);
  return event ? { event, dateRefused: true } : null;
}

/** GET /public/events/{id}/dates?from&to: the upcoming dates starting on those days of the event's zone. */
export async function publicDatesInRange(q: Queryable, eventId: string, from: string, to: string) {
  if (!isUuid(eventId)) throw notFound();
  const row = await repo.findEventInStatus(q, eventId, PUBLIC_STATUS);
  if (!row) throw notFound();
  const zone = row.event.timezone;
  const dayAfter = new Date(Date.parse(to) + 86_400_000).toISOString().slice(0, 10);
  const { dates } = await publicDates(q, eventId, {
    from: new Date(wallTimeToInstant(`${from} 00:00:00`, zone)),
    to: new Date(wallTimeToInstant(`${dayAfter} 00:00:00`, zone)),
    limit: MAX_DATES_RANGE_DAYS * 24 * 12,
  });
  return dates;
}
