import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventImages } from '../../db/schema/index.ts';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent, createTax, insertOrder } from '../../test/factories/selling.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccountWithUser(t.app);
});
afterAll(() => t.close());

type Ticket = { id: string; prices: { id: string }[] };
const api = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: owner.headers, payload });
async function ticket(eventId: string, body: Record<string, unknown>): Promise<Ticket> {
  const res = await api('POST', `/events/${eventId}/tickets`, {
    type: 'PAID',
    prices: [{ price_cents: 1000 }],
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const publicEvent = (eventId: string, query = '') =>
  t.app.inject({ url: `/api/public/events/${eventId}${query}` });
const names = (body: { data: { tickets: { name: string }[] } }) => body.data.tickets.map((x) => x.name);

/** Counts the SQL statements the app sends, on PGlite and on node-postgres alike. */
function countQueries() {
  const client = (t.app.deps.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return original.apply(this, args);
  };
  return () => {
    client.query = original;
    return n;
  };
}

describe('public read model', () => {
  it('404 for draft, archived, deleted, unknown and malformed ids', async () => {
    const draft = (await createEvent(t.app, owner.account.id, { status: 'DRAFT' })).event.id;
    const archived = (await createEvent(t.app, owner.account.id, { status: 'ARCHIVED' })).event.id;
    const deleted = (await createEvent(t.app, owner.account.id, { deleted: true })).event.id;
    for (const id of [draft, archived, deleted, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await publicEvent(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('shows visible tickets with tiers, taxes and exact availability; hides what must stay hidden', async () => {
    const { event, organizer } = await createEvent(t.app, owner.account.id, {
      settings: {
        payment_providers: ['test'],
        attendee_details_mode: 'PER_ORDER',
        colors: { primary: '#ff0000' },
      },
    });
    const vat = await createTax(t.app, owner.account.id, { is_default: true });
    const day = 86400_000;
    const general = await ticket(event.id, {
      name: 'General',
      prices: [{ price_cents: 2500, quantity: 100 }],
    });
    const tiered = await ticket(event.id, {
      name: 'Festival',
      type: 'TIERED',
      show_quantity_remaining: true,
      prices: [
        { label: 'Anticipada', price_cents: 1500, quantity: 10 },
        { label: 'Oculta', price_cents: 1, is_hidden: true },
        {
          label: 'Última hora',
          price_cents: 3000,
          sale_start_date: new Date(Date.now() + day).toISOString(),
        },
      ],
    });
    await ticket(event.id, { name: 'Oculta', is_hidden: true });
    const vip = await ticket(event.id, { name: 'VIP secreto', hidden_unless_promo_code: true });
    await ticket(event.id, { name: 'Prensa', hidden_unless_promo_code: true });
    await ticket(event.id, {
      name: 'Próxima',
      hide_before_sale_start: true,
      sale_start_date: new Date(Date.now() + day).toISOString(),
    });
    await ticket(event.id, {
      name: 'Pasada',
      hide_after_sale_end: true,
      sale_end_date: new Date(Date.now() - day).toISOString(),
    });
    const agotada = await ticket(event.id, {
      name: 'Agotada',
      hide_when_sold_out: true,
      prices: [{ price_cents: 500, quantity: 2 }],
    });
    await ticket(event.id, { name: 'Terminada', sale_end_date: new Date(Date.now() - day).toISOString() });
    await api('POST', `/events/${event.id}/capacity-assignments`, {
      name: 'Sala',
      capacity: 20,
      ticket_ids: [general.id, tiered.id],
    });
    const base = { accountId: owner.account.id, eventId: event.id };
    await insertOrder(t.app, {
      ...base,
      status: 'COMPLETED',
      items: [{ ticketId: agotada.id, priceId: at(agotada.prices, 0).id, quantity: 2 }],
    });
    await insertOrder(t.app, {
      ...base,
      items: [{ ticketId: general.id, priceId: at(general.prices, 0).id, quantity: 8 }],
    });
    await insertOrder(t.app, {
      ...base,
      reservedUntil: new Date(Date.now() - 1000),
      items: [{ ticketId: tiered.id, priceId: at(tiered.prices, 0).id, quantity: 9 }],
    });
    await api('POST', `/events/${event.id}/questions`, {
      title: 'Talla',
      type: 'RADIO',
      belongs_to: 'ATTENDEE',
      options: ['S', 'M'],
    });
    await api('POST', `/events/${event.id}/questions`, {
      title: 'Interna',
      type: 'SINGLE_LINE_TEXT',
      belongs_to: 'ORDER',
      is_hidden: true,
    });
    await api('POST', `/events/${event.id}/promo-codes`, {
      code: 'VIPONLY',
      discount_type: 'NONE',
      ticket_ids: [vip.id],
    });
    await api('POST', `/events/${event.id}/promo-codes`, {
      code: 'GLOBAL20',
      discount_type: 'PERCENTAGE',
      discount: 20,
    });
    await t.app.deps.db.insert(eventImages).values({
      account_id: owner.account.id,
      event_id: event.id,
      type: 'EVENT_COVER',
      storage_key: `${owner.account.id}/cover`,
      mime_type: 'image/webp',
      width: 2160,
      height: 1080,
      size_bytes: 1000,
      variants: [
        { width: 480, path: `${owner.account.id}/cover-480.webp` },
        { width: 1080, path: `${owner.account.id}/cover-1080.webp` },
      ],
    });

    const res = await publicEvent(event.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(['General', 'Festival', 'Terminada']);
    const json = JSON.stringify(body);
    for (const secret of [
      'Oculta',
      'VIP secreto',
      'Prensa',
      'Próxima',
      'Pasada',
      'Agotada',
      'Interna',
      'VIPONLY',
    ]) {
      expect(json).not.toContain(secret);
    }
    const [g, f, ended] = body.data.tickets;
    // General: 92 in its tier, room has 20 − 8 = 12 → 12. Festival: tier 10 (expired hold ignored) → 10.
    expect(g).toMatchObject({
      sale_state: 'ON_SALE',
      quantity_remaining: 12,
      taxes_and_fees: [{ id: vat.id, name: 'IVA', type: 'TAX', calculation: 'PERCENTAGE', value: 2100 }],
      unlocked_by_promo_code: false,
    });
    expect(
      f.prices.map((p: { label: string; sale_state: string; quantity_remaining: number | null }) => [
        p.label,
        p.sale_state,
        p.quantity_remaining,
      ]),
    ).toEqual([
      ['Anticipada', 'ON_SALE', 10],
      ['Última hora', 'NOT_STARTED', 12],
    ]);
    expect(f.quantity_remaining).toBe(12);
    expect(ended.sale_state).toBe('ENDED');
    expect(body.data).toMatchObject({
      id: event.id,
      status: 'LIVE',
      currency: 'EUR',
      organizer: { id: organizer.id, name: 'Sala Apolo' },
      settings: {
        payment_providers: ['test'],
        attendee_details_mode: 'PER_ORDER',
        colors: { primary: '#ff0000' },
      },
      questions: [{ title: 'Talla', options: ['S', 'M'], belongs_to: 'ATTENDEE' }],
      promo_code: null,
      cover: {
        url: `/uploads/${owner.account.id}/cover-1080.webp`,
        width: 2160,
        srcset: [
          { width: 480, url: `/uploads/${owner.account.id}/cover-480.webp` },
          { width: 1080, url: `/uploads/${owner.account.id}/cover-1080.webp` },
        ],
      },
    });
    expect(body.data.description).toBe('<p>Una noche <strong>única</strong>.</p>');

    // A code limited to VIP unlocks VIP only; a code for all tickets reveals no promo-hidden ticket.
    const withVip = (await publicEvent(event.id, '?promo_code=viponly')).json();
    expect(names(withVip)).toEqual(['General', 'Festival', 'VIP secreto', 'Terminada']);
    expect(withVip.data.tickets[2].unlocked_by_promo_code).toBe(true);
    expect(withVip.data.promo_code).toEqual({
      code: 'VIPONLY',
      discount_type: 'NONE',
      discount: 0,
      ticket_ids: [vip.id],
    });
    const withAll = (await publicEvent(event.id, '?promo_code=GLOBAL20')).json();
    expect(names(withAll)).toEqual(['General', 'Festival', 'Terminada']);
    const wrong = (await publicEvent(event.id, '?promo_code=NOPE')).json();
    expect(wrong.data.promo_code).toBeNull();
    expect(names(wrong)).toEqual(['General', 'Festival', 'Terminada']);
    // A hidden tier's units never count in what the public page offers.
    const hiddenTier = await ticket(event.id, {
      name: 'Con tramo oculto',
      type: 'TIERED',
      prices: [
        { label: 'Visible', price_cents: 1000, quantity: 3 },
        { label: 'Reservado', price_cents: 1000, quantity: 40, is_hidden: true },
      ],
    });
    const again = (await publicEvent(event.id))
      .json()
      .data.tickets.find((x: { id: string }) => x.id === hiddenTier.id);
    expect(again.quantity_remaining).toBe(3);
    expect(again.prices).toHaveLength(1);
  });

  it('is cacheable: short max-age, an ETag and 304 when unchanged', async () => {
    const { event } = await createEvent(t.app, owner.account.id);
    await ticket(event.id, { name: 'General' });
    const first = await publicEvent(event.id);
    expect(first.headers['cache-control']).toMatch(/public, max-age=5/);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      url: `/api/public/events/${event.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await ticket(event.id, { name: 'Nueva' });
    const changed = await t.app.inject({
      url: `/api/public/events/${event.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('sends the same number of queries for 1 ticket and for 15', async () => {
    const small = (await createEvent(t.app, owner.account.id)).event.id;
    const big = (await createEvent(t.app, owner.account.id)).event.id;
    await createTax(t.app, owner.account.id, {
      is_default: true,
      name: 'Tasa',
      type: 'FEE',
      calculation: 'FIXED',
      value: 50,
    });
    await ticket(small, { name: 'Única' });
    await api('POST', `/events/${small}/promo-codes`, { code: 'UNO', discount_type: 'NONE' });
    await api('POST', `/events/${big}/promo-codes`, { code: 'UNO', discount_type: 'NONE' });
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      const tk = await ticket(big, {
        name: `Entrada ${i}`,
        type: 'TIERED',
        prices: [
          { label: 'A', price_cents: 1000, quantity: 5 },
          { label: 'B', price_cents: 2000 },
        ],
      });
      ids.push(tk.id);
      await insertOrder(t.app, {
        accountId: owner.account.id,
        eventId: big,
        items: [{ ticketId: tk.id, priceId: at(tk.prices, 0).id, quantity: 1 }],
      });
    }
    await api('POST', `/events/${big}/capacity-assignments`, {
      name: 'Sala',
      capacity: 1000,
      ticket_ids: ids,
    });
    await api('POST', `/events/${big}/questions`, {
      title: 'Nota',
      type: 'SINGLE_LINE_TEXT',
      belongs_to: 'ORDER',
    });

    let stop = countQueries();
    expect((await publicEvent(small, '?promo_code=UNO')).statusCode).toBe(200);
    const forOne = stop();
    stop = countQueries();
    const res = await publicEvent(big, '?promo_code=UNO');
    const forMany = stop();
    expect(res.json().data.tickets).toHaveLength(15);
    expect(forMany).toBe(forOne);
    // 10 before invoicing; whether the event invoices is one more, and its dates (none here) one more.
    expect(forMany).toBeLessThanOrEqual(13);
  });

  it('lists live events only, with the list query', async () => {
    const list = await t.app.inject({ url: '/api/public/events?per_page=100' });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.meta.per_page).toBe(100);
    expect(body.data[0]).toMatchObject({ name: 'Concierto de primavera', organizer: { name: 'Sala Apolo' } });
    expect(JSON.stringify(body)).not.toContain('DRAFT');
    expect(list.headers['cache-control']).toMatch(/public/);
    expect((await t.app.inject({ url: '/api/public/events?status=DRAFT' })).statusCode).toBe(422);
    const none = await t.app.inject({ url: '/api/public/events?query=zzzz' });
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('public read model: stock disclosure and caching', () => {
  it('reveals no more stock than one order could take unless the organizer shows it', async () => {
    const { event } = await createEvent(t.app, owner.account.id);
    await ticket(event.id, {
      name: 'Discreta',
      max_per_order: 6,
      prices: [{ price_cents: 1000, quantity: 50 }],
    });
    await ticket(event.id, {
      name: 'Visible',
      max_per_order: 6,
      show_quantity_remaining: true,
      prices: [{ price_cents: 1000, quantity: 50 }],
    });
    const tickets = (await publicEvent(event.id)).json().data.tickets as {
      name: string;
      quantity_remaining: number;
      prices: { quantity_remaining: number }[];
    }[];
    const named = (name: string) =>
      at(
        tickets.filter((x) => x.name === name),
        0,
      );
    expect(named('Discreta').quantity_remaining).toBe(6);
    expect(at(named('Discreta').prices, 0).quantity_remaining).toBe(6);
    expect(named('Visible').quantity_remaining).toBe(50);
  });

  it('keeps the serialized answer for PUBLIC_CACHE_TTL_MS, one build for many readers', async () => {
    const cached = await createTestApp({ env: { PUBLIC_CACHE_TTL_MS: '60000' } });
    try {
      const user = await createAccountWithUser(cached.app);
      const { event } = await createEvent(cached.app, user.account.id);
      const get = () => cached.app.inject({ url: `/api/public/events/${event.id}` });
      const first = await get();
      expect(first.statusCode).toBe(200);
      await cached.database.db.execute(sql`update events set name = 'Renamed' where id = ${event.id}`);
      const burst = await Promise.all(Array.from({ length: 20 }, get));
      for (const res of burst) {
        expect(res.json().data.name).toBe(first.json().data.name);
        expect(res.headers.etag).toBe(first.headers.etag);
      }
      const withCode = await cached.app.inject({ url: `/api/public/events/${event.id}?promo_code=NADA` });
      expect(withCode.json().data.name).toBe('Renamed');
    } finally {
      await cached.close();
    }
  });

  it('answers a repeat of the same address from memory with the same bytes and headers, 304 and compression', async () => {
    const cached = await createTestApp({ env: { PUBLIC_CACHE_TTL_MS: '60000' } });
    try {
      const user = await createAccountWithUser(cached.app);
      const { event } = await createEvent(cached.app, user.account.id);
      await cached.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/tickets`,
        headers: user.headers,
        payload: {
          name: 'Pista de baile: ¡otoño en la azotea! 🎷',
          type: 'PAID',
          prices: [{ price_cents: 1000 }],
        },
      });
      const url = `/api/public/events/${event.id}?promo_code=`;
      const first = await cached.app.inject({ url });
      expect(first.statusCode).toBe(200);
      expect(first.rawPayload.length).toBeGreaterThan(1024);
      // Accents and emoji come back as they were written (the prepared bytes are UTF-8).
      expect(names(first.json())).toEqual(['Pista de baile: ¡otoño en la azotea! 🎷']);
      expect(cached.app.deps.answers.find(url)).toBeDefined();
      const repeat = await cached.app.inject({ url });
      const { date: _d1, ...firstHeaders } = first.headers;
      const { date: _d2, ...repeatHeaders } = repeat.headers;
      expect(repeatHeaders).toEqual(firstHeaders);
      expect(repeat.body).toBe(first.body);
      expect(repeat.headers.vary).toBe('accept-encoding');
      expect(repeat.headers['x-content-type-options']).toBe('nosniff');
      expect(repeat.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");

      const notModified = await cached.app.inject({
        url,
        headers: { 'if-none-match': `"x", ${first.headers.etag}` },
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect(notModified.headers.etag).toBe(first.headers.etag);

      const br = await cached.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
      const gzip = await cached.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
      // A coding the cache does not make: the full pipeline (@fastify/compress) answers.
      const deflate = await cached.app.inject({ url, headers: { 'accept-encoding': 'deflate' } });
      expect(deflate.headers['content-encoding']).toBe('deflate');
      expect(inflateSync(deflate.rawPayload).toString()).toBe(first.body);

      // Another spelling of the address is validated on its own.
      const tooLong = await cached.app.inject({ url: `${url}${'x'.repeat(101)}` });
      expect(tooLong.statusCode).toBe(422);
      expect(cached.app.deps.answers.find(`${url}${'x'.repeat(101)}`)).toBeUndefined();
    } finally {
      await cached.close();
    }
  });
});
