import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PublicEvent } from '@taquilla/shared';
import type { App } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import { getPublicEvent } from '../public-events/public-events.service.ts';

/** The public event as buyers see it (the public-events read model), or null when it is not public. */
export async function loadPublicEvent(app: App, id: string, promoCode?: string): Promise<PublicEvent | null> {
  try {
    return await getPublicEvent(app.deps.db, id, promoCode);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

/**
 * The event page's own JavaScript chunk and its static imports not already in index.html, so the
 * browser fetches them with the HTML instead of after the router has started. Built once per dist.
 */
export class PagePreloads {
  private cache: { mtime: number; files: string[] } | null = null;

  constructor(private distDir: string) {}

  forEventPage(): string[] {
    const index = path.join(this.distDir, 'index.html');
    if (!existsSync(index)) return [];
    // A rebuild rewrites index.html: its mtime tells when the chunk names may have changed.
    const mtime = statSync(index).mtimeMs;
    if (this.cache?.mtime !== mtime) this.cache = { mtime, files: this.compute(readFileSync(index, 'utf8')) };
    return this.cache.files;
  }

  private compute(html: string): string[] {
    const assets = path.join(this.distDir, 'assets');
    if (!existsSync(assets)) return [];
    const already = new Set([...html.matchAll(/\/assets\/([^"]+\.js)"/g)].map((m) => m[1]));
    const names = readdirSync(assets);
    const entry = names.find((n) => /^event-page-[\w-]+\.js$/.test(n));
    if (!entry) return [];
    const found: string[] = [];
    const walk = (name: string) => {
      if (already.has(name) || found.includes(name) || !names.includes(name)) return;
      found.push(name);
      const code = readFileSync(path.join(assets, name), 'utf8');
      for (const m of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) walk(m[1]);
    };
    walk(entry);
    return found.map((n) => `/assets/${n}`);
  }
}
