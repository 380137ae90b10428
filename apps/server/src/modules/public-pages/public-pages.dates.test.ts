import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';
import { buildWebWithServerBundle } from '../../test/web-bundle.ts';
import { JSON_LD_DATES } from './public-pages.head.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { WEB_DIST_DIR: await buildWebWithServerBundle() } });
});
afterAll(() => t?.close());

const DAY = 24 * 3600 * 1000;
/** 20:00 in Madrid (winter or summer), `days` from now. */
const at = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(19, 0, 0, 0);
  return d.toISOString();
};

/** A live event with one ticket and these dates (by days from now), made through the organizer's API. */
async function eventWithDates(
  dates: { days: number; status?: string; location?: object; sale_starts_at?: string }[],
) {
  const seller = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, seller.event, { prices: [{ price_cents: 1500, quantity: 100 }] });
  const ids: string[] = [];
  for (const d of dates) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${seller.event.id}/dates`,
      headers: seller.headers,
      payload: {
        starts_at: at(d.days),
        ends_at: new Date(Date.parse(at(d.days)) + 2 * 3600 * 1000).toISOString(),
        ...(d.status ? { status: d.status } : {}),
        ...(d.location ? { location: d.location } : {}),
        ...(d.sale_starts_at ? { sale_starts_at: d.sale_starts_at } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().data.id);
  }
  return { ...seller, ticket, ids };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${url}`, { headers });
  return { status: res.status, html: await res.text() };
}
/** The raw bytes of an answer (fetch would decompress them). */
function request(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
const rootMarkup = (html: string) => {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="__TAQUILLA_DATA__">');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, end === -1 ? undefined : end);
};
const text = (markup: string) =>
  markup
    .replace(/<style[^>]*>.*?<\/style>/gs, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');
const inlined = (html: string) => {
  const m = html.match(/<script type="application\/json" id="__TAQUILLA_DATA__">(.*?)<\/script>/s);
  return m?.[1] ? JSON.parse(m[1]) : null;
};
const jsonLd = (html: string) => {
  const m = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  return m?.[1] ? JSON.parse(m[1]) : null;
};
/** "sáb, 12 dic" as the page writes a date's day in Madrid. */
const dayShort = (iso: string, locale = 'es') =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'Europe/Madrid',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })
    .format(new Date(iso))
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());
const fullDate = (iso: string) =>
  new Intl.DateTimeFormat('es', { timeZone: 'Europe/Madrid', dateStyle: 'full' })
    .format(new Date(iso))
    .replace(/[\s\u00a0\u202f]+/g, ' ');
/** The links to dates in the markup: their address and whether they are the current one. */
const dateLinks = (markup: string) =>
  [...markup.matchAll(/<a[^>]*data-testid="date-option"[^>]*>/g)].map((m) => ({
    href: m[0].match(/href="([^"]*)"/)?.[1]?.replace(/&amp;/g, '&'),
    current: m[0].includes('aria-current="true"'),
  }));

describe('public event page of an event with dates', () => {
  it('lists the upcoming dates (not the hidden, cancelled or past ones), sold out marked, and asks to choose one', async () => {
    const e = await eventWithDates([
      { days: 5 },
      { days: 12, location: { venue_name: 'Teatre Lliure', city: 'Barcelona' } },
      { days: 19, status: 'SOLD_OUT' },
      { days: 26, status: 'HIDDEN' },
      { days: 33, status: 'CANCELLED' },
      { days: -3 },
    ]);
    const { status, html } = await get(`/e/${e.event.id}/${e.event.slug}`);
    expect(status).toBe(200);
    const markup = rootMarkup(html);
    const page = text(markup);
    expect(page).toContain('Fechas');
    expect(page).toContain('Elige una fecha para ver sus entradas.');
    expect(page).toContain('3 fechas a la venta');
    expect(page).toContain(`Próxima fecha: ${fullDate(at(5))}`);
    // The phone's list: each upcoming date a link to its own address, none chosen yet; no ticket selector.
    const links = dateLinks(markup).slice(0, 3);
    expect(links.map((l) => l.href)).toEqual([0, 1, 2].map((i) => `?date=${e.ids[i]}`));
    expect(links.some((l) => l.current)).toBe(false);
    expect(page).toContain(dayShort(at(12)));
    expect(page).toContain('Teatre Lliure');
    expect(page).toContain('Agotada');
    expect(page).not.toContain('Continuar');
    for (const hidden of [e.ids[3], e.ids[4], e.ids[5]]) expect(markup).not.toContain(`${hidden}`);
    // The wide screen's calendar: the month's days with dates are buttons, with month navigation.
    expect(markup).toMatch(/<button[^>]*aria-pressed="true"[^>]*aria-label="[^"]+"/);
    expect(markup).toContain('aria-label="Mes siguiente"');
    expect(inlined(html).event.dates).toHaveLength(3);
  });

  it('a date whose own sale has not opened says from which day it is on sale', async () => {
    const opens = new Date(Date.now() + 2 * DAY).toISOString();
    const e = await eventWithDates([{ days: 5 }, { days: 12, sale_starts_at: opens }]);
    const page = text(rootMarkup((await get(`/e/${e.event.id}/${e.event.slug}`)).html));
    expect(page).toContain(`A la venta el ${dayShort(opens)}`);
    const en = await get(`/e/${e.event.id}/${e.event.slug}`, { 'accept-language': 'en' });
    expect(text(rootMarkup(en.html))).toContain(`On sale ${dayShort(opens, 'en')}`);
  });

  it('?date= opens that date: chosen in the list, its tickets, its venue and its own canonical address', async () => {
    const e = await eventWithDates([
      { days: 5 },
      { days: 12, location: { venue_name: 'Teatre Lliure', city: 'Barcelona' } },
      { days: 19 },
    ]);
    const second = e.ids[1] as string;
    const { status, html } = await get(`/e/${e.event.id}/${e.event.slug}?date=${second}`);
    expect(status).toBe(200);
    const markup = rootMarkup(html);
    const page = text(markup);
    // The phone's list and the calendar's day both link the chosen date, and only it.
    const current = dateLinks(markup).filter((l) => l.current);
    expect(current.length).toBeGreaterThan(0);
    expect(new Set(current.map((l) => l.href))).toEqual(new Set([`?date=${second}`]));
    expect(page).toContain(fullDate(at(12)));
    expect(page).not.toContain('Próxima fecha');
    expect(page).toContain('Teatre Lliure');
    expect(page).toContain('Continuar');
    expect(page).not.toContain('Elige una fecha');
    expect(html).toContain(
      `<link rel="canonical" href="${t.app.deps.config.appUrl}/e/${e.event.id}/${e.event.slug}?date=${second}">`,
    );
    expect(inlined(html).event.date_id).toBe(second);
  });

  it('?date= of a past, hidden, unknown or malformed date: a notice above the list, in the page language', async () => {
    const e = await eventWithDates([{ days: 5 }, { days: 12 }, { days: -2 }, { days: 20, status: 'HIDDEN' }]);
    for (const date of [e.ids[2], e.ids[3], '6a0f7d3e-0000-4000-8000-000000000000', 'nope']) {
      const { status, html } = await get(`/e/${e.event.id}/${e.event.slug}?date=${date}`);
      expect(status).toBe(200);
      const page = text(rootMarkup(html));
      expect(page).toContain('Esa fecha ya no está a la venta o no existe. Elige otra de la lista.');
      expect(page).toContain('Elige una fecha para ver sus entradas.');
      expect(dateLinks(rootMarkup(html)).filter((l) => l.current)).toEqual([]);
      expect(inlined(html).dateRefused).toBe(true);
    }
    const en = await get(`/e/${e.event.id}/${e.event.slug}?date=${e.ids[2]}`, { 'accept-language': 'en' });
    expect(text(rootMarkup(en.html))).toContain('That date is no longer on sale or does not exist.');
  });

  it('JSON-LD: one Event per upcoming date with its own address, venue and offers', async () => {
    const e = await eventWithDates([
      { days: 5 },
      { days: 12, location: { venue_name: 'Teatre Lliure', city: 'Barcelona' } },
      { days: 19, status: 'SOLD_OUT' },
    ]);
    const events = jsonLd((await get(`/e/${e.event.id}/${e.event.slug}`)).html);
    expect(Array.isArray(events)).toBe(true);
    expect(events).toHaveLength(3);
    const base = `${t.app.deps.config.appUrl}/e/${e.event.id}/${e.event.slug}`;
    expect(events.map((x: { url: string }) => x.url)).toEqual(e.ids.map((id) => `${base}?date=${id}`));
    expect(events.map((x: { startDate: string }) => x.startDate)).toEqual([at(5), at(12), at(19)]);
    expect(events[0]['@type']).toBe('Event');
    expect(events[0].location.name).toBe('Sala Apolo');
    expect(events[1].location.name).toBe('Teatre Lliure');
    expect(events[0].offers[0]).toMatchObject({
      price: '15.00',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: `${base}?date=${e.ids[0]}`,
    });
    expect(events[2].offers[0].availability).toBe('https://schema.org/SoldOut');

    // A date's own page describes that date alone, at its own address.
    const one = jsonLd((await get(`/e/${e.event.id}/${e.event.slug}?date=${e.ids[1]}`)).html);
    expect(one).toMatchObject({ '@type': 'Event', startDate: at(12), url: `${base}?date=${e.ids[1]}` });
    expect(one.location.name).toBe('Teatre Lliure');
  });

  it(`JSON-LD of a many-date event: the next ${JSON_LD_DATES} dates on its page, every date on its own`, async () => {
    const days = Array.from({ length: JSON_LD_DATES + 3 }, (_, i) => ({ days: i + 2 }));
    const e = await eventWithDates(days);
    const base = `${t.app.deps.config.appUrl}/e/${e.event.id}/${e.event.slug}`;
    const events = jsonLd((await get(`/e/${e.event.id}/${e.event.slug}`)).html);
    expect(events.map((x: { url: string }) => x.url)).toEqual(
      e.ids.slice(0, JSON_LD_DATES).map((id) => `${base}?date=${id}`),
    );
    const last = e.ids.at(-1);
    const own = jsonLd((await get(`/e/${e.event.id}/${e.event.slug}?date=${last}`)).html);
    expect(own).toMatchObject({ startDate: at(JSON_LD_DATES + 4), url: `${base}?date=${last}` });
  });

  it('a buyer who accepts Brotli or gzip gets the very page compressed, the same bytes each time', async () => {
    const e = await eventWithDates([{ days: 3 }, { days: 4 }]);
    const url = `${t.url}/e/${e.event.id}/${e.event.slug}`;
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    expect(html).toContain('data-testid="event-dates"');
    for (const coding of ['br', 'gzip']) {
      const bodies: Buffer[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await request(url, { 'accept-encoding': coding });
        expect(res.headers['content-encoding']).toBe(coding);
        expect(res.headers.vary).toContain('accept-encoding');
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        bodies.push(res.body);
      }
      expect(bodies[1]?.equals(bodies[0] as Buffer)).toBe(true);
      const unpacked =
        coding === 'br' ? brotliDecompressSync(bodies[0] as Buffer) : gunzipSync(bodies[0] as Buffer);
      expect(unpacked.toString('utf8')).toBe(html);
    }
  });

  it('an event without dates keeps its page: no dates, one JSON-LD Event, its tickets at once', async () => {
    const seller = await createSellingEvent(t.app);
    await addTicket(t.app, seller.event, { prices: [{ price_cents: 1500, quantity: 100 }] });
    const { html } = await get(`/e/${seller.event.id}/${seller.event.slug}`);
    const page = text(rootMarkup(html));
    expect(page).not.toContain('Fechas');
    expect(page).not.toContain('Próxima fecha');
    expect(page).toContain('Continuar');
    const ld = jsonLd(html);
    expect(ld['@type']).toBe('Event');
    expect(ld.url).toBe(`${t.app.deps.config.appUrl}/e/${seller.event.id}/${seller.event.slug}`);
  });

  it('the sitemap lists each upcoming visible date of an indexable event', async () => {
    const e = await eventWithDates([
      { days: 5 },
      { days: 12, status: 'SOLD_OUT' },
      { days: 19, status: 'HIDDEN' },
      { days: -1 },
    ]);
    const res = await fetch(`${t.url}/sitemap.xml`);
    const xml = await res.text();
    const base = `${t.app.deps.config.appUrl}/e/${e.event.id}/${e.event.slug}`;
    expect(xml).toContain(`<loc>${base}</loc>`);
    expect(xml).toContain(`<loc>${base}?date=${e.ids[0]}</loc>`);
    expect(xml).toContain(`<loc>${base}?date=${e.ids[1]}</loc>`);
    expect(xml).not.toContain(`${e.ids[2]}`);
    expect(xml).not.toContain(`${e.ids[3]}`);
  });
});

describe('ticket, print and checkout pages of a date', () => {
  it('show the date bought instead of the event’s', async () => {
    const e = await eventWithDates([{ days: 5 }, { days: 12 }]);
    const second = e.ids[1] as string;
    const base = `/api/public/events/${e.event.id}/order`;
    const reserved = await t.app.inject({
      method: 'POST',
      url: base,
      payload: {
        tickets: [{ ticket_id: e.ticket.id, price_id: e.ticket.prices[0]?.id, quantity: 1 }],
        event_date_id: second,
      },
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const short: string = reserved.json().data.short_id;
    const checkout = await get(`/checkout/${e.event.id}/${short}/details`);
    expect(text(checkout.html)).toContain(fullDate(at(12)));
    expect(text(checkout.html)).not.toContain(fullDate(at(5)));
    const details = await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
    expect(details.statusCode, details.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${base}/${short}/payment`,
      payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
    });
    expect(paid.json().data.status).toBe('COMPLETED');
    const attendee: string = paid.json().data.attendees[0].short_id;
    for (const url of [
      `/ticket/${e.event.id}/${attendee}`,
      `/ticket/${e.event.id}/${attendee}/print`,
      `/order/${e.event.id}/${short}/print`,
    ]) {
      const page = text((await get(url)).html);
      expect(page, url).toContain(fullDate(at(12)));
      expect(page, url).not.toContain(fullDate(at(5)));
    }
  });
});
