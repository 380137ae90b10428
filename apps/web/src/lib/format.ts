import * as dates from '@taquilla/shared/dates';
import * as money from '@taquilla/shared/money';
import { i18n } from './i18n.ts';

/**
 * The shared money and date formatting (packages/shared: money.ts, dates.ts) bound to the active locale.
 * Money is integer minor units of its currency; dates are shown in the event's time zone.
 */
export const formatMoney = (minor: number, currency: string) =>
  money.formatMoney(minor, currency, i18n.locale);

export const formatNumber = (n: number) => money.formatNumber(n, i18n.locale);

/** A tax or fee percentage stored in hundredths of a percent (2100 → "21 %"). */
export const formatPercent = (hundredths: number) => money.formatPercent(hundredths, i18n.locale);

export const formatDateTime = (iso: string, tz: string) => dates.formatDateTime(iso, tz, i18n.locale);

/** A calendar day ("2026-11-22") as the locale writes it, e.g. "22 nov 2026". */
export const formatDay = (day: string) => dates.formatDay(day, i18n.locale);

/** A calendar day without its year (a chart's axis). */
export const formatShortDay = (day: string) => dates.formatShortDay(day, i18n.locale);

/** An event's start and end in its zone, a same-day end as its time only. */
export const formatDateRange = (start: string, end: string | null, tz: string) =>
  dates.formatDateRange(start, end, tz, i18n.locale);

/**
 * Date pickers edit wall-clock times of the event's zone ("YYYY-MM-DD HH:mm:ss"), the API takes ISO
 * instants; an empty picker is null.
 */
export const toWallTime = (iso: string | null | undefined, tz: string) =>
  iso ? dates.instantToWallTime(iso, tz) : null;
export const fromWallTime = (wall: string | null | undefined, tz: string) =>
  wall ? dates.wallTimeToInstant(wall, tz) : null;
