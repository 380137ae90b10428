import { SUPPORTED_LOCALES } from '@taquilla/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SpaShell } from '../../lib/spa.ts';
import { publicOrganizerPage } from '../public-events/public-events.service.ts';
import type { EventPageRenderer } from './public-pages.renderer.ts';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const langQuery = z.object({ lang: z.enum(SUPPORTED_LOCALES).optional() }).passthrough();

/**
 * `/o/:organizerId` (a slug after it is ignored): the organizer's public page, rendered on the server
 * only (no script, indexable), listing its live events. Unknown organizers and organizers with no live
 * event answer 404 with "organizer not found" (and noindex).
 */
export function organizerPageRoutes(app: FastifyInstance, renderer: EventPageRenderer) {
  const { config } = app.deps;
  const shell = new SpaShell(config.webDistDir, 'event.html');
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const bundle = await renderer.bundle();
    if (!shell.available || !bundle) return reply.callNotFound();
    const { lang } = langQuery.parse(request.query);
    if (lang) reply.setCookie('locale', lang, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax' });
    const locale = lang ?? request.locale;
    const { organizerId = '' } = request.params as { organizerId?: string };
    const found = await publicOrganizerPage(app.deps.db, organizerId);
    const data = found && { ...found, now: new Date().toISOString() };
    const page = bundle.renderOrganizerPage({ locale, data });
    const url = found && `${config.appUrl}/o/${found.organizer.id}`;
    const head = url
      ? [
          `<title>${esc(page.title)} · Taquilla</title>`,
          `<meta name="description" content="${esc(page.title)}">`,
          `<link rel="canonical" href="${esc(url)}">`,
          `<meta property="og:title" content="${esc(page.title)}">`,
          `<meta property="og:url" content="${esc(url)}">`,
        ].join('\n')
      : `<title>${esc(page.title)}</title>\n<meta name="robots" content="noindex, nofollow">`;
    if (!found) reply.header('x-robots-tag', 'noindex, nofollow');
    const html = shell.render({ head, body: page.html, lang: locale, scripts: '' });
    return SpaShell.sendHtml(reply, html, found ? 200 : 404);
  };
  for (const path of ['/o/:organizerId', '/o/:organizerId/:slug']) {
    app.get(path, { schema: { hide: true } }, handler);
  }
}
