import { DEFAULT_LOCALE, type Locale, SUPPORTED_LOCALES } from '@taquilla/shared/enums';

/** The interface language: the `locale` cookie, then the browser language, then the user's setting; default es. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

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
