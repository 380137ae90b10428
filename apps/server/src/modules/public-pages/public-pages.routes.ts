import { z } from 'zod';
import type { App } from '../../app.ts';
import { SpaShell } from '../../lib/spa.ts';
import { eventHead, unavailableHead } from './public-pages.head.ts';
import { EventPageRenderer } from './public-pages.renderer.ts';
import { loadPublicEvent } from './public-pages.service.ts';

const params = z.object({ eventId: z.string().max(100), eventSlug: z.string().max(300) });
const query = z.object({ promo_code: z.string().max(100).optional() }).passthrough();

/**
 * `GET /e/:eventId/:eventSlug` and `/event/:eventId/:eventSlug`: the web app's event.html with the event's
 * meta tags, the page rendered to HTML with React in the request's language, and its data inlined for
 * the browser to hydrate, so the page paints before any JavaScript runs and shared links carry a
 * preview. Draft or unknown events: the "event unavailable" page with 404 and noindex. Without the
 * server bundle (dev), the same shell without markup, which the browser renders on its own.
 */
export async function publicPagesRoutes(app: App) {
  const { config } = app.deps;
  const shell = new SpaShell(config.webDistDir, 'event.html');
  const renderer = new EventPageRenderer(config.webSsrDir, config.env !== 'production');
  // Loading the bundle takes a moment: a listening server does it before the first buyer asks.
  app.addHook('onListen', async () => {
    await renderer.get().catch((err) => app.log.error({ err }, 'event page server bundle failed to load'));
  });

  const handler = async (
    request: { params: unknown; query: unknown; url: string; locale: string; log: App['log'] },
    reply: Parameters<typeof shell.send>[0],
  ) => {
    if (!shell.available) return reply.callNotFound();
    const { eventId } = params.parse(request.params);
    const { promo_code: promoCode } = query.parse(request.query);
    const event = await loadPublicEvent(app, eventId, promoCode?.trim() || undefined);
    const head = event
      ? eventHead(event, { appUrl: config.appUrl, locale: request.locale })
      : unavailableHead(request.locale);
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    let page: { html: string; data: Record<string, unknown> } | null = null;
    try {
      const render = await renderer.get();
      page = render ? render({ eventId, event, locale: request.locale, search }) : null;
    } catch (err) {
      // A rendering bug must not take the page down: the browser can still render it from the data.
      request.log.error({ err }, 'event page server rendering failed');
    }
    return shell.send(
      reply,
      { head, body: page?.html, data: page?.data ?? { event }, lang: request.locale },
      event ? 200 : 404,
    );
  };
  for (const prefix of ['/e', '/event']) {
    app.get(`${prefix}/:eventId/:eventSlug`, { schema: { hide: true } }, (request, reply) =>
      handler(request, reply),
    );
  }
}
