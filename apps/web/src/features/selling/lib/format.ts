import { currencyDigits } from '@taquilla/shared';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Sale dates are edited as wall-clock times of the event's time zone ("YYYY-MM-DD HH:mm:ss"). */
const WALL = 'YYYY-MM-DD HH:mm:ss';
export const toWall = (iso: string | null | undefined, tz: string) =>
  iso ? dayjs(iso).tz(tz).format(WALL) : null;
export const fromWall = (wall: string | null | undefined, tz: string) =>
  wall ? dayjs.tz(wall, WALL, tz).toISOString() : null;

/** Major units (as typed in a field) ↔ integer minor units. */
export const toMinor = (major: number | string | null | undefined, currency: string) => {
  const n = typeof major === 'string' ? Number(major.replace(',', '.')) : major;
  return n === null || n === undefined || Number.isNaN(n)
    ? 0
    : Math.round(n * 10 ** currencyDigits(currency));
};
export const toMajor = (cents: number, currency: string) => cents / 10 ** currencyDigits(currency);

export { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
