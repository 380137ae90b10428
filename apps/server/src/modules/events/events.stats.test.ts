import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import {
  addTax,
  addTicket,
  buyer,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';
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
      gross_revenue_cents: 11000,
      refunded_cents: 0,
      net_revenue_cents: 11000,
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

  it('subtracts refunds to the cent: gross, refunded and net, a refund on the day it was made, a cancelled order not at all', async () => {
    const s = await createSellingEvent(t.app);
    const iva = await addTax(t.app, s.account.id, {
      name: 'IVA',
      type: 'TAX',
      calculation: 'PERCENTAGE',
      value: 2100,
    });
    const fee = await addTax(t.app, s.account.id, {
      name: 'Gastos',
      type: 'FEE',
      calculation: 'FIXED',
      value: 100,
    });
    // 25,00 € + 21 % IVA (5,25 €) + 1,00 € of fees = 31,25 € a unit.
    const ticket = await addTicket(t.app, s.event, { taxIds: [iva.id, fee.id] });
    const orderId = async (short: string) =>
      one(await t.app.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, short))).id;
    const refund = async (short: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${s.event.id}/orders/${await orderId(short)}/refund`,
        headers: s.headers,
        payload,
      });
      expect(res.statusCode).toBe(200);
    };
    const two = await buyWithTestCard(t.app, s.event, ticket, { quantity: 2 }); // 62,50 €
    const old = await buyWithTestCard(t.app, s.event, ticket); // 31,25 €, sold three days ago
    await t.app.deps.db.execute(
      sql`update orders set completed_at = now() - interval '3 days' where short_id = ${old}`,
    );
    const cancelled = await buyWithTestCard(t.app, s.event, ticket); // 31,25 €, refunded and cancelled
    await refund(two, { amount_cents: 1234 });
    await refund(old, { amount_cents: 1000 });
    await refund(cancelled, { amount_cents: 3125, cancel_order: true });

    const stats = (await t.app.inject({ url: `/api/events/${s.event.id}/stats`, headers: s.headers })).json()
      .data;
    expect(stats.totals).toMatchObject({
      orders_count: 2,
      tickets_sold: 3,
      gross_cents: 9375,
      gross_revenue_cents: 9375,
      refunded_cents: 2234,
      net_revenue_cents: 7141,
      taxes_cents: 1575,
      fees_cents: 300,
    });
    // The old sale counts three days ago, its refund today: the days add up to the totals.
    expect(stats.daily.at(-4)).toMatchObject({
      gross_revenue_cents: 3125,
      refunded_cents: 0,
      net_revenue_cents: 3125,
    });
    expect(stats.daily.at(-1)).toMatchObject({
      orders_count: 1,
      gross_revenue_cents: 6250,
      refunded_cents: 2234,
      net_revenue_cents: 4016,
    });
    const days = stats.daily as { net_revenue_cents: number }[];
    expect(days.reduce((sum, d) => sum + d.net_revenue_cents, 0)).toBe(7141);

    // The event's own figures and its card in the list show the same, `revenue_cents` being the net.
    const money = {
      gross_revenue_cents: 9375,
      refunded_cents: 2234,
      net_revenue_cents: 7141,
      revenue_cents: 7141,
    };
    const detail = await t.app.inject({ url: `/api/events/${s.event.id}`, headers: s.headers });
    expect(detail.json().data.stats).toEqual({ tickets_sold: 3, orders_count: 2, ...money });
    const list = await t.app.inject({ url: '/api/events', headers: s.headers });
    expect(at(list.json().data as { stats: unknown }[], 0).stats).toEqual({
      tickets_sold: 3,
      orders_count: 2,
      ...money,
    });
  });

  it('names the last days in the event time zone', () => {
    const now = new Date('2026-11-22T23:30:00Z');
    expect(lastDays('Europe/Madrid', 3, now)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(lastDays('America/New_York', 2, now)).toEqual(['2026-11-21', '2026-11-22']);
  });
});
