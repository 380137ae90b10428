import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SpaShell } from '../../lib/spa.ts';

const params = z.object({ shortId: z.string().min(1).max(64) });

/**
 * `/check-in/{shortId}`: the door page, the web build's door.html (its own light entry; the page and its
 * files work offline through its service worker). Never indexed. Its web app manifest names the list's
 * own address as the start, so "add to home screen" opens this list.
 */
export const checkInPages: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const shell = new SpaShell(config.webDistDir, 'door.html');

  app.get('/check-in/:shortId', { schema: { params, hide: true } }, (request, reply) => {
    if (!shell.available) return reply.callNotFound();
    reply.header('x-robots-tag', 'noindex, nofollow');
    return shell.send(reply, { lang: request.locale });
  });

  app.get('/check-in/:shortId/manifest.webmanifest', { schema: { params, hide: true } }, (request, reply) =>
    reply
      .header('content-type', 'application/manifest+json')
      .header('x-robots-tag', 'noindex, nofollow')
      .send({
        name: 'Taquilla · Control de acceso',
        short_name: 'Acceso',
        start_url: `/check-in/${encodeURIComponent(request.params.shortId)}`,
        scope: '/check-in/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#228be6',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      }),
  );
};
