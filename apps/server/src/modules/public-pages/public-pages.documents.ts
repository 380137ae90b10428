import { type Locale, SUPPORTED_LOCALES } from '@taquilla/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SpaShell } from '../../lib/spa.ts';
import { checkoutOrder } from '../checkout/checkout.service.ts';
import { sitemapDates } from '../event-dates/sitemap-dates.ts';
import { indexableEvents, loadPublicEvent } from '../public-events/public-events.service.ts';
import { framedPolicy } from '../widget/widget.service.ts';
import { dateUrl } from './public-pages.head.ts';
import type {
  EventPageRenderer,
  PrintPageData,
  PublicPagesBundle,
  TicketPageData,
} from './public-pages.renderer.ts';
import { orderPrintData, ticketPageData, ticketPrintData } from './public-pages.tickets.ts';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const NOINDEX = '<meta name="robots" content="noindex, nofollow">';
const uuid = z.uuid();
const shortId = z.string().min(1).max(60);
/** The checkout's steps (apps/web's checkout-steps.ts): any other address under an order is a 404. */
const CHECKOUT_STEPS = new Set(['details', 'payment', 'summary', 'payment_return']);
const langQuery = z.object({ lang: z.enum(SUPPORTED_LOCALES).optional() }).passthrough();
const widgetQuery = z.object({ locale: z.enum(SUPPORTED_LOCALES).optional().catch(undefined) }).passthrough();

/**
 * The buyer's pages after the event page, and what search engines read:
 * - `/ticket/:eventId/:attendeeShortId` and the print pages: rendered on the server only (no script but
 *   print.js on the print pages), readable with JavaScript off; `?lang=` switches language without it.
 * - `/checkout/...`: checkout.html, the checkout's light entry, with its messages inlined; the same
 *   page serves the steps inside the widget's frame (`/widget/{eventId}/checkout/...`).
 * - `/robots.txt` and `/sitemap.xml` (live events that allow indexing, and their soonest upcoming dates).
 * Ticket and checkout pages are private links: `noindex`, in a header and a meta tag.
 */
export function documentRoutes(app: FastifyInstance, renderer: EventPageRenderer) {
  const { config } = app.deps;
  const eventShell = new SpaShell(config.webDistDir, 'event.html');
  const checkoutShell = new SpaShell(config.webDistDir, 'checkout.html');

  /** The request's language; `?lang=` also remembers it in the cookie the rest of the app reads. */
  function localeOf(request: FastifyRequest, reply: FastifyReply): string {
    const { lang } = langQuery.parse(request.query);
    if (!lang) return request.locale;
    reply.setCookie('locale', lang, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax' });
    return lang;
  }

  /** A ticket link that found nothing leads back to its event's page (which says if it is gone). */
  const eventLink = (eventId: string | undefined) =>
    eventId && uuid.safeParse(eventId).success ? `/e/${eventId}` : null;

  async function sendStatic(
    request: FastifyRequest,
    reply: FastifyReply,
    render: (locale: string) => Promise<{ html: string; title: string; found: boolean } | null>,
    scripts = '',
  ) {
    if (!eventShell.available) return reply.callNotFound();
    const locale = localeOf(request, reply);
    const page = await render(locale);
    if (!page) return reply.callNotFound();
    const html = eventShell.render({
      head: `<title>${esc(page.title)}</title>\n${NOINDEX}`,
      body: page.html,
      lang: locale,
      scripts,
    });
    reply.header('x-robots-tag', 'noindex, nofollow');
    return SpaShell.sendHtml(reply, html, page.found ? 200 : 404);
  }

  const ticketPage = (
    load: (eventId: string, id: string, locale: Locale) => Promise<TicketPageData | null>,
  ) => {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const { eventId, attendeeShortId } = request.params as Record<string, string>;
      return sendStatic(request, reply, async (locale) => {
        const bundle = await renderer.bundle();
        if (!bundle) return null;
        const valid = uuid.safeParse(eventId).success && shortId.safeParse(attendeeShortId).success;
        const data = valid ? await load(eventId ?? '', attendeeShortId ?? '', locale as Locale) : null;
        const eventUrl = eventLink(eventId);
        return { ...bundle.renderTicketPage({ locale, data, eventUrl }), found: data !== null };
      });
    };
  };

  const printPage = (param: string, load: (eventId: string, id: string) => Promise<PrintPageData | null>) => {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as Record<string, string>;
      const eventId = params.eventId ?? '';
      const id = params[param] ?? '';
      return sendStatic(
        request,
        reply,
        async (locale) => {
          const bundle = await renderer.bundle();
          if (!bundle) return null;
          const valid = uuid.safeParse(eventId).success && shortId.safeParse(id).success;
          const data = valid ? await load(eventId, id) : null;
          const of = param === 'orderShortId' ? 'order' : 'ticket';
          const eventUrl = eventLink(eventId);
          return { ...bundle.renderPrintPage({ locale, data, of, eventUrl }), found: data !== null };
        },
        '<script src="/print.js" defer></script>\n',
      );
    };
  };

  const hide = { schema: { hide: true } };
  app.get(
    '/ticket/:eventId/:attendeeShortId',
    hide,
    ticketPage((e, a, locale) => ticketPageData(app.deps, e, a, locale)),
  );
  app.get(
    '/ticket/:eventId/:attendeeShortId/print',
    hide,
    printPage('attendeeShortId', (e, a) => ticketPrintData(app.deps, e, a)),
  );
  app.get(
    '/order/:eventId/:orderShortId/print',
    hide,
    printPage('orderShortId', (e, o) => orderPrintData(app.deps, e, o)),
  );

  // The checkout: its own light page, rendered here in the request's language with the messages, the
  // event and the order inlined, so it paints before any script runs and the browser hydrates it.
  // Whatever fails to load here the page asks the API for, and shows its error (rendered in the browser).
  const checkout = async (request: FastifyRequest, reply: FastifyReply, inWidget = false) => {
    const { eventId = '', orderShortId = '', step = '' } = request.params as Record<string, string>;
    if (!checkoutShell.available || !CHECKOUT_STEPS.has(step)) return reply.callNotFound();
    const valid = uuid.safeParse(eventId).success && shortId.safeParse(orderShortId).success;
    // In the widget's frame: the language the embedding page chose, and framing by its allowed origins.
    const { locale: asked } = widgetQuery.parse(request.query);
    const locale = inWidget && asked ? asked : request.locale;
    if (inWidget && valid) {
      const policy = String(reply.raw.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', await framedPolicy(app.deps, eventId, policy));
    }
    const [bundle, event, order] = await Promise.all([
      renderer.bundle(),
      valid ? loadPublicEvent(app.deps.db, eventId) : null,
      valid ? checkoutOrder(app.deps, eventId, orderShortId).catch(() => null) : null,
    ]);
    let page: Awaited<ReturnType<PublicPagesBundle['renderCheckoutPage']>> = null;
    if (bundle && event && order) {
      try {
        page = await bundle.renderCheckoutPage({ url: request.url, locale, event, order });
      } catch (err) {
        // A rendering bug must not take the checkout down: the browser renders it from the data.
        request.log.error({ err }, 'checkout server rendering failed');
      }
    }
    const data = page?.data ?? (bundle ? { ...bundle.pageMessages(locale), event, order } : undefined);
    const title = event ? `${esc(event.name)} · Taquilla` : 'Taquilla';
    const html = checkoutShell.render({
      head: `<title>${title}</title>\n${NOINDEX}`,
      body: page?.html,
      data,
      lang: locale,
    });
    reply.header('x-robots-tag', 'noindex, nofollow');
    return SpaShell.sendHtml(reply, html);
  };
  app.get('/checkout/:eventId/:orderShortId/:step', hide, (request, reply) => checkout(request, reply));
  app.get('/widget/:eventId/checkout/:orderShortId/:step', hide, (request, reply) =>
    checkout(request, reply, true),
  );
  // No order yet: back to the event page.
  app.get('/checkout/:eventId', hide, async (request, reply) => {
    const { eventId } = request.params as { eventId: string };
    const event = uuid.safeParse(eventId).success ? await loadPublicEvent(app.deps.db, eventId) : null;
    if (!event) return reply.callNotFound();
    return reply.redirect(`/e/${event.id}/${encodeURIComponent(event.slug)}`);
  });

  app.get('/robots.txt', hide, async (_request, reply) => {
    const lines = ['User-agent: *', 'Disallow: /api/', 'Disallow: /manage/', 'Disallow: /account/'];
    lines.push('Disallow: /auth/', '', `Sitemap: ${config.appUrl}/sitemap.xml`, '');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', hide, async (_request, reply) => {
    const rows = await indexableEvents(app.deps.db);
    const pageOf = (e: { id: string; slug: string }) =>
      `${config.appUrl}/e/${e.id}/${encodeURIComponent(e.slug)}`;
    const url = (loc: string, changed: Date) =>
      `  <url><loc>${esc(loc)}</loc><lastmod>${changed.toISOString()}</lastmod></url>`;
    const urls = rows.map((e) => url(pageOf(e), e.updated_at));
    // Each upcoming date of an event with dates has its own address (the soonest SITEMAP_DATES).
    const byId = new Map(rows.map((e) => [e.id, e]));
    for (const d of await sitemapDates(app.deps.db, [...byId.keys()])) {
      const e = byId.get(d.event_id);
      if (e)
        urls.push(url(dateUrl(pageOf(e), d.id), d.updated_at > e.updated_at ? d.updated_at : e.updated_at));
    }
    // Each organizer with an indexable event has its page (organizer-page.tsx), changed with its latest event.
    const organizers = new Map<string, Date>();
    for (const e of rows) {
      const seen = organizers.get(e.organizer_id);
      if (!seen || seen < e.updated_at) organizers.set(e.organizer_id, e.updated_at);
    }
    for (const [id, changed] of organizers) urls.push(url(`${config.appUrl}/o/${id}`, changed));
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(xml);
  });
}
