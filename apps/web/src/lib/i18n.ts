import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '@taquilla/shared';
import { resolveLocale, writeLocaleCookie } from './locale.ts';

/**
 * Catalogs are split per feature (src/features/<name>/locales) and loaded with the feature's lazy route,
 * so a public page never downloads back-office messages.
 */
type CatalogModule = { messages: Messages };
const shellCatalogs = import.meta.glob<CatalogModule>('../locales/*.po');
const featureCatalogs = import.meta.glob<CatalogModule>('../features/*/locales/*.po');

const loaded = new Set<string>();
const features = new Set<string>();

async function loadInto(locale: Locale, key: string, importer?: () => Promise<CatalogModule>) {
  const id = `${locale}:${key}`;
  if (loaded.has(id) || !importer) return;
  const { messages } = await importer();
  i18n.load(locale, messages);
  loaded.add(id);
}

export async function initI18n(userLocale?: string | null): Promise<Locale> {
  const locale = resolveLocale(userLocale);
  await loadInto(locale, 'shell', shellCatalogs[`../locales/${locale}.po`]);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  return locale;
}

/**
 * A page whose server inlined its messages (the checkout): they count as the named catalogs' for that
 * locale, so a later `changeLocale` reloads those catalogs in the new language.
 */
export function adoptCatalogs(locale: Locale, messages: Messages, catalogs: string[]): void {
  i18n.load(locale, messages);
  for (const name of catalogs) {
    loaded.add(`${locale}:${name}`);
    if (name !== 'shell') features.add(name);
  }
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Loads a feature's messages for the active locale; lazy routes await it before rendering. */
export async function loadFeatureCatalog(feature: string): Promise<void> {
  features.add(feature);
  const locale = i18n.locale as Locale;
  await loadInto(locale, feature, featureCatalogs[`../features/${feature}/locales/${locale}.po`]);
}

/** Switches language: remembers it in the cookie and reloads every catalog already in use. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeLocaleCookie(locale);
  await loadInto(locale, 'shell', shellCatalogs[`../locales/${locale}.po`]);
  await Promise.all(
    [...features].map((f) => loadInto(locale, f, featureCatalogs[`../features/${f}/locales/${locale}.po`])),
  );
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/**
 * A lazy route that loads its feature's messages together with its component module; `also`: the
 * catalogs of other features whose components the page shows.
 */
export function lazyPage<T>(
  feature: string,
  importer: () => Promise<T>,
  also: readonly string[] = [],
): () => Promise<T> {
  return async () => {
    const [mod] = await Promise.all([importer(), ...[feature, ...also].map(loadFeatureCatalog)]);
    return mod;
  };
}

export { i18n };
