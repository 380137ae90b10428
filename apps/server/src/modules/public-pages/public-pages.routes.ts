import { z } from 'zod';
import type { App } from '../../app.ts';
import { eventHead, unavailableHead } from './public-pages.head.ts';
import { loadPublicEvent, PagePreloads } from './public-pages.service.ts';

const params = z.object({ eventId: z.string().max(100), eventSlug: z.string().max(300) });
const query = z.object({ promo_code: z.string().max(100).optional() }).passthrough();

/**
 * `GET /e/:eventId/:eventSlug` and `/event/:eventId/:eventSlug`: the web app's index.html with the event's
 * meta tags and its public data inlined, so the page paints without a second request and shared links
 * carry a preview. Draft or unknown events: the same shell with 404 and noindex.
 */
export async function publicPagesRoutes(app: App) {
  const { spa, config } = app.deps;
  const preloads = new PagePreloads(config.webDistDir);

  const handler = async (
    request: { params: unknown; query: unknown; locale: string },
    reply: Parameters<typeof spa.send>[0],
  ) => {
    if (!spa.available) return reply.callNotFound();
    const { eventId } = params.parse(request.params);
    const { promo_code: promoCode } = query.parse(request.query);
    const event = await loadPublicEvent(app, eventId, promoCode?.trim() || undefined);
    if (!event) return spa.send(reply, { head: unavailableHead(request.locale), lang: request.locale }, 404);
    const head = eventHead(event, {
      appUrl: config.appUrl,
      locale: request.locale,
      preload: preloads.forEventPage(),
    });
    return spa.send(reply, { head, data: { event }, lang: request.locale });
  };

  for (const prefix of ['/e', '/event']) {
    app.get(`${prefix}/:eventId/:eventSlug`, { schema: { hide: true } }, (request, reply) =>
      handler(request, reply),
    );
  }
}
