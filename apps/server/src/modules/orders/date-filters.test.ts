import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addEventDate,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

/** The organizer's orders and attendees lists, and their exports, of one date of an event (#27). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An event with two dates: two orders (one of two tickets) on the first, one on the second. */
async function twoDates() {
  const s = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, s.event);
  const first = await addEventDate(t.app, s.event, { inDays: 5 });
  const second = await addEventDate(t.app, s.event, { inDays: 12 });
  const onFirst = [
    await buyWithTestCard(t.app, s.event, ticket, { eventDateId: first.id, quantity: 2 }),
    await buyWithTestCard(t.app, s.event, ticket, { eventDateId: first.id }),
  ];
  const onSecond = [await buyWithTestCard(t.app, s.event, ticket, { eventDateId: second.id })];
  const get = (path: string, headers = s.headers) =>
    t.app.inject({ method: 'GET', url: `/api/events/${s.event.id}/${path}`, headers });
  return { ...s, first, second, onFirst, onSecond, get };
}

const byDate = (id: string) => `filter_fields[event_date_id][eq]=${id}`;

describe('filtering by date', () => {
  it('the orders and attendees lists show only the chosen date’s rows, each presenting that date', async () => {
    const { first, second, onFirst, onSecond, get } = await twoDates();
    const all = (await get('orders')).json();
    expect(all.meta.total).toBe(3);

    const firstOrders = await get(`orders?${byDate(first.id)}`);
    expect(firstOrders.statusCode, firstOrders.body).toBe(200);
    const shorts = firstOrders.json().data.map((o: { short_id: string }) => o.short_id);
    expect(shorts.sort()).toEqual([...onFirst].sort());
    expect(firstOrders.json().data.map((o: { event_date: { id: string } }) => o.event_date.id)).toEqual([
      first.id,
      first.id,
    ]);
    const secondOrders = (await get(`orders?${byDate(second.id)}`)).json();
    expect(secondOrders.data.map((o: { short_id: string }) => o.short_id)).toEqual(onSecond);
    const both = (await get(`orders?filter_fields[event_date_id][in]=${first.id},${second.id}`)).json();
    expect(both.meta.total).toBe(3);

    const firstAttendees = (await get(`attendees?${byDate(first.id)}`)).json();
    expect(firstAttendees.meta.total).toBe(3);
    expect(new Set(firstAttendees.data.map((a: { event_date: { id: string } }) => a.event_date.id))).toEqual(
      new Set([first.id]),
    );
    const secondAttendees = (await get(`attendees?${byDate(second.id)}`)).json();
    expect(secondAttendees.data.map((a: { order_short_id: string }) => a.order_short_id)).toEqual(onSecond);
  });

  it('the exports hold only the chosen date’s rows', async () => {
    const { first, second, onFirst, onSecond, get } = await twoDates();
    const orders = await get(`orders/export?format=csv&${byDate(second.id)}`);
    expect(orders.statusCode, orders.body).toBe(200);
    const lines = orders.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith(`${onSecond[0]},`)).toBe(true);

    const attendees = await get(`attendees/export?format=csv&${byDate(first.id)}`);
    expect(attendees.statusCode, attendees.body).toBe(200);
    const rows = attendees.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(onFirst.some((short) => row.includes(`,${short},`))).toBe(true);
    expect(attendees.body).not.toContain(onSecond[0]);

    const xlsx = await get(`orders/export?format=xlsx&${byDate(first.id)}`);
    expect(xlsx.statusCode).toBe(200);
  });

  it('a malformed, unknown or other account’s date is a 422 on the parameter, never rows', async () => {
    const { get } = await twoDates();
    const other = await twoDates();
    const key = 'filter_fields[event_date_id][eq]';
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of ['orders', 'attendees', 'orders/export', 'attendees/export']) {
      for (const id of ['not-a-uuid', unknown, other.first.id]) {
        const res = await get(`${path}?${byDate(id)}`);
        expect(res.statusCode, `${path} ${id}`).toBe(422);
        expect(Object.keys(res.json().error.fields)).toEqual([key]);
        expect(res.body).not.toContain(other.onFirst[0]);
      }
      const mixed = await get(
        `${path}?filter_fields[event_date_id][in]=${other.second.id},${other.first.id}`,
      );
      expect(mixed.statusCode).toBe(422);
      expect(mixed.json().error.fields).toEqual({
        'filter_fields[event_date_id][in]': 'Alguna fecha no pertenece a este evento.',
      });
    }
    // The other account asking with its own date about this event: not found, nothing shown.
    const foreign = await other.get(`orders?${byDate(other.first.id)}`);
    expect(foreign.statusCode).toBe(200);
    const crossed = await get(`orders?${byDate(other.first.id)}`, other.headers);
    expect(crossed.statusCode).toBe(404);
  });
});

describe('the dashboard of one date', () => {
  it('counts only that date’s sales and attendees; a date of another event is a 422', async () => {
    const { first, second, get } = await twoDates();
    const whole = (await get('stats')).json().data;
    expect(whole.totals).toMatchObject({ orders_count: 3, tickets_sold: 4, attendees_count: 4 });
    const one = await get(`stats?event_date_id=${first.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.totals).toMatchObject({
      orders_count: 2,
      tickets_sold: 3,
      gross_cents: 7500,
      attendees_count: 3,
    });
    expect(one.json().data.daily.at(-1)).toMatchObject({ orders_count: 2, tickets_sold: 3 });
    expect(one.json().data.tickets.map((x: { tickets_sold: number }) => x.tickets_sold)).toEqual([3]);
    const other = (await get(`stats?event_date_id=${second.id}`)).json().data;
    expect(other.totals).toMatchObject({ orders_count: 1, tickets_sold: 1, attendees_count: 1 });

    const foreign = await twoDates();
    for (const id of [foreign.first.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await get(`stats?event_date_id=${id}`);
      expect(res.statusCode, id).toBe(422);
      expect(Object.keys(res.json().error.fields)).toEqual(['event_date_id']);
    }
  });
});

describe('the reports of one date', () => {
  it('sales and check-ins count only that date; its export too; a foreign or malformed date is a 422', async () => {
    const s = await twoDates();
    const report = async (kind: string, query = '') => {
      const res = await s.get(`reports/${kind}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const sold = (r: { rows: { tickets: number }[] }) => r.rows.reduce((n, row) => n + row.tickets, 0);
    expect(sold(await report('sales-by-ticket'))).toBe(4);
    expect(sold(await report('sales-by-ticket', `?event_date_id=${s.first.id}`))).toBe(3);
    expect(sold(await report('sales-by-ticket', `?event_date_id=${s.second.id}`))).toBe(1);
    const revenue = await report('revenue', `?event_date_id=${s.second.id}`);
    expect(revenue.rows).toEqual([expect.objectContaining({ orders: 1, gross: 2500 })]);

    const list = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/check-in-lists`,
      headers: s.headers,
      payload: { name: 'Puerta principal' },
    });
    expect(list.statusCode, list.body).toBe(201);
    // One attendee of the second date goes in.
    await t.app.deps.db.execute(sql`
      insert into check_ins (account_id, event_id, check_in_list_id, attendee_id)
      select a.account_id, a.event_id, ${list.json().data.id}::uuid, a.id
      from attendees a where a.event_date_id = ${s.second.id}::uuid`);
    const whole = await report('check-ins');
    expect(whole.rows).toEqual([expect.objectContaining({ attendees: 4, checked_in: 1 })]);
    const first = await report('check-ins', `?event_date_id=${s.first.id}`);
    expect(first.rows).toEqual([expect.objectContaining({ attendees: 3, checked_in: 0 })]);
    const second = await report('check-ins', `?event_date_id=${s.second.id}`);
    expect(second.rows).toEqual([
      expect.objectContaining({ attendees: 1, checked_in: 1, check_in_rate: 10000 }),
    ]);

    const sheet = await s.get(`reports/sales-by-ticket/export?format=csv&event_date_id=${s.second.id}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.body).toMatch(/\r\nEntrada general,1,.*\r\nTotal,1,/);

    const other = await twoDates();
    for (const id of [other.first.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      for (const path of ['reports/revenue', 'reports/revenue/export']) {
        const res = await s.get(`${path}?event_date_id=${id}`);
        expect(res.statusCode, `${path} ${id}`).toBe(422);
        expect(Object.keys(res.json().error.fields)).toEqual(['event_date_id']);
      }
    }
  });
});
