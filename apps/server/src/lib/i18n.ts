import { DEFAULT_LOCALE, type Locale, SUPPORTED_LOCALES } from '@taquilla/shared';
import { formatMoney } from '@taquilla/shared/money';

/**
 * Server-side message catalogs (API errors, e-mails). Each module defines its messages next to its code
 * with `defineMessages`; TypeScript makes every key exist in both languages.
 */
type Catalog = Record<string, string>;
const catalogs: Record<Locale, Catalog> = { es: {}, en: {} };

export function defineMessages<K extends string>(
  messages: Record<Locale, Record<K, string>>,
): { [P in K]: P } {
  for (const locale of SUPPORTED_LOCALES) {
    for (const [key, text] of Object.entries<string>(messages[locale])) {
      if (catalogs[locale][key] !== undefined && catalogs[locale][key] !== text) {
        throw new Error(`Message key defined twice: ${key}`);
      }
      catalogs[locale][key] = text;
    }
  }
  return Object.fromEntries(Object.keys(messages.es).map((k) => [k, k])) as { [P in K]: P };
}

export function hasMessage(key: string): boolean {
  return catalogs.es[key] !== undefined;
}

/** An amount in a message, written as the message's language writes money when it is translated. */
export interface MoneyParam {
  minor: number;
  currency: string;
}
export const moneyParam = (minor: number, currency: string): MoneyParam => ({ minor, currency });

export type MessageParams = Record<string, string | number | MoneyParam>;

export function t(locale: Locale, key: string, params: MessageParams = {}): string {
  const text = catalogs[locale][key] ?? catalogs[DEFAULT_LOCALE][key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? formatMoney(value.minor, value.currency, locale) : String(value);
  });
}

export function catalogKeys(locale: Locale): string[] {
  return Object.keys(catalogs[locale]);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The request's locale: the `locale` cookie, then Accept-Language, then es. */
export function negotiateLocale(
  cookieLocale: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  if (isLocale(cookieLocale)) return cookieLocale;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part) => {
        const [tag = '', ...rest] = part.trim().split(';');
        const q = rest.find((p) => p.trim().startsWith('q='));
        return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
      })
      .sort((a, b) => b.q - a.q);
    for (const { lang } of ranked) if (isLocale(lang)) return lang;
  }
  return DEFAULT_LOCALE;
}
