import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addEventDate, addTicket, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * A box-office order on an event with dates (#27) is for one of them: it must say which, it takes that
 * date's units, and a cancelled date sells nothing even at the box office.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a manual order on an event with dates', () => {
  it('names its date, takes that date’s units, and is refused on a cancelled date', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2000, quantity: 50 }] });
    const small = await addEventDate(t.app, s.event, { inDays: 5, capacity: 2 });
    await addEventDate(t.app, s.event, { inDays: 7 });
    const cancelled = await addEventDate(t.app, s.event, { inDays: 6, status: 'CANCELLED' });
    const order = (event_date_id?: string, quantity = 1) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${s.event.id}/orders`,
        headers: s.headers,
        payload: {
          buyer: { first_name: 'Rosa', last_name: 'Puig', email: 'rosa@example.com' },
          tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity }],
          amount_paid_cents: 2000 * quantity,
          send_emails: false,
          ...(event_date_id ? { event_date_id } : {}),
        },
      });

    // Two dates on sale: which one must be said.
    const undated = await order();
    expect(undated.statusCode).toBe(422);
    expect(undated.json().error.fields).toEqual({ event_date_id: 'Elige una fecha.' });

    const priced = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/orders/price`,
      headers: s.headers,
      payload: {
        tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 2 }],
        event_date_id: small.id,
      },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data.total_cents).toBe(4000);

    const sold = await order(small.id, 2);
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data.event_date).toMatchObject({ id: small.id });
    // The date's capacity of 2 is taken: a third unit is refused.
    expect((await order(small.id)).statusCode).toBe(409);

    const refused = await order(cancelled.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ event_date_id: 'Esta fecha no está a la venta.' });
  });
});
