import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CompressibleBytes, encodedBody } from './prepared-answer.ts';

/**
 * Serves a page of the built web app: index.html (the app's client routes) or event.html (the public
 * event page). Pages that know their data server-side pass extra <head> tags, server-rendered markup for
 * the root element and a JSON payload, so the page paints without waiting for JavaScript or a second
 * request.
 */
export class SpaShell {
  private html: string | null = null;

  constructor(
    private distDir: string,
    private file = 'index.html',
  ) {}

  get available(): boolean {
    return existsSync(path.join(this.distDir, this.file));
  }

  private template(): string {
    if (this.html === null || process.env.NODE_ENV !== 'production') {
      this.html = readFileSync(path.join(this.distDir, this.file), 'utf8');
    }
    return this.html;
  }

  render(
    opts: {
      head?: string;
      body?: string;
      data?: Record<string, unknown>;
      lang?: string;
      /** In place of the page's own scripts (a page rendered on the server only): '' for none. */
      scripts?: string;
    } = {},
  ): string {
    // Replacements are functions: a string replacement would expand "$&" or "$'" in organizer text.
    let html = this.template();
    if (opts.scripts !== undefined) {
      html = html
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
        .replace('</body>', () => `${opts.scripts}</body>`);
    }
    if (opts.lang) html = html.replace(/<html lang="[^"]*"/, () => `<html lang="${opts.lang}"`);
    if (opts.head) {
      // In place of the template's title (event.html puts it before the script), else at the end.
      const title = /<title>[^<]*<\/title>/;
      html = title.test(html)
        ? html.replace(title, () => opts.head ?? '')
        : html.replace('</head>', () => `${opts.head}\n</head>`);
    }
    if (opts.data) {
      // JSON in a non-executable script; "<" escaped so no payload can close the tag.
      const json = JSON.stringify(opts.data).replace(/</g, '\\u003c');
      html = html.replace(
        '</body>',
        () => `<script type="application/json" id="__TAQUILLA_DATA__">${json}</script>\n</body>`,
      );
    }
    // Last, so no later replacement can match inside the page's own markup.
    if (opts.body) html = html.replace('<div id="root"></div>', () => `<div id="root">${opts.body}</div>`);
    return html;
  }

  send(reply: FastifyReply, opts: Parameters<SpaShell['render']>[0] = {}, status = 200) {
    return SpaShell.sendHtml(reply, this.render(opts), status);
  }

  static sendHtml(reply: FastifyReply, html: string, status = 200) {
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  }

  /**
   * A page many buyers are sent (a cached event page): its bytes, compressed once per coding rather
   * than by @fastify/compress on every request — Brotli of a 100 KB page costs more than rendering it.
   */
  static sendPage(request: FastifyRequest, reply: FastifyReply, page: CompressibleBytes, status = 200) {
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    const encoded = encodedBody(page, request.headers['accept-encoding']);
    if (!encoded) return reply.send(page.body);
    if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
    return reply.send(encoded.bytes);
  }
}

/**
 * Addresses the web app has a screen for (spec §2). Any other address gets the app's not-found page
 * with HTTP 404, so search engines and monitors see a missing page as missing. The buyer's pages
 * (/e, /event, /widget, /checkout, /ticket, /order) are the server's own: one of their addresses that
 * reaches the not-found handler (a checkout step that does not exist, a ticket without its event…) has
 * no page, and is a 404 too.
 */
const APP_ROUTES = /^\/(?:$|[?#]|(?:auth|manage|account|welcome|check-in)(?:[/?#]|$))/;

export const isAppRoute = (url: string) => APP_ROUTES.test(url);
