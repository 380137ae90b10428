import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, buyer, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';
import { lastDays } from './events.stats.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET events/{id}/stats', () => {
  it('sums completed orders, counts offline orders apart, and splits sales by day and ticket', async () => {
    const s = await createSellingEvent(t.app, {
      settings: { offline_payment_instructions: 'Paga en taquilla.' },
    });
    const general = await addTicket(t.app, s.event, {
      name: 'General',
      prices: [{ price_cents: 2000, quantity: 100 }],
    });
    const vip = await addTicket(t.app, s.event, {
      name: 'VIP',
      prices: [{ price_cents: 5000, quantity: 10 }],
    });
    await addTicket(t.app, s.event, { name: 'Sin ventas' });
    await buyWithTestCard(t.app, s.event, general, { quantity: 3 });
    await buyWithTestCard(t.app, s.event, vip);
    // An offline order: held, not sold.
    const base = `/api/public/events/${s.event.id}/order`;
    const reserved = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { tickets: [{ ticket_id: vip.id, price_id: at(vip.prices, 0).id, quantity: 2 }] },
    });
    const short = reserved.json().data.short_id;
    await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
    await t.app.inject({ method: 'POST', url: `${base}/${short}/payment`, payload: { provider: 'offline' } });

    const res = await t.app.inject({ url: `/api/events/${s.event.id}/stats`, headers: s.headers });
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    expect(stats.totals).toEqual({
      orders_count: 2,
      tickets_sold: 4,
      gross_cents: 11000,
      discount_cents: 0,
      taxes_cents: 0,
      fees_cents: 0,
      attendees_count: 4,
    });
    expect(stats.awaiting_payment).toEqual({ orders_count: 1, total_cents: 10000 });
    expect(stats.daily).toHaveLength(14);
    expect(stats.daily.at(-1)).toMatchObject({ orders_count: 2, tickets_sold: 4, gross_cents: 11000 });
    expect(stats.daily.slice(0, -1).every((d: { orders_count: number }) => d.orders_count === 0)).toBe(true);
    expect(
      stats.tickets.map((x: { name: string; tickets_sold: number }) => [x.name, x.tickets_sold]),
    ).toEqual(
      expect.arrayContaining([
        ['General', 3],
        ['VIP', 1],
        ['Sin ventas', 0],
      ]),
    );

    const stranger = await createAccountWithUser(t.app);
    expect(
      (await t.app.inject({ url: `/api/events/${s.event.id}/stats`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/events/${s.event.id}/stats` })).statusCode).toBe(401);
  });

  it('names the last days in the event time zone', () => {
    const now = new Date('2026-11-22T23:30:00Z');
    expect(lastDays('Europe/Madrid', 3, now)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(lastDays('America/New_York', 2, now)).toEqual(['2026-11-21', '2026-11-22']);
  });
});
