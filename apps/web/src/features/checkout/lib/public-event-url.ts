/**
 * The public event page's address. The server renders that page (apps/server public-pages), so every
 * link to it from the web app must be a full document load: a plain `<a href>`, never a router link.
 */
export const publicEventUrl = (event: { id: string; slug: string }) =>
  `/e/${encodeURIComponent(event.id)}/${event.slug}`;
