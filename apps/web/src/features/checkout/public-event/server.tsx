import { type Messages, setupI18n } from '@lingui/core';
import type { Locale, PublicEvent } from '@taquilla/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { messages as shellEn } from '../../../locales/en.po';
import { messages as shellEs } from '../../../locales/es.po';
import { PageFormat } from '../lib/page-format.ts';
import { messages as checkoutEn } from '../locales/en.po';
import { messages as checkoutEs } from '../locales/es.po';
import { PublicEventApp } from './app.tsx';
import type { EventPageData } from './page-data.ts';
import { serverLocation } from './page-location.ts';

/**
 * Server entry of the public event page, built by `vite build --ssr` into ssr/dist/event-page.mjs and
 * loaded by the server's public-pages module. Each call gets its own Lingui instance, so concurrent
 * requests in different languages never share a locale.
 */
const catalogs: Record<Locale, Messages> = {
  es: { ...shellEs, ...checkoutEs },
  en: { ...shellEn, ...checkoutEn },
};

export interface RenderEventPageInput {
  eventId: string;
  event: PublicEvent | null;
  locale: string;
  /** The request's query string ("?promo_code=X"), as the browser will see it. */
  search: string;
}

export function renderEventPage(input: RenderEventPageInput): { html: string; data: EventPageData } {
  const locale: Locale = input.locale === 'en' ? 'en' : 'es';
  const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
  const format = new PageFormat(locale);
  const html = renderToString(
    <StrictMode>
      <PublicEventApp
        i18n={i18n}
        format={format}
        location={serverLocation(input.eventId, input.search)}
        event={input.event}
        switchLocale={async () => undefined}
      />
    </StrictMode>,
  );
  return {
    html,
    data: { event: input.event, locale, messages: catalogs[locale], formats: format.snapshot() },
  };
}
