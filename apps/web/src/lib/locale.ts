import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_INFO,
  type Locale,
  SUPPORTED_LOCALES,
} from '@taquilla/shared/enums';

export { isLocale };

/** Every language for a select or a switch, each named in itself («Español», «English»…). */
export const localeOptions = (): { value: Locale; label: string }[] =>
  SUPPORTED_LOCALES.map((value) => ({ value, label: LOCALE_INFO[value].label }));

/** The interface language: the `locale` cookie, then the browser language, then the user's setting; default es. */

export function readLocaleCookie(): string | undefined {
  const match = document.cookie.match(/(?:^|;\s*)locale=([^;]+)/);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

export function resolveLocale(userLocale?: string | null): Locale {
  const cookie = readLocaleCookie();
  if (isLocale(cookie)) return cookie;
  for (const lang of navigator.languages ?? [navigator.language]) {
    const short = lang?.slice(0, 2).toLowerCase();
    if (isLocale(short)) return short;
  }
  if (isLocale(userLocale)) return userLocale;
  return DEFAULT_LOCALE;
}

export function writeLocaleCookie(locale: Locale): void {
  document.cookie = `locale=${locale}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}
