import { currencyDigits } from '@taquilla/shared';
import { i18n } from './i18n.ts';

/** Figures in the active locale: money from integer minor units, plain numbers, dates in a time zone. */
export const formatMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat(i18n.locale, { style: 'currency', currency }).format(
    cents / 10 ** currencyDigits(currency),
  );

export const formatNumber = (n: number) => new Intl.NumberFormat(i18n.locale).format(n);

export const formatDateTime = (iso: string, tz: string) =>
  new Intl.DateTimeFormat(i18n.locale, { timeZone: tz, dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** A calendar day ("2026-11-22") as the locale writes it, e.g. "22 nov 2026". */
export const formatDay = (day: string) =>
  new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
