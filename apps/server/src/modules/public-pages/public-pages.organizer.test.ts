import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent } from '../../test/factories/selling.ts';
import { buildWebWithServerBundle } from '../../test/web-bundle.ts';

/** The organizer's public page (/o/{id}) over HTTP, rendered by the real server bundle of the web app. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;
beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { WEB_DIST_DIR: await buildWebWithServerBundle() } });
  owner = await createAccountWithUser(t.app);
});
afterAll(() => t?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${url}`, { headers });
  return { status: res.status, html: await res.text(), robots: res.headers.get('x-robots-tag') };
}
const text = (html: string) =>
  html
    .replace(/<style[^>]*>.*?<\/style>/gs, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');

describe('organizer public page', () => {
  it('lists its live events (upcoming, then past) with links, in the reader language, indexable', async () => {
    const { organizer, event } = await createEvent(t.app, owner.account.id, {
      name: 'Concierto de primavera',
    });
    // Another live event of the same organizer, already over; a draft and a deleted one it must not show.
    const db = t.app.deps.db;
    const [past] = await db
      .insert(events)
      .values({
        ...event,
        id: undefined,
        name: 'Festival de invierno',
        start_date: new Date(Date.now() - 40 * 86400_000),
        end_date: new Date(Date.now() - 39 * 86400_000),
      } as typeof events.$inferInsert)
      .returning();
    await db.insert(events).values({
      ...event,
      id: undefined,
      name: 'Borrador secreto',
      status: 'DRAFT',
    } as typeof events.$inferInsert);
    await db.insert(events).values({
      ...event,
      id: undefined,
      name: 'Evento borrado',
      deleted_at: new Date(),
    } as typeof events.$inferInsert);

    const page = await get(`/o/${organizer.id}`);
    expect(page.status).toBe(200);
    expect(page.robots).toBeNull();
    expect(page.html).not.toContain('noindex');
    expect(page.html).toContain(
      `<link rel="canonical" href="${t.app.deps.config.appUrl}/o/${organizer.id}">`,
    );
    expect(page.html).toContain('<title>Sala Apolo · Taquilla</title>');
    // Rendered on the server, no script to run.
    expect(page.html).not.toMatch(/<script[^>]*src=/);
    const words = text(page.html);
    expect(words).toMatch(
      /Organizador Sala Apolo .*Próximos eventos Concierto de primavera .*Eventos pasados Festival de invierno/,
    );
    expect(words).not.toContain('Borrador secreto');
    expect(words).not.toContain('Evento borrado');
    expect(page.html).toContain(`href="/e/${event.id}/concierto-de-primavera"`);
    expect(page.html).toContain(`href="/e/${past?.id}/`);
    // The date in the event's zone and the reader's language.
    const start = new Intl.DateTimeFormat('en', {
      timeZone: 'Europe/Madrid',
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(event.start_date);
    const english = await get(`/o/${organizer.id}/sala-apolo`, { 'accept-language': 'en' });
    expect(text(english.html)).toContain('Upcoming events');
    expect(text(english.html)).toContain(start.replace(/[\s\u00a0\u202f]+/g, ' '));
    expect(text((await get(`/o/${organizer.id}?lang=ca`)).html)).toContain('Propers esdeveniments');

    // The event page links its organizer's name here; the sitemap lists the page.
    const eventPage = await get(`/e/${event.id}/${event.slug}`);
    expect(eventPage.html).toMatch(new RegExp(`<a[^>]*href="/o/${organizer.id}"[^>]*>Sala Apolo</a>`));
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.html).toContain(`<loc>${t.app.deps.config.appUrl}/o/${organizer.id}</loc>`);
  });

  it('answers 404 "organizer not found" (noindex) for an unknown id, a bad id and an organizer with nothing live', async () => {
    const { organizer } = await createEvent(t.app, owner.account.id, { status: 'DRAFT' });
    for (const url of [`/o/${organizer.id}`, '/o/00000000-0000-4000-8000-000000000000', '/o/no-es-un-id']) {
      const page = await get(url);
      expect(page.status, url).toBe(404);
      expect(page.robots).toBe('noindex, nofollow');
      expect(text(page.html)).toContain('Organizador no encontrado');
      expect(page.html).not.toContain('Sala Apolo');
    }
    const english = await get('/o/no-es-un-id', { 'accept-language': 'en' });
    expect(text(english.html)).toContain('Organizer not found');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.html).not.toContain(`/o/${organizer.id}`);
  });
});
