import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, orderItems, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addCapacity,
  addEventDate,
  addTicket,
  buyer,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

/** Buying one date of an event with dates (#27): which date, and stock per date, through HTTP. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let buyerNo = 0;
async function buy(
  eventId: string,
  ticket: { id: string; prices: { id: string }[] },
  quantity: number,
  eventDateId?: string | null,
) {
  buyerNo += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/public/events/${eventId}/order`,
    // A buyer each: the per-address reservation limit stays out of the way.
    remoteAddress: `10.27.${Math.floor(buyerNo / 250)}.${buyerNo % 250}`,
    payload: {
      tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity }],
      ...(eventDateId === undefined ? {} : { event_date_id: eventDateId }),
    },
  });
}

const ordersOf = (eventId: string) => t.app.deps.db.select().from(orders).where(eq(orders.event_id, eventId));

describe('which date an order is for', () => {
  it('a single-date event refuses a date and sells as before', async () => {
    const { event } = await createSellingEvent(t.app);
    const other = await createSellingEvent(t.app);
    const foreign = await addEventDate(t.app, other.event);
    const ticket = await addTicket(t.app, event);
    const refused = await buy(event.id, ticket, 1, foreign.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ event_date_id: expect.any(String) });
    expect(await ordersOf(event.id)).toHaveLength(0);
    const sold = await buy(event.id, ticket, 1);
    expect(sold.statusCode).toBe(201);
    expect(sold.json().data.event_date).toBeNull();
  });

  it('an event with dates needs an on-sale, future date of its own; nothing is reserved otherwise', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event);
    const onSale = await addEventDate(t.app, event, { inDays: 5 });
    await addEventDate(t.app, event, { inDays: 6 });
    const cancelled = await addEventDate(t.app, event, { inDays: 7, status: 'CANCELLED' });
    const hidden = await addEventDate(t.app, event, { inDays: 8, status: 'HIDDEN' });
    const soldOut = await addEventDate(t.app, event, { inDays: 9, status: 'SOLD_OUT' });
    const started = await addEventDate(t.app, event, { inDays: -1 });
    const other = await createSellingEvent(t.app);
    const foreign = await addEventDate(t.app, other.event);

    const messages = new Set<string>();
    for (const id of [undefined, null, foreign.id, cancelled.id, hidden.id, soldOut.id, started.id]) {
      const res = await buy(event.id, ticket, 1, id);
      expect(res.statusCode, String(id)).toBe(422);
      const fields = res.json().error.fields;
      expect(Object.keys(fields)).toEqual(['event_date_id']);
      messages.add(fields.event_date_id);
    }
    // Required, unknown, not on sale, started: each says why.
    expect(messages.size).toBe(4);
    const bad = await buy(event.id, ticket, 1, 'not-a-uuid');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(['event_date_id']);
    expect(await ordersOf(event.id)).toHaveLength(0);

    const sold = await buy(event.id, ticket, 2, onSale.id);
    expect(sold.statusCode).toBe(201);
    expect(sold.json().data.event_date).toEqual({
      id: onSale.id,
      starts_at: onSale.starts_at.toISOString(),
      ends_at: onSale.ends_at?.toISOString(),
      location: null,
    });
    const [order] = await ordersOf(event.id);
    expect(order?.event_date_id).toBe(onSale.id);
    const items = await t.app.deps.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order?.id ?? ''));
    expect(items.map((i) => i.event_date_id)).toEqual([onSale.id]);
  });

  it('the only date on sale is taken when none is given, and its tickets carry it', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1500, quantity: 10 }] });
    const only = await addEventDate(t.app, event, { location: { venue_name: 'Teatre Lliure' } });
    await addEventDate(t.app, event, { inDays: 12, status: 'CANCELLED' });
    const res = await buy(event.id, ticket, 1);
    expect(res.statusCode).toBe(201);
    const short = res.json().data.short_id as string;
    expect(res.json().data.event_date.location).toEqual({ venue_name: 'Teatre Lliure' });
    const orderUrl = `/api/public/events/${event.id}/order/${short}`;
    const details = await t.app.inject({ method: 'PUT', url: orderUrl, payload: buyer });
    expect(details.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${orderUrl}/payment`,
      payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.attendees[0].event_date.id).toBe(only.id);
    const [order] = await ordersOf(event.id);
    const rows = await t.app.deps.db
      .select()
      .from(attendees)
      .where(eq(attendees.order_id, order?.id ?? ''));
    expect(rows.map((a) => a.event_date_id)).toEqual([only.id]);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}/order/${short}` });
    expect(page.json().data.attendees[0].event_date.id).toBe(only.id);
  });
});

describe('stock per date', () => {
  it("a ticket's quantity applies to each date", async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1000, quantity: 2 }] });
    const a = await addEventDate(t.app, event, { inDays: 3 });
    const b = await addEventDate(t.app, event, { inDays: 4 });
    expect((await buy(event.id, ticket, 2, a.id)).statusCode).toBe(201);
    expect((await buy(event.id, ticket, 2, b.id)).statusCode).toBe(201);
    expect((await buy(event.id, ticket, 1, a.id)).statusCode).toBe(409);
    expect((await buy(event.id, ticket, 1, b.id)).statusCode).toBe(409);
  });

  it("a date's capacity limits its units across tickets; other dates are not touched", async () => {
    const { event } = await createSellingEvent(t.app);
    const stalls = await addTicket(t.app, event, {
      name: 'Platea',
      prices: [{ price_cents: 1000, quantity: 10 }],
    });
    const balcony = await addTicket(t.app, event, {
      name: 'Palco',
      prices: [{ price_cents: 2000, quantity: 10 }],
    });
    const small = await addEventDate(t.app, event, { inDays: 3, capacity: 3 });
    const large = await addEventDate(t.app, event, { inDays: 4 });
    expect((await buy(event.id, stalls, 2, small.id)).statusCode).toBe(201);
    expect((await buy(event.id, balcony, 2, small.id)).statusCode).toBe(409);
    expect((await buy(event.id, balcony, 1, small.id)).statusCode).toBe(201);
    expect((await buy(event.id, balcony, 5, large.id)).statusCode).toBe(201);
  });

  it('a capacity assignment counts every date', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1000, quantity: 10 }] });
    await addCapacity(t.app, event, 3, [ticket.id]);
    const a = await addEventDate(t.app, event, { inDays: 3 });
    const b = await addEventDate(t.app, event, { inDays: 4 });
    expect((await buy(event.id, ticket, 2, a.id)).statusCode).toBe(201);
    expect((await buy(event.id, ticket, 2, b.id)).statusCode).toBe(409);
    expect((await buy(event.id, ticket, 1, b.id)).statusCode).toBe(201);
  });
});
