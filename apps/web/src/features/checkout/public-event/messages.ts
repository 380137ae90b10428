import type { Messages } from '@lingui/core';
import type { Locale } from '@taquilla/shared';

/**
 * The event page's messages: the checkout catalog plus the shell's (error and offline texts). The server
 * inlines them with the page; the browser fetches them only when it must render on its own (dev server)
 * or when the buyer switches language.
 */
type CatalogModule = { messages: Messages };
const shell = import.meta.glob<CatalogModule>('../../../locales/*.po');
const checkout = import.meta.glob<CatalogModule>('../locales/*.po');

export async function loadPageMessages(locale: Locale): Promise<Messages> {
  const loadShell = shell[`../../../locales/${locale}.po`];
  const loadCheckout = checkout[`../locales/${locale}.po`];
  if (!loadShell || !loadCheckout) throw new Error(`No message catalog for locale ${locale}`);
  const [a, b] = await Promise.all([loadShell(), loadCheckout()]);
  return { ...a.messages, ...b.messages };
}
