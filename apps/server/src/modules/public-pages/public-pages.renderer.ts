import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicEvent } from '@taquilla/shared';

/**
 * `renderEventPage` of the web app's server entry (apps/web/src/features/checkout/public-event/server.tsx),
 * built by `npm run build` into apps/web/ssr/dist/event-page.mjs. Kept in step with that file by hand: the two
 * packages do not share types.
 */
export type RenderEventPage = (input: {
  eventId: string;
  event: PublicEvent | null;
  locale: string;
  search: string;
}) => { html: string; data: Record<string, unknown> };

export const SSR_BUNDLE = 'event-page.mjs';

/**
 * Loads the event page's server bundle when the web app was built with it. Without one (Vite's dev
 * server, a web build without it) the page is served as a client-rendered shell. Outside production a
 * rebuilt bundle is picked up on the next request.
 */
export class EventPageRenderer {
  private loaded: { mtime: number; render: RenderEventPage } | null = null;

  constructor(
    private ssrDir: string,
    private watch: boolean,
  ) {}

  async get(): Promise<RenderEventPage | null> {
    if (this.loaded && !this.watch) return this.loaded.render;
    const file = path.join(this.ssrDir, SSR_BUNDLE);
    if (!existsSync(file)) return null;
    const mtime = statSync(file).mtimeMs;
    if (this.loaded?.mtime !== mtime) {
      // The query string makes a rebuilt file a new module rather than the cached one.
      const mod = (await import(`${pathToFileURL(file).href}?v=${mtime}`)) as {
        renderEventPage?: RenderEventPage;
      };
      if (typeof mod.renderEventPage !== 'function') throw new Error(`${file} exports no renderEventPage`);
      this.loaded = { mtime, render: mod.renderEventPage };
    }
    return this.loaded.render;
  }
}
