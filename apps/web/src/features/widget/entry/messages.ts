import type { Messages } from '@lingui/core';
import type { Locale } from '@taquilla/shared';

/** The widget's messages: the shell's, the checkout's (selector, promo code) and its own. */
type CatalogModule = { messages: Messages };
const shell = import.meta.glob<CatalogModule>('../../../locales/*.po');
const checkout = import.meta.glob<CatalogModule>('../../checkout/locales/*.po');
const widget = import.meta.glob<CatalogModule>('../locales/*.po');

export async function loadWidgetMessages(locale: Locale): Promise<Messages> {
  const load = async (catalogs: Record<string, () => Promise<CatalogModule>>, path: string) =>
    (await catalogs[path]?.())?.messages ?? {};
  const [a, b, c] = await Promise.all([
    load(shell, `../../../locales/${locale}.po`),
    load(checkout, `../../checkout/locales/${locale}.po`),
    load(widget, `../locales/${locale}.po`),
  ]);
  return { ...a, ...b, ...c };
}
