import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, orders, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { registration } from '../test/factories/auth.ts';
import { addTicket, buyer, createSellingEvent } from '../test/factories/checkout.ts';

/**
 * Text PostgreSQL cannot store (NUL, lone surrogates) and hostile list queries answer 422, never 500,
 * and write nothing — whatever the route. Each case here once answered 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NUL = 'Ana\u0000';
const LONE = 'Fiesta \ud800';

async function rowCounts() {
  const db = t.app.deps.db;
  return {
    users: (await db.select().from(users)).length,
    orders: (await db.select().from(orders)).length,
  };
}

function expect422(res: { statusCode: number; json: () => { error?: { code?: string } } }) {
  expect(res.statusCode).toBe(422);
  expect(res.json().error?.code).toBe('VALIDATION_FAILED');
}

describe('unstorable text', () => {
  it('a NUL byte or a lone surrogate in a body, a query or a path is a 422 naming the field', async () => {
    const before = await rowCounts();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ first_name: NUL }),
    });
    expect422(reg);
    expect(reg.json().error.fields).toEqual({ first_name: 'El texto contiene caracteres no válidos.' });
    // A lone surrogate written as a JSON escape, as an attacker would send it.
    const raw = JSON.stringify(registration({ email: 'x@example.com' })).replace(
      '"first_name":"',
      '"first_name":"\\udc00',
    );
    expect422(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: raw,
        headers: { 'content-type': 'application/json' },
      }),
    );
    // In a key too.
    expect422(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{"email\\u0000":"a@example.com","password":"x"}',
        headers: { 'content-type': 'application/json' },
      }),
    );

    const { event, headers } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event);
    const reserve = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${event.id}/order`,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }] },
    });
    expect(reserve.statusCode).toBe(201);
    const short: string = reserve.json().data.short_id;
    const details = await t.app.inject({
      method: 'PUT',
      url: `/api/public/events/${event.id}/order/${short}`,
      payload: { ...buyer, last_name: `Martín${'\u0000'}` },
    });
    expect422(details);
    expect(details.json().error.fields).toHaveProperty('last_name');

    for (const url of [
      `/api/public/events/${event.id}?promo_code=%00`,
      `/api/public/events/${event.id}/promo-codes/AB%00CD`,
      `/api/public/check-in-lists/abc%00def/attendees?query=%00`,
      `/e/${event.id}/concierto?promo_code=%00`,
      `/api/events?query=a%00b`,
    ]) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(422);
    }
    const door = await t.app.inject({
      method: 'POST',
      url: '/api/public/check-in-lists/abcdefghij/check-ins',
      payload: { code: `A${'\u0000'}` },
    });
    expect422(door);

    const settings = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/settings`,
      headers,
      payload: { seo_title: LONE },
    });
    expect422(settings);
    const [stored] = await t.app.deps.db.select().from(events);
    expect(JSON.stringify(stored?.settings)).not.toContain('Fiesta');
    // Nothing else was written (the reservation above is the one order).
    expect(await rowCounts()).toEqual({ users: before.users + 1, orders: before.orders + 1 });
  });

  it('well-formed text with emoji, accents and other scripts is stored as sent', async () => {
    const { event, headers } = await createSellingEvent(t.app);
    const title = 'Fiesta 🎉 ñandú — 東京';
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/settings`,
      headers,
      payload: { seo_title: title },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.seo_title).toBe(title);
  });
});

describe('hostile list queries', () => {
  it('prototype keys in sort_by and filter_fields, and huge pages, are a 422 on every list', async () => {
    const { event, headers } = await createSellingEvent(t.app);
    const lists = [
      '/api/events',
      '/api/organizers',
      '/api/users',
      `/api/events/${event.id}/orders`,
      `/api/events/${event.id}/attendees`,
    ];
    const hostile = [
      'filter_fields[__proto__][eq]=1',
      'filter_fields[constructor][eq]=1',
      'filter_fields[toString][eq]=1',
      'sort_by=__proto__',
      'sort_by=constructor',
      'sort_by=hasOwnProperty',
      'page=99999999999999999999999',
      'page=1e400',
      'per_page=99999999999999999999',
    ];
    const failures: string[] = [];
    for (const list of lists) {
      expect((await t.app.inject({ url: list, headers })).statusCode, list).toBe(200);
      for (const query of hostile) {
        const res = await t.app.inject({ url: `${list}?${query}`, headers });
        if (res.statusCode !== 422) failures.push(`${list}?${query} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
