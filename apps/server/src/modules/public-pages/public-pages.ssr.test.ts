import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, buyer, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';
import { createEvent } from '../../test/factories/selling.ts';
import { buildWebWithServerBundle } from '../../test/web-bundle.ts';
import { SSR_BUNDLE } from './public-pages.renderer.ts';

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
  it('leaves the server answering the routes whose schemas the bundle also carries', async () => {
    // The bundle holds its own zod and the checkout's shared schemas: sharing zod's registry of ids with
    // the server, every reservation after the first page rendered answered 500 ("Duplicate schema id").
    // First in the file: it needs the reservation's answer not yet converted by an earlier test.
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event);
    expect((await fetch(`${t.url}/e/${s.event.id}/${s.event.slug}`)).status).toBe(200);
    const reserved = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.event.id}/order`,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }] },
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
  });

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
    // Without JavaScript the selector cannot work: the page says what to do instead.
    expect(rootMarkup(html)).toMatch(/<noscript>[\s\S]*activa JavaScript en tu navegador[\s\S]*<\/noscript>/);

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
      // A buyer is not sent to "/", the organizers' login.
      expect(rootMarkup(html)).not.toContain('href="/"');
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

describe('server-rendered ticket and print pages', () => {
  async function completedOrder(colors?: Record<string, string>) {
    const { event } = await createSellingEvent(t.app, colors ? { settings: { colors } } : {});
    const ticket = await addTicket(t.app, event);
    const shortId = await buyWithTestCard(t.app, event, ticket, {
      quantity: 2,
      attendees: [
        { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' },
        { first_name: 'Pablo', last_name: 'Ruiz', email: 'pablo@example.com' },
      ],
    });
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${event.id}/order/${shortId}`,
    });
    const attendees: { short_id: string; first_name: string }[] = order.json().data.attendees;
    return { event, shortId, attendees };
  }

  it('renders the ticket with its QR code as inline SVG, no script, noindex, in the request language', async () => {
    const { event, attendees } = await completedOrder();
    const attendee = attendees.find((a) => a.first_name === 'Lucía');
    const res = await fetch(`${t.url}/ticket/${event.id}/${attendee?.short_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('__TAQUILLA_DATA__');
    const markup = rootMarkup(html);
    expect(markup).toMatch(/<h1[^>]*>Concierto de Otoño<\/h1>/);
    expect(markup).toMatch(/data-testid="ticket-qr"[^>]*><svg/);
    expect(text(markup)).toContain('Lucía Martín');
    expect(text(markup)).toContain('Añadir al calendario');
    expect(html).toContain('<title>Concierto de Otoño · Lucía Martín</title>');

    const en = await get(`/ticket/${event.id}/${attendee?.short_id}`, { 'accept-language': 'en' });
    expect(text(rootMarkup(en.html))).toContain('Add to calendar');
    expect(en.html).toContain('<html lang="en"');
    // ?lang= switches without JavaScript and is remembered.
    const switched = await fetch(`${t.url}/ticket/${event.id}/${attendee?.short_id}?lang=en`);
    expect(switched.headers.get('set-cookie')).toMatch(/^locale=en;/);
    expect(text(rootMarkup(await switched.text()))).toContain('Add to calendar');
  });

  it('shows the time zone of the event next to its date', async () => {
    const { event, attendees } = await completedOrder();
    const { html } = await get(`/ticket/${event.id}/${attendees[0]?.short_id}`);
    const date = rootMarkup(html).match(/data-testid="ticket-date"[^>]*>(.*?)<\/p>/s)?.[1] ?? '';
    expect(text(date)).toMatch(/\((CET|CEST|GMT\+[12]), Europe\/Madrid\)/);
  });

  it('shows no scannable QR code on a ticket still awaiting its bank transfer', async () => {
    const { event } = await createSellingEvent(t.app, {
      settings: { offline_payment_instructions: 'Transferencia a ES00 0000.' },
    });
    const ticket = await addTicket(t.app, event);
    const base = `/api/public/events/${event.id}/order`;
    const reserved = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }] },
    });
    const short = reserved.json().data.short_id;
    expect((await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer })).statusCode).toBe(
      200,
    );
    const pay = await t.app.inject({
      method: 'POST',
      url: `${base}/${short}/payment`,
      payload: { provider: 'offline' },
    });
    expect(pay.json().data.status).toBe('AWAITING_OFFLINE_PAYMENT');
    const attendee = pay.json().data.attendees[0];
    expect(attendee.status).toBe('AWAITING_PAYMENT');
    expect(attendee.qr_svg).toBeUndefined();
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${event.id}/attendees/${attendee.short_id}`,
    });
    expect(api.statusCode).toBe(200);
    expect(api.json().data.qr_code).toBeUndefined();
    expect(api.json().data.qr_svg).toBeUndefined();

    const page = await get(`/ticket/${event.id}/${attendee.short_id}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('data-testid="ticket-qr"');
    expect(page.html).not.toContain('<svg');
    expect(text(rootMarkup(page.html))).toContain('Pendiente de pago');
    expect(text(rootMarkup(page.html))).toContain('El código QR aparecerá cuando se confirme el pedido.');
    const print = await get(`/order/${event.id}/${short}/print`);
    expect(print.html).not.toContain('data-testid="ticket-qr"');
  });

  it('prints one ticket or every ticket of the order, with the print script only', async () => {
    const { event, shortId, attendees } = await completedOrder();
    const one = await get(`/ticket/${event.id}/${attendees[0]?.short_id}/print`);
    expect(one.status).toBe(200);
    expect(one.html).toContain('<script src="/print.js" defer></script>');
    expect(one.html.match(/data-testid="ticket-qr"/g)).toHaveLength(1);
    const all = await get(`/order/${event.id}/${shortId}/print`);
    expect(all.status).toBe(200);
    expect(all.html.match(/data-testid="ticket-qr"/g)).toHaveLength(2);
    expect(text(rootMarkup(all.html))).toContain('Lucía Martín');
    expect(text(rootMarkup(all.html))).toContain('Pablo Ruiz');
  });

  it('puts the organizer colours on the ticket, adjusted until they read at 4.5:1', async () => {
    const { event, attendees } = await completedOrder({
      primary: '#fcc419',
      background: '#fff9db',
      text: '#adb5bd',
    });
    const { html } = await get(`/ticket/${event.id}/${attendees[0]?.short_id}`);
    const markup = rootMarkup(html);
    expect(markup).toContain('--event-bg:#fff9db');
    // The grey text and yellow buttons as given would fail; what the page uses is darker.
    expect(markup).not.toContain('--event-text:#adb5bd');
    expect(markup).toMatch(/--mantine-primary-color-filled:#[0-9a-f]{6}/);
    expect(markup).not.toContain('--mantine-primary-color-filled:#fcc419');
  });

  it('answers unknown, malformed or unfinished tickets and orders with a 404 page', async () => {
    const { event, shortId } = await completedOrder();
    const pages: [url: string, heading: string][] = [
      [`/ticket/${event.id}/a_unknown`, 'Entrada no encontrada'],
      [`/ticket/not-a-uuid/a_unknown`, 'Entrada no encontrada'],
      [`/ticket/${event.id}/a_unknown/print`, 'Entrada no encontrada'],
      [`/order/${event.id}/o_unknown/print`, 'Pedido no encontrado'],
    ];
    for (const [url, heading] of pages) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(text(rootMarkup(res.html)), url).toContain(heading);
      // Never to "/", the organizers' login: to the event's page when the link names one.
      expect(rootMarkup(res.html), url).not.toContain('href="/"');
      if (!url.includes('not-a-uuid')) {
        expect(rootMarkup(res.html), url).toContain(`href="/e/${event.id}"`);
        expect(text(rootMarkup(res.html)), url).toContain('Ver la página del evento');
      }
    }
    // A reservation not paid yet has no tickets to print.
    const ticket = await addTicket(t.app, event);
    const reserved = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${event.id}/order`,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }] },
    });
    expect((await get(`/order/${event.id}/${reserved.json().data.short_id}/print`)).status).toBe(404);
    expect((await get(`/order/${event.id}/${shortId}/print`)).status).toBe(200);
  });

  it('serves the checkout page with its messages inlined and noindex; /checkout/{id} goes back to the event', async () => {
    const { event, shortId } = await completedOrder();
    const res = await fetch(`${t.url}/checkout/${event.id}/${shortId}/details`, {
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await res.text();
    expect(html).toContain('<noscript>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    const data = inlined(html);
    expect(data.locale).toBe('en');
    expect(Object.keys(data.messages).length).toBeGreaterThan(50);
    const back = await fetch(`${t.url}/checkout/${event.id}`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`/e/${event.id}/${event.slug}`);
    expect((await fetch(`${t.url}/checkout/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('renders the checkout step on the server with the data it hydrates with, and the step the order belongs on', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event);
    const reserved = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${event.id}/order`,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 2 }] },
    });
    const open = reserved.json().data.short_id as string;

    const details = await get(`/checkout/${event.id}/${open}/details`, { 'accept-language': 'en' });
    expect(details.status).toBe(200);
    const markup = text(rootMarkup(details.html));
    expect(markup).toContain(event.name);
    expect(markup).toContain('Your details');
    expect(markup).toMatch(/Time left \d+:\d\d/);
    expect(rootMarkup(details.html)).toMatch(/autocomplete="given-name"/i);
    expect(details.html).toContain(`<title>${event.name} · Taquilla</title>`);
    const data = inlined(details.html);
    expect(data.locale).toBe('en');
    expect(data.order.short_id).toBe(open);
    expect(data.event.id).toBe(event.id);
    expect(typeof data.renderedAt).toBe('number');
    // Every date and price the markup shows, as written, for the browser to hydrate with.
    expect(Object.values(data.formats).every((f) => markup.includes(text(String(f)).trim()))).toBe(true);

    // A paid order coming back from the payment provider: the summary, at once.
    const paid = await buyWithTestCard(t.app, event, ticket, {
      quantity: 1,
      attendees: [{ first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' }],
    });
    const back = await get(`/checkout/${event.id}/${paid}/payment_return`);
    expect(back.status).toBe(200);
    expect(text(rootMarkup(back.html))).toContain('¡Gracias por tu pedido!');
    expect(text(rootMarkup(back.html))).toContain('Lucía Martín');

    // An address under the order that is no step: the app's 404 page, in the widget's frame too.
    for (const url of [
      `/checkout/${event.id}/${open}/nonsense`,
      `/checkout/${event.id}/${open}/Details`,
      `/widget/${event.id}/checkout/${open}/nonsense`,
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }

    // Unknown orders: no markup, the browser asks the API and shows its error.
    const unknown = await get(`/checkout/${event.id}/o_doesnotexist/details`);
    expect(unknown.status).toBe(200);
    expect(unknown.html).toContain('<div id="root"></div>');
    expect(inlined(unknown.html).order).toBeNull();
  });
});
