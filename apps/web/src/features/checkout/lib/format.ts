import { i18n } from '@lingui/core';
import { formatMoney } from '@taquilla/shared/money';

/**
 * Display helpers for public pages: dates in the event's time zone, money, places. No dates package.
 * `locale` defaults to the active Lingui locale of the browser app; the server-rendered event page passes
 * its request's locale (see page-format.ts).
 */

export const money = (cents: number, currency: string, locale = i18n.locale) =>
  formatMoney(cents, currency, locale);

function formatter(locale: string, timeZone: string, opts: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(locale, { timeZone, ...opts });
}

const dayKey = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

/** "sábado, 12 de diciembre de 2026, 20:00 – 23:30" in the event's zone; multi-day ranges show both dates. */
export function formatEventDates(
  start: string,
  end: string | null,
  timeZone: string,
  locale = i18n.locale,
): string {
  const full = formatter(locale, timeZone, { dateStyle: 'full', timeStyle: 'short' });
  if (!end) return full.format(new Date(start));
  if (dayKey(start, timeZone) === dayKey(end, timeZone)) {
    const time = formatter(locale, timeZone, { timeStyle: 'short' });
    return `${full.format(new Date(start))} – ${time.format(new Date(end))}`;
  }
  const medium = formatter(locale, timeZone, { dateStyle: 'medium', timeStyle: 'short' });
  return `${medium.format(new Date(start))} – ${medium.format(new Date(end))}`;
}

export function formatDateTime(iso: string, timeZone: string, locale = i18n.locale): string {
  return formatter(locale, timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** "GMT+1" style label of the zone at that moment, so buyers abroad know which clock is meant. */
export function zoneLabel(iso: string, timeZone: string, locale = i18n.locale): string {
  const part = formatter(locale, timeZone, { timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** A calendar tile: { month: 'dic', day: '12' }. */
export function dateTile(iso: string, timeZone: string, locale = i18n.locale) {
  const d = new Date(iso);
  return {
    month: formatter(locale, timeZone, { month: 'short' }).format(d).replace('.', ''),
    day: formatter(locale, timeZone, { day: 'numeric' }).format(d),
  };
}

export type Location = Record<string, string | undefined>;

export function locationLines(location: Location): string[] {
  const street = [location.address_line_1, location.address_line_2].filter(Boolean).join(', ');
  const city = [location.postal_code, location.city].filter(Boolean).join(' ');
  const region = [city, location.region, location.country].filter(Boolean).join(', ');
  return [location.venue_name, street, region].filter((l): l is string => Boolean(l));
}

/** OpenStreetMap search for the venue's address (no API key, no tracking script). */
export function mapUrl(location: Location): string | null {
  const query = locationLines(location).join(', ');
  if (!query) return null;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

/** mm:ss (or h:mm:ss) for a countdown. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
