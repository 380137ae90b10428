import { LOCALE_INFO, type Locale, type PublicEvent } from '@taquilla/shared';
import { fromMinorUnits } from '@taquilla/shared/money';
import { t } from '../../lib/i18n.ts';
import { publicPagesMessages as m } from './public-pages.messages.ts';

/**
 * The <head> of a public event page: title, description, canonical, Open Graph / Twitter cards and a
 * schema.org Event, so shared links and search engines show the event without running JavaScript.
 */
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const meta = (attr: 'name' | 'property', key: string, value: string | null | undefined) =>
  value ? `<meta ${attr}="${key}" content="${esc(value)}">` : '';

/** Plain text of sanitized HTML, whitespace collapsed, cut at a word near `max`. */
export function plainText(html: string | null, max = 160): string {
  if (!html) return '';
  const text = html
    // Block boundaries become spaces; inline tags (<strong>, <a>…) vanish so "<b>x</b>." stays "x.".
    .replace(/<\/?(p|br|li|ul|ol|h[1-6]|div|blockquote|pre|hr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

const absolute = (appUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${appUrl}${url}`);

/** The share image: the largest WebP variant up to 1200 px wide, else the original. */
function shareImage(event: PublicEvent, appUrl: string) {
  const cover = event.cover;
  if (!cover) return null;
  const variant = [...cover.srcset].reverse().find((v) => v.width <= 1200);
  const width = variant?.width ?? cover.width;
  return {
    url: absolute(appUrl, variant?.url ?? cover.url),
    width,
    height: Math.round((cover.height * width) / cover.width),
  };
}

type Location = PublicEvent['location'];
type Availability = 'SoldOut' | 'PreOrder' | 'InStock';

function offersOf(event: PublicEvent, url: string, soldOut: boolean) {
  return event.tickets.flatMap((t) =>
    t.prices.map((p) => {
      const availability: Availability =
        soldOut || p.sale_state === 'SOLD_OUT' || t.sale_state === 'SOLD_OUT'
          ? 'SoldOut'
          : p.sale_state === 'NOT_STARTED'
            ? 'PreOrder'
            : 'InStock';
      return {
        '@type': 'Offer',
        name: p.label ? `${t.name} – ${p.label}` : t.name,
        price: fromMinorUnits(p.price_cents, event.currency),
        priceCurrency: event.currency,
        availability: `https://schema.org/${availability}`,
        url,
        ...(p.sale_start_date ? { validFrom: p.sale_start_date } : {}),
      };
    }),
  );
}

function place(event: PublicEvent, l: Location) {
  const online = Boolean(l.online_url) && !l.address_line_1 && !l.venue_name;
  return {
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: online
      ? { '@type': 'VirtualLocation', url: l.online_url }
      : {
          '@type': 'Place',
          name: l.venue_name || l.city || event.name,
          address: {
            '@type': 'PostalAddress',
            ...(l.address_line_1
              ? { streetAddress: [l.address_line_1, l.address_line_2].filter(Boolean).join(', ') }
              : {}),
            ...(l.city ? { addressLocality: l.city } : {}),
            ...(l.region ? { addressRegion: l.region } : {}),
            ...(l.postal_code ? { postalCode: l.postal_code } : {}),
            ...(l.country ? { addressCountry: l.country } : {}),
          },
        },
  };
}

/**
 * Upcoming dates described on the event's own page. Every date has its own page (`?date=`, listed in the
 * sitemap) describing it alone, so search engines see each performance; repeating all the listed ones
 * here would triple the page of a time-slot event for nothing.
 */
export const JSON_LD_DATES = 10;

/**
 * The schema.org Event of the page; an event with dates is one Event per date: the next `JSON_LD_DATES`
 * on the event's page, the one date on a date's page, each with its own address (`?date=`) and offers.
 */
function jsonLd(event: PublicEvent, url: string, appUrl: string, description: string, dateId?: string) {
  const image = shareImage(event, appUrl);
  const common = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    ...(description ? { description } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    ...(image ? { image: [image.url] } : {}),
    organizer: {
      '@type': 'Organization',
      name: event.organizer.name,
      ...(event.organizer.website ? { url: event.organizer.website } : {}),
    },
  };
  const node = (start: string, end: string | null, location: Location, at: string, soldOut: boolean) => {
    const offers = offersOf(event, at, soldOut);
    return {
      ...common,
      startDate: start,
      ...(end ? { endDate: end } : {}),
      ...place(event, location),
      ...(offers.length ? { offers } : {}),
      url: at,
    };
  };
  const ofDate = (d: PublicEvent['dates'][number]) =>
    node(d.starts_at, d.ends_at, d.location ?? event.location, dateUrl(url, d.id), d.sold_out);
  const chosen = dateId && event.date?.id === dateId ? event.date : null;
  const data = chosen
    ? ofDate(chosen)
    : event.dates.length
      ? event.dates.slice(0, JSON_LD_DATES).map(ofDate)
      : node(event.start_date, event.end_date, event.location, url, false);
  // "<" escaped so no organizer text can close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The address of one date of the event's page. */
export const dateUrl = (eventUrl: string, dateId: string) => `${eventUrl}?date=${encodeURIComponent(dateId)}`;

/** `dateId`: the page of one of the event's dates, its own canonical address (the sitemap lists it). */
export function eventHead(
  event: PublicEvent,
  opts: { appUrl: string; locale: Locale; dateId?: string },
): string {
  const eventUrl = `${opts.appUrl}/e/${event.id}/${event.slug}`;
  const url = opts.dateId ? dateUrl(eventUrl, opts.dateId) : eventUrl;
  const title = event.settings.seo_title || event.name;
  const description = event.settings.seo_description || plainText(event.description) || event.name;
  const image = shareImage(event, opts.appUrl);
  const cover = event.cover;
  const lines = [
    `<title>${esc(title)}</title>`,
    meta('name', 'description', description),
    meta('name', 'keywords', event.settings.seo_keywords),
    event.settings.allow_indexing === false ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<link rel="canonical" href="${esc(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Taquilla'),
    meta('property', 'og:locale', LOCALE_INFO[opts.locale].ogLocale),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image?.url),
    meta('property', 'og:image:width', image ? String(image.width) : null),
    meta('property', 'og:image:height', image ? String(image.height) : null),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image?.url),
    // The cover is the page's largest paint: start it with the HTML rather than after the JS.
    cover?.srcset.length
      ? `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${esc(
          cover.srcset.map((v) => `${v.url} ${v.width}w`).join(', '),
        )}" imagesizes="(min-width: 1000px) 960px, 100vw">`
      : '',
    `<script type="application/ld+json">${jsonLd(event, eventUrl, opts.appUrl, description, opts.dateId)}</script>`,
  ];
  return lines.filter(Boolean).join('\n');
}

export function unavailableHead(locale: Locale): string {
  const title = t(locale, m['public_pages.event_unavailable']);
  return `<title>${title}</title>\n<meta name="robots" content="noindex, nofollow">`;
}
