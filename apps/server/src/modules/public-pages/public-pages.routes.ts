import type { Locale } from '@taquilla/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { MicroCache } from '../../lib/micro-cache.ts';
import type { CompressibleBytes } from '../../lib/prepared-answer.ts';
import { SpaShell } from '../../lib/spa.ts';
import { promoCodeTries } from '../public-events/promo-code-tries.ts';
import { loadPublicEvent, loadPublicEventOnDate } from '../public-events/public-events.service.ts';
import { waitingRoomGate } from '../waiting-room/gate.ts';
import { accessibilityRoutes } from './public-pages.accessibility.ts';
import { documentRoutes } from './public-pages.documents.ts';
import { eventHead, unavailableHead } from './public-pages.head.ts';
import { organizerPageRoutes } from './public-pages.organizer.ts';
import { EventPageRenderer } from './public-pages.renderer.ts';
import { ticketFormRoutes } from './public-pages.ticket-forms.ts';

const params = z.object({ eventId: z.string().max(100), eventSlug: z.string().max(300).optional() });
/** A promo code is at most 50 characters: a longer one (or one given twice) cannot unlock anything. */
const promoCodeOf = (query: unknown): string | undefined => {
  const code = (query as { promo_code?: unknown }).promo_code;
  return typeof code === 'string' && code.trim() && code.length <= 100 ? code : undefined;
};
/** `?date=`: one date of an event with dates (anything else given is a date the page cannot show). */
const dateOf = (query: unknown): string | undefined => {
  const date = (query as { date?: unknown }).date;
  if (date === undefined) return undefined;
  return typeof date === 'string' ? date.slice(0, 100) : '';
};

/**
 * `GET /e/:eventId/:eventSlug` and `/event/:eventId/:eventSlug` (the slug may be left out): the web app's event.html with the event's
 * meta tags, the page rendered to HTML with React in the request's language, and its data inlined for
 * the browser to hydrate, so the page paints before any JavaScript runs and shared links carry a
 * preview. `?date=` opens one date of an event with dates (its tickets, its own canonical address); a
 * date that is not upcoming gets the event's page with a notice. Draft or unknown events: the "event unavailable" page with 404 and noindex. Without the
 * server bundle (dev), the same shell without markup, which the browser renders on its own.
 *
 * A finished page is reused for `PUBLIC_CACHE_TTL_MS`, like the public API's answer: a crowd opening
 * the page of a sale that just started costs one database read and one render per second.
 */
export const publicPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { config } = deps;
  const shell = new SpaShell(config.webDistDir, 'event.html');
  const renderer = new EventPageRenderer(config.webSsrDir, config.env !== 'production');
  const pages = new MicroCache<{ status: number; page: CompressibleBytes }>(config.publicCacheTtlMs, 200);
  const promoCodeTry = promoCodeTries(app);
  /** An address past the promo-code limit gets the page without the code (the code's check says why). */
  const promoCodeAllowed = (request: FastifyRequest) =>
    promoCodeTry(request).then(
      () => true,
      (err) => {
        if (err instanceof AppError && err.status === 429) return false;
        throw err;
      },
    );
  // Loading the bundle takes a moment: a listening server does it before the first buyer asks.
  app.addHook('onListen', async () => {
    await renderer.get().catch((err) => app.log.error({ err }, 'event page server bundle failed to load'));
  });

  async function buildPage(
    eventId: string,
    promoCode: string | undefined,
    date: string | undefined,
    locale: Locale,
    log: FastifyBaseLogger,
  ): Promise<{ status: number; page: CompressibleBytes }> {
    const code = promoCode?.trim() || undefined;
    // A date that is not one of the event's upcoming ones: the event's page, which says so.
    const onDate = date === undefined ? null : await loadPublicEventOnDate(deps.db, eventId, code, date);
    const event =
      date === undefined ? await loadPublicEvent(deps.db, eventId, code) : (onDate?.event ?? null);
    const dateRefused = Boolean(onDate?.dateRefused && event?.dates_total);
    const dateId = onDate && !onDate.dateRefused ? date : undefined;
    const head = event
      ? eventHead(event, { appUrl: config.appUrl, locale, dateId })
      : unavailableHead(locale);
    // Only the promo code and the date change what the page shows; the browser reads the rest itself.
    const query = new URLSearchParams({
      ...(promoCode === undefined ? {} : { promo_code: promoCode }),
      ...(date === undefined ? {} : { date }),
    });
    const search = query.size ? `?${query}` : '';
    let page: { html: string; data: Record<string, unknown> } | null = null;
    try {
      const render = await renderer.get();
      page = render ? render({ eventId, event, locale, search, dateRefused }) : null;
    } catch (err) {
      // A rendering bug must not take the page down: the browser can still render it from the data.
      log.error({ err }, 'event page server rendering failed');
    }
    const html = shell.render({ head, body: page?.html, data: page?.data ?? { event }, lang: locale });
    // Encoded once: a cached page is sent to many buyers, and a many-date page is 100 KB of text.
    return { status: event ? 200 : 404, page: { body: Buffer.from(html) } };
  }

  const handler = async (request: FastifyRequest, reply: Parameters<typeof SpaShell.sendHtml>[0]) => {
    const { eventId } = params.parse(request.params);
    const queue = await waitingRoomGate(deps, request, eventId, '/e');
    if (queue) return reply.redirect(queue, 303);
    if (!shell.available) return reply.callNotFound();
    const asked = promoCodeOf(request.query);
    const promoCode = asked && (await promoCodeAllowed(request)) ? asked : undefined;
    const date = dateOf(request.query);
    const key = JSON.stringify([eventId, promoCode ?? null, date ?? null, request.locale]);
    const built = await pages.get(key, () =>
      buildPage(eventId, promoCode, date, request.locale, request.log),
    );
    return SpaShell.sendPage(request, reply, built.page, built.status);
  };
  documentRoutes(app, renderer);
  organizerPageRoutes(app, renderer);
  accessibilityRoutes(app);
  ticketFormRoutes(app, renderer);
  // The slug only makes the address readable: a link that lost it (`/e/{id}`) opens the same page.
  for (const path of [
    '/e/:eventId/:eventSlug',
    '/event/:eventId/:eventSlug',
    '/e/:eventId',
    '/event/:eventId',
  ]) {
    app.get(path, { schema: { hide: true } }, (request, reply) => handler(request, reply));
  }
};
