import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/es';
import { i18n } from '../../../lib/i18n.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Event times are stored in UTC and edited as wall-clock times of the event's time zone: the pickers
 * work with "YYYY-MM-DD HH:mm:ss" strings, converted here.
 */
const WALL = 'YYYY-MM-DD HH:mm:ss';

export const toWallTime = (iso: string | null | undefined, tz: string) =>
  iso ? dayjs(iso).tz(tz).format(WALL) : null;

export const fromWallTime = (wall: string | null | undefined, tz: string) =>
  wall ? dayjs.tz(wall, WALL, tz).toISOString() : null;

export function formatDateRange(start: string, end: string | null, tz: string): string {
  const fmt = (iso: string, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(i18n.locale, { timeZone: tz, ...opts }).format(new Date(iso));
  const first = fmt(start, { dateStyle: 'medium', timeStyle: 'short' });
  if (!end) return first;
  const sameDay = dayjs(start).tz(tz).format('YYYY-MM-DD') === dayjs(end).tz(tz).format('YYYY-MM-DD');
  return `${first} – ${fmt(end, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' })}`;
}

export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(i18n.locale, { style: 'currency', currency }).format(cents / 100);

export const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Europe/Madrid', 'UTC'];
  }
})();

export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'MXN',
  'ARS',
  'COP',
  'CLP',
  'PEN',
  'BRL',
  'UYU',
  'CHF',
  'CAD',
];
