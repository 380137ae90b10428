import { i18n } from '@lingui/core';
import { dateFormat, formatDateRange, formatDateTime as formatInZone } from '@taquilla/shared/dates';
import { formatMajorUnits, formatMoney, formatPercent } from '@taquilla/shared/money';

/**
 * The shared money and date formatting (packages/shared) for public pages, plus their own bits (zone
 * label, date tile, places). `locale` defaults to the active Lingui locale of the browser app; the
 * server-rendered pages pass their request's locale (see page-format.ts).
 */

export const money = (cents: number, currency: string, locale = i18n.locale) =>
  formatMoney(cents, currency, locale);

/** An amount as a buyer types it, without symbol: "12,50", "1500" (JPY). */
export const amount = (cents: number, currency: string, locale = i18n.locale) =>
  formatMajorUnits(cents, currency, locale);

export const percent = (hundredths: number, locale = i18n.locale) => formatPercent(hundredths, locale);

/** "sábado, 12 de diciembre de 2026, 20:00 – 23:30" in the event's zone; multi-day ranges show both dates. */
export const formatEventDates = (start: string, end: string | null, timeZone: string, locale = i18n.locale) =>
  formatDateRange(start, end, timeZone, locale, 'full');

export const formatDateTime = (iso: string, timeZone: string, locale = i18n.locale) =>
  formatInZone(iso, timeZone, locale);

/** "GMT+1" style label of the zone at that moment, so buyers abroad know which clock is meant. */
export function zoneLabel(iso: string, timeZone: string, locale = i18n.locale): string {
  const part = dateFormat(locale, timeZone, { timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** A calendar tile: { month: 'dic', day: '12' }. */
export function dateTile(iso: string, timeZone: string, locale = i18n.locale) {
  const d = new Date(iso);
  return {
    month: dateFormat(locale, timeZone, { month: 'short' }).format(d).replace('.', ''),
    day: dateFormat(locale, timeZone, { day: 'numeric' }).format(d),
  };
}

export type Location = Record<string, string | undefined>;

export function locationLines(location: Location): string[] {
  const street = [location.address_line_1, location.address_line_2].filter(Boolean).join(', ');
  const city = [location.postal_code, location.city].filter(Boolean).join(' ');
  const region = [city, location.region, location.country].filter(Boolean).join(', ');
  return [location.venue_name, street, region].filter((l): l is string => Boolean(l));
}

/**
 * OpenStreetMap at the venue: a marker on its coordinates when the organizer gave them, else a search for
 * its address (no API key, no tracking script).
 */
export function mapUrl(location: Location): string | null {
  const lat = location.latitude;
  const lon = location.longitude;
  if (lat && lon && Number.isFinite(Number(lat)) && Number.isFinite(Number(lon))) {
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
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
