import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, isLocale, type Locale, SUPPORTED_LOCALES } from '@taquilla/shared';
import { formatDateTime } from '@taquilla/shared/dates';
import { formatMoney } from '@taquilla/shared/money';
import { type CompiledMessage, compile, format } from './icu.ts';
import { parsePo } from './po.ts';

/**
 * Server-side messages (API errors, e-mails, exports) in the web's Lingui format: ICU messages
 * (`{count, plural, one {# entrada} other {# entradas}}`) compiled with Lingui's compiler and written by `lib/icu.ts`. A module defines its
 * messages next to its code with `defineMessages({ key: 'Spanish source' })`; `npm run i18n:extract -w
 * apps/web` writes them into `src/locales/{locale}.po`, where the other languages are translated, and
 * `npm run i18n:check -w apps/web` fails while one lacks a translation (docs/ARCHITECTURE.md).
 */
const sources: Record<string, string> = {};

const here = path.dirname(fileURLToPath(import.meta.url));
/** src/lib → src/locales; the build copies them beside the bundle (dist/locales). */
const catalogDir = [path.join(here, 'locales'), path.join(here, '../locales')].find((d) => existsSync(d));

function readCatalog(locale: Locale): Record<string, string> {
  const file = catalogDir && path.join(catalogDir, `${locale}.po`);
  if (!file || !existsSync(file) || locale === DEFAULT_LOCALE) return {};
  return parsePo(readFileSync(file, 'utf8'));
}

const translations = Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, readCatalog(l)])) as Record<
  Locale,
  Record<string, string>
>;
/** Every message compiled once per language, so a request only fills in its parameters. */
const compiled = Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, {}])) as Record<
  Locale,
  Record<string, CompiledMessage>
>;

export function defineMessages<K extends string>(messages: Record<K, string>): { [P in K]: P } {
  const keys = Object.keys(messages) as K[];
  for (const key of keys) {
    if (sources[key] !== undefined && sources[key] !== messages[key]) {
      throw new Error(`Message key defined twice: ${key}`);
    }
    sources[key] = messages[key];
  }
  // Compiled once here: a translation missing from a catalog falls back to the Spanish source.
  for (const locale of SUPPORTED_LOCALES) {
    for (const k of keys) compiled[locale][k] = compile(translations[locale][k] || messages[k]);
  }
  return Object.fromEntries(keys.map((k) => [k, k])) as { [P in K]: P };
}

export function hasMessage(key: string): boolean {
  return sources[key] !== undefined;
}

/** An amount in a message, written as the message's language writes money when it is translated. */
export interface MoneyParam {
  minor: number;
  currency: string;
}
export const moneyParam = (minor: number, currency: string): MoneyParam => ({ minor, currency });

/** An instant in a message, written as the message's language writes dates, in the given time zone. */
export interface DateParam {
  at: Date;
  timeZone: string;
}
export const dateParam = (at: Date, timeZone: string): DateParam => ({ at, timeZone });

export type MessageParams = Record<string, string | number | MoneyParam | DateParam>;

/** The message `key` in `locale` (Spanish when it has no translation yet), its ICU parameters filled. */
export function t(locale: Locale, key: string, params: MessageParams = {}): string {
  if (sources[key] === undefined) return key;
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value !== 'object'
        ? value
        : 'at' in value
          ? formatDateTime(value.at, value.timeZone, locale)
          : formatMoney(value.minor, value.currency, locale),
    ]),
  );
  return format(locale, compiled[locale][key] ?? key, values);
}

/** Every message key the loaded modules define, and its Spanish source. */
export function sourceMessages(): Readonly<Record<string, string>> {
  return sources;
}

/** The translations of `locale` read from its catalog (src/locales/{locale}.po). */
export function catalogMessages(locale: Locale): Readonly<Record<string, string>> {
  return translations[locale];
}

export { isLocale };

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
