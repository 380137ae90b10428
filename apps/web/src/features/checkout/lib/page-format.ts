import { useLingui } from '@lingui/react';
import { dateFormat, formatTime } from '@taquilla/shared/dates';
import { createContext, useContext, useMemo } from 'react';
import { amount, dateTile, formatDateTime, formatEventDates, money, percent, zoneLabel } from './format.ts';

/**
 * The public event page's dates and prices in one locale. Every text it produces is remembered, and
 * the server hands what it rendered to the browser: the page hydrates with the very same strings even
 * when the browser's Intl data writes a date or a currency slightly differently from Node's.
 */
export class PageFormat {
  private readonly seen: Record<string, string>;

  constructor(
    readonly locale: string,
    fromServer: Record<string, string> = {},
  ) {
    this.seen = { ...fromServer };
  }

  /** What was formatted so far, to inline next to the server-rendered markup. */
  snapshot(): Record<string, string> {
    return { ...this.seen };
  }

  private remember(key: string, compute: () => string): string {
    this.seen[key] ??= compute();
    return this.seen[key];
  }

  money(cents: number, currency: string): string {
    return this.remember(`money|${cents}|${currency}`, () => money(cents, currency, this.locale));
  }

  /** An amount as a buyer types it (a donation's placeholder): "12,50", "1500" (JPY). */
  amount(cents: number, currency: string): string {
    return this.remember(`amount|${cents}|${currency}`, () => amount(cents, currency, this.locale));
  }

  eventDates(start: string, end: string | null, timeZone: string): string {
    return this.remember(`dates|${start}|${end}|${timeZone}`, () =>
      formatEventDates(start, end, timeZone, this.locale),
    );
  }

  dateTime(iso: string, timeZone: string): string {
    return this.remember(`datetime|${iso}|${timeZone}`, () => formatDateTime(iso, timeZone, this.locale));
  }

  zoneLabel(iso: string, timeZone: string): string {
    return this.remember(`zone|${iso}|${timeZone}`, () => zoneLabel(iso, timeZone, this.locale));
  }

  dateTile(iso: string, timeZone: string): { month: string; day: string } {
    const tile = () => dateTile(iso, timeZone, this.locale);
    return {
      month: this.remember(`tile-month|${iso}|${timeZone}`, () => tile().month),
      day: this.remember(`tile-day|${iso}|${timeZone}`, () => tile().day),
    };
  }

  /** A clock time in the zone: "20:30". */
  time(iso: string, timeZone: string): string {
    return this.remember(`time|${iso}|${timeZone}`, () => formatTime(iso, timeZone, this.locale));
  }

  /** The first letter upper case, for a heading ("diciembre de 2026" → "Diciembre de 2026"). */
  private sentence(text: string): string {
    return text.charAt(0).toLocaleUpperCase(this.locale) + text.slice(1);
  }

  /** A calendar day ("2026-12-12") in words, as a heading: "Sábado, 12 de diciembre de 2026". */
  day(day: string): string {
    return this.remember(`day|${day}`, () =>
      this.sentence(
        dateFormat(this.locale, 'UTC', {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }).format(new Date(`${day}T12:00:00Z`)),
      ),
    );
  }

  /** The day of an instant in the zone, short, as a label: "Sáb, 12 dic". */
  dayShort(iso: string, timeZone: string): string {
    return this.remember(`dayshort|${iso}|${timeZone}`, () =>
      this.sentence(
        dateFormat(this.locale, timeZone, { weekday: 'short', day: 'numeric', month: 'short' }).format(
          new Date(iso),
        ),
      ),
    );
  }

  /** A month ("2026-12") with its year, as a heading: "Diciembre de 2026". */
  month(month: string): string {
    return this.remember(`month|${month}`, () =>
      this.sentence(
        dateFormat(this.locale, 'UTC', { month: 'long', year: 'numeric' }).format(
          new Date(`${month}-15T12:00:00Z`),
        ),
      ),
    );
  }

  /** The week's days from Monday, short and long: [["lun", "lunes"], …]. */
  weekdays(): [string, string][] {
    // 2026-11-30 is a Monday.
    return [30, 31, 32, 33, 34, 35, 36].map((n) => {
      const at = new Date(Date.UTC(2026, 10, n, 12));
      const name = (weekday: 'short' | 'long') =>
        this.remember(`weekday|${n}|${weekday}`, () =>
          dateFormat(this.locale, 'UTC', { weekday }).format(at),
        );
      return [name('short'), name('long')];
    });
  }

  /** "21 %" style percentage of a tax or fee stored in hundredths of a percent. */
  percent(hundredths: number): string {
    return this.remember(`percent|${hundredths}`, () => percent(hundredths, this.locale));
  }
}

export const PageFormatContext = createContext<PageFormat | null>(null);

export function usePageFormat(): PageFormat {
  const format = useContext(PageFormatContext);
  if (!format) throw new Error('usePageFormat outside a PageFormatContext');
  return format;
}

/**
 * The page's formatter where the page provides one (the server-rendered event page and checkout: the
 * browser hydrates with the server's strings), else one for the active language (the checkout steps
 * inside the web app, e.g. the widget's frame). After a language switch, one for the new language.
 */
export function useFormat(): PageFormat {
  const provided = useContext(PageFormatContext);
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(
    () => (provided && provided.locale === locale ? provided : new PageFormat(locale)),
    [provided, locale],
  );
}
