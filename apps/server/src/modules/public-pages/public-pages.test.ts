import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventImages, events } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent } from '../../test/factories/selling.ts';

/**
 * A web build without the event page's server bundle (as under Vite's dev server): event.html only, so
 * these tests see the client-rendered shell with the event inlined. public-pages.ssr.test.ts covers the
 * server-rendered page.
 */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'taquilla-dist-'));
  writeFileSync(
    path.join(dir, 'event.html'),
    `<!doctype html>
<html lang="es" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <title>Taquilla</title>
    <script type="module" crossorigin src="/assets/event-AAAA.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
  );
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Taquilla</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: fakeDist() } });
  owner = await createAccountWithUser(t.app);
});
afterAll(() => t?.close());

async function liveEventWithTicket(opts: { settings?: object; name?: string } = {}) {
  const { event } = await createEvent(t.app, owner.account.id, opts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/tickets`,
    headers: owner.headers,
    payload: { name: 'General', type: 'PAID', prices: [{ price_cents: 2500, quantity: 100 }] },
  });
  expect(res.statusCode).toBe(201);
  return event;
}

const inlined = (html: string) => {
  const m = html.match(/<script type="application\/json" id="__TAQUILLA_DATA__">(.*?)<\/script>/s);
  return m?.[1] ? JSON.parse(m[1]) : null;
};
const jsonLd = (html: string) => {
  const m = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  return m?.[1] ? JSON.parse(m[1]) : null;
};

describe('public event page HTML', () => {
  it('inlines the event and its meta tags, Open Graph, Twitter card and schema.org Event', async () => {
    const event = await liveEventWithTicket();
    const res = await t.app.inject({ url: `/e/${event.id}/${event.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<title>Concierto de primavera</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Una noche única.">');
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/e/${event.id}/concierto-de-primavera">`,
    );
    expect(html).toContain('<meta property="og:title" content="Concierto de primavera">');
    expect(html).toContain('<meta property="og:description" content="Una noche única.">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('noindex');
    // Without the server bundle the root stays empty: the browser renders the page from the inlined data.
    expect(html).toContain('<div id="root"></div>');
    // A link that lost its slug opens the same page, which names its full address as canonical.
    for (const url of [`/e/${event.id}`, `/event/${event.id}`]) {
      const bare = await t.app.inject({ url });
      expect(bare.statusCode, url).toBe(200);
      expect(bare.body, url).toContain(
        `<link rel="canonical" href="http://localhost:3000/e/${event.id}/concierto-de-primavera">`,
      );
    }

    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Concierto de primavera',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Sala Apolo', address: { addressLocality: 'Barcelona' } },
      organizer: { '@type': 'Organization', name: 'Sala Apolo' },
      offers: [
        {
          '@type': 'Offer',
          price: '25.00',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
        },
      ],
    });
    expect(ld.startDate).toBe(event.start_date.toISOString());

    const data = inlined(html);
    expect(data.event).toMatchObject({ id: event.id, name: 'Concierto de primavera', status: 'LIVE' });
    expect(data.event.tickets).toHaveLength(1);
    // Same document as the public API.
    const api = await t.app.inject({ url: `/api/public/events/${event.id}` });
    expect(data.event).toEqual(api.json().data);
  });

  it('answers on /event/ too, in the request language, with SEO settings and noindex when indexing is off', async () => {
    const event = await liveEventWithTicket({
      settings: {
        allow_indexing: false,
        seo_title: 'Primavera 2027',
        seo_description: 'Entradas ya a la venta',
      },
    });
    const res = await t.app.inject({ url: `/event/${event.id}/cualquier-slug`, cookies: { locale: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain('<title>Primavera 2027</title>');
    expect(res.body).toContain('<meta name="description" content="Entradas ya a la venta">');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).toContain('<meta property="og:locale" content="en_GB">');
    expect(res.body).toContain(`href="http://localhost:3000/e/${event.id}/concierto-de-primavera"`);
  });

  it('applies a valid promo code from the URL to the inlined event and ignores an unknown one', async () => {
    const event = await liveEventWithTicket();
    const promo = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/promo-codes`,
      headers: owner.headers,
      payload: { code: 'AMIGOS', discount_type: 'PERCENTAGE', discount: 20 },
    });
    expect(promo.statusCode).toBe(201);
    const withCode = inlined((await t.app.inject({ url: `/e/${event.id}/x?promo_code=amigos` })).body);
    expect(withCode.event.promo_code).toMatchObject({ discount_type: 'PERCENTAGE', discount: 20 });
    const unknown = await t.app.inject({ url: `/e/${event.id}/x?promo_code=NOEXISTE` });
    expect(unknown.statusCode).toBe(200);
    expect(inlined(unknown.body).event.promo_code).toBeNull();
    // A code longer than any code can be, or given twice, unlocks nothing and breaks nothing.
    for (const query of [`promo_code=${'A'.repeat(300)}`, 'promo_code=amigos&promo_code=otro']) {
      const odd = await t.app.inject({ url: `/e/${event.id}/x?${query}` });
      expect(odd.statusCode, query).toBe(200);
      expect(inlined(odd.body).event.promo_code, query).toBeNull();
    }
  });

  it('shares the cover: og:image from the largest variant up to 1200 px and a preloaded srcset', async () => {
    const event = await liveEventWithTicket();
    await t.app.deps.db.insert(eventImages).values({
      account_id: owner.account.id,
      event_id: event.id,
      type: 'EVENT_COVER',
      storage_key: `covers/${event.id}`,
      mime_type: 'image/jpeg',
      width: 2160,
      height: 1080,
      size_bytes: 500_000,
      variants: [480, 960, 1200, 2160].map((w) => ({ width: w, path: `covers/${event.id}-${w}.webp` })),
    });
    const html = (await t.app.inject({ url: `/e/${event.id}/x` })).body;
    const og = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
    expect(og).toMatch(/^http:\/\/localhost:3000\/.*-1200\.webp$/);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="600">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toMatch(
      /<link rel="preload" as="image" fetchpriority="high" imagesrcset="[^"]*-480\.webp 480w, /,
    );
    expect(jsonLd(html).image).toEqual([og]);
    expect(inlined(html).event.cover.srcset).toHaveLength(4);
  });

  it('escapes organizer text in tags and in the inlined JSON', async () => {
    const evil = 'Fiesta </script><script>alert(1)</script> "x" <b>';
    const event = await liveEventWithTicket({ name: evil });
    const html = (await t.app.inject({ url: `/e/${event.id}/fiesta` })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      '<title>Fiesta &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot; &lt;b&gt;</title>',
    );
    expect(inlined(html).event.name).toBe(evil);
    expect(jsonLd(html).name).toBe(evil);
  });

  it('serves draft, archived, deleted, unknown and malformed events as a 404 page that is not indexed', async () => {
    const other = await createAccountWithUser(t.app);
    const { event: draft } = await createEvent(t.app, other.account.id, { status: 'DRAFT' });
    const { event: archived } = await createEvent(t.app, owner.account.id, { status: 'ARCHIVED' });
    const { event: deleted } = await createEvent(t.app, owner.account.id, { deleted: true });
    const urls = [
      `/e/${draft.id}/${draft.slug}`,
      `/event/${archived.id}/${archived.slug}`,
      `/e/${deleted.id}/x`,
      '/e/00000000-0000-4000-8000-000000000000/nada',
      '/e/no-es-un-id/nada',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(res.body).toContain('<title>Evento no disponible</title>');
      // The browser shows "event unavailable" at once, without asking the API again.
      expect(inlined(res.body)).toEqual({ event: null });
      expect(res.body).not.toContain('Concierto de primavera');
    }
    // Nothing was changed by the reads.
    const row = one(await t.app.deps.db.select().from(events).where(eq(events.id, draft.id)));
    expect(row.status).toBe('DRAFT');
    const en = await t.app.inject({ url: urls[0], headers: { 'accept-language': 'en' } });
    expect(en.body).toContain('<title>Event unavailable</title>');
  });

  it('publishing makes the page appear; unpublishing hides it again', async () => {
    const { event } = await createEvent(t.app, owner.account.id, { status: 'DRAFT' });
    expect((await t.app.inject({ url: `/e/${event.id}/x` })).statusCode).toBe(404);
    await t.app.deps.db.update(events).set({ status: 'LIVE' }).where(eq(events.id, event.id));
    expect((await t.app.inject({ url: `/e/${event.id}/x` })).statusCode).toBe(200);
  });

  it('reuses a finished page for PUBLIC_CACHE_TTL_MS, per promo code and language', async () => {
    const cached = await createTestApp({ env: { WEB_DIST_DIR: fakeDist(), PUBLIC_CACHE_TTL_MS: '60000' } });
    try {
      const user = await createAccountWithUser(cached.app);
      const { event } = await createEvent(cached.app, user.account.id);
      const get = (url: string, headers: Record<string, string> = {}) => cached.app.inject({ url, headers });
      const first = await get(`/e/${event.id}/x`);
      await cached.app.deps.db.update(events).set({ name: 'Renombrado' }).where(eq(events.id, event.id));
      const burst = await Promise.all(Array.from({ length: 20 }, () => get(`/e/${event.id}/x`)));
      for (const res of burst) expect(res.body).toBe(first.body);
      expect(inlined((await get(`/e/${event.id}/x?promo_code=NADA`)).body).event.name).toBe('Renombrado');
      const en = await get(`/e/${event.id}/x`, { 'accept-language': 'en' });
      expect(en.body).toContain('<html lang="en"');
      expect(inlined(en.body).event.name).toBe('Renombrado');
    } finally {
      await cached.close();
    }
  });
});

describe('what search engines read', () => {
  it('serves robots.txt pointing at the sitemap, which lists live events that allow indexing', async () => {
    const listed = await liveEventWithTicket({ name: 'Festival listado' });
    const hidden = await liveEventWithTicket({ name: 'Sin indexar', settings: { allow_indexing: false } });
    const { event: draft } = await createEvent(t.app, owner.account.id, { status: 'DRAFT' });

    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    expect(robots.body).toMatch(/^Disallow: \/api\/$/m);
    expect(robots.body).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);

    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(sitemap.body).toContain(`/e/${listed.id}/${listed.slug}</loc>`);
    expect(sitemap.body).not.toContain(hidden.id);
    expect(sitemap.body).not.toContain(draft.id);
  });

  it('answers an unknown address with the app and 404, a known screen with 200', async () => {
    for (const url of [
      '/nada',
      '/manage-not',
      '/events-x',
      '/foo/bar?x=1',
      // Under the buyer's pages, an address none of them answers.
      '/checkout/00000000-0000-4000-8000-000000000000/o_x/details/more',
      '/ticket/00000000-0000-4000-8000-000000000000/a_x/print/more',
      '/order/00000000-0000-4000-8000-000000000000/o_x',
      '/e/00000000-0000-4000-8000-000000000000/slug/more',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    for (const url of [
      '/',
      '/auth/login',
      '/manage/events',
      '/account/settings',
      '/welcome',
      '/check-in/c_x',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('promo codes tried like passwords', () => {
  it('limits the codes one address may try on an event, over every way of trying, and not other addresses', async () => {
    const { event } = await createEvent(t.app, owner.account.id);
    const page = (code: string, from = '127.0.0.1') =>
      t.app.inject({ url: `/e/${event.id}?promo_code=${code}`, remoteAddress: from });
    const data = (code: string) => t.app.inject({ url: `/api/public/events/${event.id}?promo_code=${code}` });
    const check = (code: string, from = '127.0.0.1') =>
      t.app.inject({ url: `/api/public/events/${event.id}/promo-codes/${code}`, remoteAddress: from });
    for (let i = 0; i < 10; i++) expect((await check(`GUESS${i}`)).statusCode).toBe(200);
    for (let i = 10; i < 20; i++) expect((await data(`GUESS${i}`)).statusCode).toBe(200);
    for (let i = 20; i < 30; i++) expect((await page(`GUESS${i}`)).statusCode).toBe(200);

    const refused = await check('GUESS30');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/demasiados códigos promocionales/);
    expect((await data('GUESS31')).statusCode).toBe(429);
    // The page still opens (without the code); the event without a code is not limited.
    expect((await page('GUESS32')).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/public/events/${event.id}` })).statusCode).toBe(200);
    // Another buyer is not held back by this one.
    expect((await check('GUESS33', '198.51.100.4')).statusCode).toBe(200);
  });
});
