import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * Serves the built web app's index.html for client routes. Pages that know their data server-side (the
 * public event page) pass extra <head> tags and a JSON payload so the page paints without a second request.
 */
export class SpaShell {
  private html: string | null = null;

  constructor(private distDir: string) {}

  get available(): boolean {
    return existsSync(path.join(this.distDir, 'index.html'));
  }

  private template(): string {
    if (this.html === null || process.env.NODE_ENV !== 'production') {
      this.html = readFileSync(path.join(this.distDir, 'index.html'), 'utf8');
    }
    return this.html;
  }

  render(opts: { head?: string; data?: Record<string, unknown>; lang?: string } = {}): string {
    let html = this.template();
    if (opts.lang) html = html.replace(/<html lang="[^"]*"/, `<html lang="${opts.lang}"`);
    if (opts.head) {
      html = html.replace(/<title>[^<]*<\/title>/, '').replace('</head>', `${opts.head}\n</head>`);
    }
    if (opts.data) {
      // JSON in a non-executable script; "<" escaped so no payload can close the tag.
      const json = JSON.stringify(opts.data).replace(/</g, '\\u003c');
      html = html.replace(
        '</body>',
        `<script type="application/json" id="__TAQUILLA_DATA__">${json}</script>\n</body>`,
      );
    }
    return html;
  }

  send(reply: FastifyReply, opts: Parameters<SpaShell['render']>[0] = {}, status = 200) {
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(this.render(opts));
  }
}
