import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent } from '../../test/factories/selling.ts';
import { SSR_BUNDLE } from './public-pages.renderer.ts';

/**
 * The server-rendered event page, over HTTP: the event page's real server bundle is built from the web
 * app's sources (`vite build --ssr`, as `npm run build` does) next to a minimal event.html.
 */
async function buildWebWithServerBundle(): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'taquilla-ssr-'));
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(
    path.join(dist, 'event.html'),
    `<!doctype html>
<html lang="es" data-mantine-color-scheme="light">
  <head><meta charset="UTF-8" /><title>Taquilla</title></head>
  <body><div id="root"></div></body>
</html>`,
  );
  const web = path.join(REPO_ROOT, 'apps/web');
  await promisify(execFile)(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'src/features/checkout/public-event/server.tsx',
      '--outDir',
      path.join(root, 'ssr', 'dist'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    // A production build, as `npm run build` makes (the test runner's NODE_ENV is "test").
    { cwd: web, env: { ...process.env, NODE_ENV: 'production' } },
  );
  return dist;
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { WEB_DIST_DIR: await buildWebWithServerBundle() } });
  owner = await createAccountWithUser(t.app);
});
afterAll(() => t?.close());

async function liveEvent(opts: { name?: string; timezone?: string } = {}) {
  const { event } = await createEvent(t.app, owner.account.id, { name: opts.name });
  const tickets = [
    { name: 'General', type: 'PAID', prices: [{ price_cents: 2500, quantity: 100 }] },
    {
      name: 'Por fases',
      type: 'TIERED',
      prices: [
        { label: 'Early bird', price_cents: 1850, quantity: 10 },
        { label: 'Anticipada', price_cents: 2200, quantity: 10 },
      ],
    },
  ];
  for (const payload of tickets) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/tickets`,
      headers: owner.headers,
      payload,
    });
    expect(res.statusCode).toBe(201);
  }
  return event;
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${url}`, { headers });
  return { status: res.status, html: await res.text() };
}

/** The server-rendered markup inside <div id="root">. */
const rootMarkup = (html: string) => {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="__TAQUILLA_DATA__">');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, end === -1 ? undefined : end);
};
/** The markup's visible text, entities decoded and no-break spaces made plain. */
const text = (markup: string) =>
  markup
    .replace(/<style[^>]*>.*?<\/style>/gs, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');
const inlined = (html: string) => {
  const m = html.match(/<script type="application\/json" id="__TAQUILLA_DATA__">(.*?)<\/script>/s);
  return m?.[1] ? JSON.parse(m[1]) : null;
};

describe('server-rendered public event page', () => {
  it('has the event, its tickets and their prices in the HTML, in Spanish by default', async () => {
    const event = await liveEvent();
    const { status, html } = await get(`/e/${event.id}/${event.slug}`);
    expect(status).toBe(200);
    const page = text(rootMarkup(html));
    expect(page).toContain('Concierto de primavera');
    expect(page).toContain('Entradas');
    expect(page).toContain('General 25,00 €');
    expect(page).toContain('Early bird 18,50 €');
    expect(page).toContain('Anticipada 22,00 €');
    expect(page).toContain('Organiza Sala Apolo');
    expect(page).toContain('Acerca del evento Una noche única .');
    expect(page).toContain('Continuar');
    expect(page).toContain('¿Tienes un código promocional?');
    expect(rootMarkup(html)).toMatch(/<h1[^>]*>Concierto de primavera<\/h1>/);

    // The date is written in the event's time zone (Europe/Madrid), whatever the server's clock zone.
    const start = new Date(event.start_date);
    const madrid = new Intl.DateTimeFormat('es', {
      timeZone: 'Europe/Madrid',
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(start);
    expect(page).toContain(madrid.replace(/[\s\u00a0\u202f]+/g, ' '));

    // The browser hydrates with the same locale, messages and formatted texts the server used.
    const data = inlined(html);
    expect(data.event.id).toBe(event.id);
    expect(data.locale).toBe('es');
    expect(Object.keys(data.messages).length).toBeGreaterThan(50);
    expect(data.formats['money|2500|EUR'].replace(/\s/g, ' ')).toBe('25,00 €');
  });

  it('renders in English with Accept-Language: en or the locale cookie', async () => {
    const event = await liveEvent();
    const requests: Record<string, string>[] = [
      { 'accept-language': 'en-GB,en;q=0.9' },
      { cookie: 'locale=en' },
    ];
    for (const headers of requests) {
      const { status, html } = await get(`/event/${event.id}/${event.slug}`, headers);
      expect(status).toBe(200);
      expect(html).toContain('<html lang="en"');
      const page = text(rootMarkup(html));
      expect(page).toContain('Tickets');
      expect(page).toContain('General €25.00');
      expect(page).toContain('Early bird €18.50');
      expect(page).toContain('Organized by Sala Apolo');
      expect(page).toContain('About the event');
      expect(page).toContain('Continue');
      expect(page).not.toContain('Entradas');
      expect(inlined(html).locale).toBe('en');
    }
    // The cookie wins over the browser language, as in the rest of the app.
    const { html } = await get(`/e/${event.id}/${event.slug}`, {
      cookie: 'locale=es',
      'accept-language': 'en',
    });
    expect(text(rootMarkup(html))).toContain('General 25,00 €');
  });

  it('applies a promo code from the address in the markup', async () => {
    const event = await liveEvent();
    const promo = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/promo-codes`,
      headers: owner.headers,
      payload: { code: 'AMIGOS', discount_type: 'PERCENTAGE', discount: 20 },
    });
    expect(promo.statusCode).toBe(201);
    const page = text(rootMarkup((await get(`/e/${event.id}/${event.slug}?promo_code=amigos`)).html));
    expect(page).toContain('Código promocional aplicado: AMIGOS');
    expect(page).toContain('General 20,00 € 25,00 €');
    const wrong = text(rootMarkup((await get(`/e/${event.id}/${event.slug}?promo_code=NOVALE`)).html));
    expect(wrong).toContain('El código promocional no es válido o no se reconoce.');
    expect(wrong).toContain('General 25,00 €');
  });

  it('escapes the organizer’s text in the markup', async () => {
    const evil = `Fiesta </div><script>alert(1)</script> "x" <b>negrita</b> $& $' & más`;
    const event = await liveEvent({ name: evil });
    const { status, html } = await get(`/e/${event.id}/${event.slug}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>negrita');
    const markup = rootMarkup(html);
    expect(markup).toContain(
      'Fiesta &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot; &lt;b&gt;negrita&lt;/b&gt; $&amp; $&#x27; &amp; más',
    );
    expect(text(markup)).toContain(evil);
    expect(html).toContain(
      "<title>Fiesta &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot; &lt;b&gt;negrita&lt;/b&gt; $&amp; $' &amp; más</title>",
    );
    expect(inlined(html).event.name).toBe(evil);
  });

  it('answers a draft or unknown event with 404, noindex and the "event unavailable" markup', async () => {
    const { event: draft } = await createEvent(t.app, owner.account.id, { status: 'DRAFT' });
    for (const url of [`/e/${draft.id}/${draft.slug}`, '/e/00000000-0000-4000-8000-000000000000/nada']) {
      const { status, html } = await get(url);
      expect(status, url).toBe(404);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(rootMarkup(html)).toMatch(/<h1[^>]*>Evento no disponible<\/h1>/);
      expect(html).not.toContain('Concierto de primavera');
      expect(inlined(html).event).toBeNull();
    }
    const en = await get(`/e/${draft.id}/${draft.slug}`, { 'accept-language': 'en' });
    expect(en.status).toBe(404);
    expect(rootMarkup(en.html)).toMatch(/<h1[^>]*>Event unavailable<\/h1>/);
  });

  it('does not serve the server bundle as a static file', async () => {
    expect((await get(`/ssr/dist/${SSR_BUNDLE}`)).html).not.toContain('renderEventPage');
    expect((await get(`/../ssr/dist/${SSR_BUNDLE}`)).html).not.toContain('renderEventPage');
  });
});
