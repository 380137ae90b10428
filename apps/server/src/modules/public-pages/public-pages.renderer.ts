import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicAttendee, PublicEvent, PublicOrder } from '@taquilla/shared';
import type { PublicEventSummary } from '@taquilla/shared/schemas/public-events';
import type { Receipt } from '@taquilla/shared/schemas/receipt';
import type { FoundOrder, TicketChangeActions } from '@taquilla/shared/schemas/ticket-changes';

/**
 * The web app's server entry (apps/web/src/features/checkout/public-event/server.tsx), built by
 * `npm run build` into apps/web/ssr/dist/event-page.mjs. Kept in step with that file by hand: the two
 * packages do not share types.
 */
export type RenderEventPage = (input: {
  eventId: string;
  event: PublicEvent | null;
  locale: string;
  search: string;
  /** The `?date=` in `search` is not an upcoming date of the event (`event` is the event itself). */
  dateRefused?: boolean;
}) => { html: string; data: Record<string, unknown> };

/** What the ticket and print pages show (TicketPageData and PrintPageData in the web app). */
export interface TicketEventView {
  name: string;
  start_date: string;
  end_date: string | null;
  timezone: string;
  location: Record<string, string | undefined>;
}
export type PageColors = { primary?: string | null; background?: string | null; text?: string | null };
export interface TicketPageData {
  eventId: string;
  event: TicketEventView;
  colors: PageColors | null;
  testMode: boolean;
  attendee: PublicAttendee;
  orderShortId: string;
  changes?: TicketChangeActions | null;
  notice?: { tone: 'success' | 'error'; text: string } | null;
  /** The edit form sent back with its errors: what was typed, and each field's reason. */
  edit?: HolderEditForm | null;
  /** The ticket's PDF and wallet links (the public ticket answer's `documents`). */
  documents: { pdf_url: string; apple_wallet_url: string | null; google_wallet_url: string | null };
}
export interface HolderEditForm {
  values: {
    first_name: string;
    last_name: string;
    answers?: Record<string, unknown>;
    order_answers?: Record<string, unknown>;
  };
  /** By field: `first_name`, `answers.<question id>`, `order_answers.<question id>`. */
  errors: Record<string, string>;
}
export interface FindTicketsPageData {
  eventId: string;
  step: 'ask' | 'open' | 'found';
  notice: { tone: 'success' | 'error'; text: string } | null;
  orders: FoundOrder[] | null;
}
export interface PrintPageData {
  event: TicketEventView;
  colors: PageColors | null;
  testMode: boolean;
  tickets: PublicAttendee[];
  orderShortId: string;
  /** The order's print page: its receipt above the tickets (a ticket's print page has none). */
  receipt: Receipt | null;
}

/** The organizer's public page (OrganizerPageData in the web app). */
export interface OrganizerPageData {
  organizer: { id: string; name: string; website: string | null };
  events: PublicEventSummary[];
  now: string;
}

export interface PublicPagesBundle {
  renderEventPage: RenderEventPage;
  /** `eventUrl`: where a "not found" page sends the buyer (the event's page), or nowhere. */
  renderTicketPage: (input: { locale: string; data: TicketPageData | null; eventUrl: string | null }) => {
    html: string;
    title: string;
  };
  renderTicketTransferred: (input: {
    locale: string;
    to: string;
    email: string;
    eventUrl: string | null;
  }) => {
    html: string;
    title: string;
  };
  renderFindTickets: (input: { locale: string; data: FindTicketsPageData }) => {
    html: string;
    title: string;
  };
  renderPrintPage: (input: {
    locale: string;
    data: PrintPageData | null;
    of: 'ticket' | 'order';
    eventUrl: string | null;
  }) => {
    html: string;
    title: string;
  };
  renderOrganizerPage: (input: { locale: string; data: OrganizerPageData | null }) => {
    html: string;
    title: string;
  };
  pageMessages: (locale: string) => { locale: string; messages: Record<string, unknown> };
  /** A checkout step: `url` is the request's path and query; `path` the step the order belongs on. */
  renderCheckoutPage: (input: {
    url: string;
    locale: string;
    event: PublicEvent;
    order: PublicOrder;
  }) => Promise<{ html: string; path: string; data: Record<string, unknown> } | null>;
}

export const SSR_BUNDLE = 'event-page.mjs';

/**
 * Loads the event page's server bundle when the web app was built with it. Without one (Vite's dev
 * server, a web build without it) the page is served as a client-rendered shell. Outside production a
 * rebuilt bundle is picked up on the next request.
 */
export class EventPageRenderer {
  private loaded: { mtime: number; bundle: PublicPagesBundle } | null = null;

  constructor(
    private ssrDir: string,
    private watch: boolean,
  ) {}

  async get(): Promise<RenderEventPage | null> {
    return (await this.bundle())?.renderEventPage ?? null;
  }

  async bundle(): Promise<PublicPagesBundle | null> {
    if (this.loaded && !this.watch) return this.loaded.bundle;
    const file = path.join(this.ssrDir, SSR_BUNDLE);
    if (!existsSync(file)) return null;
    const mtime = statSync(file).mtimeMs;
    if (this.loaded?.mtime !== mtime) {
      // The query string makes a rebuilt file a new module rather than the cached one.
      const mod = (await import(`${pathToFileURL(file).href}?v=${mtime}`)) as Partial<PublicPagesBundle>;
      for (const name of [
        'renderEventPage',
        'renderTicketPage',
        'renderTicketTransferred',
        'renderFindTickets',
        'renderPrintPage',
        'renderOrganizerPage',
        'pageMessages',
        'renderCheckoutPage',
      ] as const) {
        if (typeof mod[name] !== 'function') throw new Error(`${file} exports no ${name}`);
      }
      this.loaded = { mtime, bundle: mod as PublicPagesBundle };
    }
    return this.loaded.bundle;
  }
}
