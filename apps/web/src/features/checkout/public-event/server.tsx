import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { DEFAULT_LOCALE, isLocale, type Locale, type PublicEvent, SUPPORTED_LOCALES } from '@taquilla/shared';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { cssVariablesResolver, theme } from '../../../app/theme.ts';
import { type RenderCheckoutInput, renderCheckoutStep } from '../checkout-app/server.tsx';
import { PageFormat } from '../lib/page-format.ts';
import {
  OrganizerNotFound,
  OrganizerPage,
  type OrganizerPageData,
} from '../public-organizer/organizer-page.tsx';
import { FindTicketsPage, type FindTicketsPageData } from '../public-ticket/find-tickets.tsx';
import {
  PrintPage,
  type PrintPageData,
  TicketNotFound,
  TicketPage,
  type TicketPageData,
  TicketTransferred,
} from '../public-ticket/ticket-pages.tsx';
import { PublicEventApp } from './app.tsx';
import type { EventPageData } from './page-data.ts';
import { serverLocation } from './page-location.ts';

/**
 * Server entry of the public pages (event page; ticket and print pages; the checkout's steps), built by `vite build --ssr` into ssr/dist/event-page.mjs and
 * loaded by the server's public-pages module. Each call gets its own Lingui instance, so concurrent
 * requests in different languages never share a locale.
 */
type CatalogModule = { messages: Messages };
const shell = import.meta.glob<CatalogModule>('../../../locales/*.po', { eager: true });
const checkout = import.meta.glob<CatalogModule>('../locales/*.po', { eager: true });
const catalogs = Object.fromEntries(
  SUPPORTED_LOCALES.map((l) => [
    l,
    { ...shell[`../../../locales/${l}.po`]?.messages, ...checkout[`../locales/${l}.po`]?.messages },
  ]),
) as Record<Locale, Messages>;

export interface RenderEventPageInput {
  eventId: string;
  event: PublicEvent | null;
  locale: string;
  /** The request's query string ("?promo_code=X&date=…"), as the browser will see it. */
  search: string;
  /** The `?date=` asked for is not an upcoming date of the event (`event` is then the event itself). */
  dateRefused?: boolean;
}

export function renderEventPage(input: RenderEventPageInput): { html: string; data: EventPageData } {
  const locale = localeOf(input.locale);
  const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
  const format = new PageFormat(locale);
  const html = renderToString(
    <StrictMode>
      <PublicEventApp
        i18n={i18n}
        format={format}
        location={serverLocation(input.eventId, input.search)}
        event={input.event}
        dateRefused={input.dateRefused}
        switchLocale={async () => undefined}
      />
    </StrictMode>,
  );
  return {
    html,
    data: {
      event: input.event,
      ...(input.dateRefused ? { dateRefused: true } : {}),
      locale,
      messages: catalogs[locale],
      formats: format.snapshot(),
    },
  };
}

const localeOf = (locale: string): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);

/** Messages of the checkout entry (checkout.html), inlined by the server so the page starts at once. */
export function pageMessages(locale: string): { locale: Locale; messages: Messages } {
  const l = localeOf(locale);
  return { locale: l, messages: catalogs[l] };
}

/**
 * A checkout step (checkout.html) rendered in the request's language, with what the browser hydrates it
 * with; `path` is the step the order belongs on. Null when the address is not a checkout step.
 */
export function renderCheckoutPage(input: RenderCheckoutInput & { locale: string }) {
  const l = localeOf(input.locale);
  const i18n = setupI18n({ locale: l, messages: { [l]: catalogs[l] } });
  return renderCheckoutStep(input, i18n, { locale: l, messages: catalogs[l] });
}

/** A page rendered once on the server and never hydrated: no script needed to read it. */
function renderStatic(locale: string, page: (i18n: I18n) => ReactNode): string {
  const l = localeOf(locale);
  const i18n = setupI18n({ locale: l, messages: { [l]: catalogs[l] } });
  return renderToString(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {page(i18n)}
      </MantineProvider>
    </I18nProvider>,
  );
}

export type { OrganizerPageData, PrintPageData, TicketPageData };

/** The ticket page; `null` renders "ticket not found". Returns the page's title with its markup. */
export function renderTicketPage(input: {
  locale: string;
  data: TicketPageData | null;
  eventUrl: string | null;
}) {
  let title = '';
  const html = renderStatic(input.locale, (i18n) => {
    const { data } = input;
    title = data
      ? `${data.event.name} · ${data.attendee.first_name} ${data.attendee.last_name}`
      : i18n._(msg`Entrada no encontrada`);
    return data ? <TicketPage data={data} /> : <TicketNotFound eventUrl={input.eventUrl} />;
  });
  return { html, title };
}

/** An organizer's public page; `null` renders "organizer not found". */
export function renderOrganizerPage(input: { locale: string; data: OrganizerPageData | null }) {
  let title = '';
  const html = renderStatic(input.locale, (i18n) => {
    title = input.data ? input.data.organizer.name : i18n._(msg`Organizador no encontrado`);
    return input.data ? <OrganizerPage data={input.data} /> : <OrganizerNotFound />;
  });
  return { html, title };
}

/** «¿Has perdido tus entradas?»: its form, the e-mailed link's button, and what the link shows. */
export function renderFindTickets(input: { locale: string; data: FindTicketsPageData }) {
  let title = '';
  const html = renderStatic(input.locale, (i18n) => {
    title = i18n._(msg`¿Has perdido tus entradas?`);
    return <FindTicketsPage data={input.data} />;
  });
  return { html, title };
}

/** The page a holder sees after passing the ticket on (ticket-changes). */
export function renderTicketTransferred(input: {
  locale: string;
  to: string;
  email: string;
  eventUrl: string | null;
}) {
  let title = '';
  const html = renderStatic(input.locale, (i18n) => {
    title = i18n._(msg`Entrada transferida`);
    return <TicketTransferred to={input.to} email={input.email} eventUrl={input.eventUrl} />;
  });
  return { html, title };
}

/** A print page (one ticket or a whole order, `of`); `null` renders "ticket (or order) not found". */
export function renderPrintPage(input: {
  locale: string;
  data: PrintPageData | null;
  of: 'ticket' | 'order';
  eventUrl: string | null;
}) {
  let title = '';
  const html = renderStatic(input.locale, (i18n) => {
    const { data } = input;
    const missing = input.of === 'order' ? msg`Pedido no encontrado` : msg`Entrada no encontrada`;
    title = data ? data.event.name : i18n._(missing);
    return data ? <PrintPage data={data} /> : <TicketNotFound of={input.of} eventUrl={input.eventUrl} />;
  });
  return { html, title };
}
