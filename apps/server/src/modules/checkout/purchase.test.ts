import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, jobs, orders, payments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';
import * as ordersService from '../orders/orders.service.ts';
import * as repo from './checkout.repository.ts';

/**
 * The purchase's busy path (issue 14): details in one read and one conditional write, the test-card
 * payment completing the order in one statement, all or nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orderUrl = (eventId: string, short: string, tail = '') =>
  `/api/public/events/${eventId}/order/${short}${tail}`;

async function reserved(quantity = 2) {
  const { event } = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1500, quantity: 10 }] });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/events/${event.id}/order`,
    payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity }] },
  });
  expect(res.statusCode).toBe(201);
  return { event, ticket, short: res.json().data.short_id as string };
}

const rowsOf = async (eventId: string) => {
  const db = t.app.deps.db;
  const [order] = await db.select().from(orders).where(eq(orders.event_id, eventId));
  const orderId = order?.id ?? '';
  return {
    order,
    payments: await db.select().from(payments).where(eq(payments.order_id, orderId)),
    attendees: await db.select().from(attendees).where(eq(attendees.order_id, orderId)),
  };
};

describe('a whole purchase', () => {
  it('saves the details, then completes with the attendees, the payment and the e-mails at once', async () => {
    const { event, ticket, short } = await reserved();
    const saved = await t.app.inject({
      method: 'PUT',
      url: orderUrl(event.id, short),
      payload: {
        ...buyer,
        attendees: [
          { ticket_id: ticket.id, first_name: 'Lucía', last_name: 'Martín', email: buyer.email },
          { ticket_id: ticket.id, first_name: 'Pablo', last_name: 'Ruiz', email: 'pablo@example.com' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      status: 'RESERVED',
      email: buyer.email,
      attendees: [],
      payment_providers: expect.arrayContaining(['test']),
      items: [expect.objectContaining({ ticket_id: ticket.id, quantity: 2, total_cents: 3000 })],
    });
    // Back on the details step, the order gives what was saved: the form shows it again.
    const again = await t.app.inject({ method: 'GET', url: orderUrl(event.id, short) });
    const price = ticket.prices[0]?.id;
    expect(again.json().data.saved_details).toEqual({
      answers: {},
      attendees: [
        {
          ticket_id: ticket.id,
          price_id: price,
          first_name: 'Lucía',
          last_name: 'Martín',
          email: buyer.email,
          answers: {},
        },
        {
          ticket_id: ticket.id,
          price_id: price,
          first_name: 'Pablo',
          last_name: 'Ruiz',
          email: 'pablo@example.com',
          answers: {},
        },
      ],
    });

    const paid = await t.app.inject({
      method: 'POST',
      url: orderUrl(event.id, short, '/payment'),
      payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
    });
    expect(paid.statusCode).toBe(200);
    const data = paid.json().data;
    expect(data).toMatchObject({
      status: 'COMPLETED',
      payment_status: 'PAYMENT_RECEIVED',
      payment_provider: 'test',
    });
    expect(data.attendees.map((a: { first_name: string }) => a.first_name).sort()).toEqual([
      'Lucía',
      'Pablo',
    ]);
    expect(data.attendees.every((a: { qr_svg?: string }) => a.qr_svg?.startsWith('<svg'))).toBe(true);
    // The answer is what the database holds; the receipt only the order's own answer adds (the step
    // that pays leaves it out: it is read when the summary shows).
    const fresh = await t.app.inject({ method: 'GET', url: orderUrl(event.id, short) });
    const { receipt, ...order } = fresh.json().data;
    expect(order).toEqual(data);
    expect(data.receipt).toBeUndefined();
    expect(receipt).toMatchObject({ total_cents: data.total_cents, net_paid_cents: data.total_cents });

    const rows = await rowsOf(event.id);
    expect(rows.order?.completed_at).toBeInstanceOf(Date);
    expect(rows.payments).toMatchObject([{ provider: 'test', status: 'SUCCEEDED', amount_cents: 3000 }]);
    expect(rows.attendees).toHaveLength(2);
    expect(rows.attendees.every((a) => a.status === 'ACTIVE' && a.qr_secret.length === 32)).toBe(true);
    // The buyer's confirmation, and Pablo's ticket (Lucía's address is the buyer's).
    const sent = await t.app.deps.db.select().from(jobs).where(eq(jobs.kind, 'email.send'));
    const mine = sent.filter(
      (j) => JSON.stringify(j.payload).includes(short) || j.payload.to === 'pablo@example.com',
    );
    expect(mine.map((j) => j.payload.to).sort()).toEqual([buyer.email, 'pablo@example.com']);
  });

  it('writes nothing when the reservation expired between the read and the write', async () => {
    const { event, short } = await reserved(1);
    await t.app.inject({ method: 'PUT', url: orderUrl(event.id, short), payload: buyer });
    const context = await repo.loadOrderContext(t.app.deps.db, event.id, short);
    if (!context) throw new Error('no order');
    await t.app.deps.db
      .update(orders)
      .set({ reserved_until: new Date(Date.now() - 1000) })
      .where(eq(orders.id, context.order.id));
    const before = await t.app.deps.db.select().from(jobs);
    const done = await ordersService.completePaidReservation(t.app.deps, {
      order: context.order,
      items: context.items,
      event: context.event,
      payment: { provider: 'test', ref: 'test_expired', amountCents: 1500, currency: 'EUR' },
    });
    expect(done).toBeNull();
    const rows = await rowsOf(event.id);
    expect(rows.order?.status).toBe('RESERVED');
    expect(rows.payments).toEqual([]);
    expect(rows.attendees).toEqual([]);
    expect(await t.app.deps.db.select().from(jobs)).toHaveLength(before.length);

    // Nor when the amount does not cover the order.
    await t.app.deps.db
      .update(orders)
      .set({ reserved_until: new Date(Date.now() + 600_000) })
      .where(eq(orders.id, context.order.id));
    const underpaid = await ordersService.completePaidReservation(t.app.deps, {
      order: context.order,
      items: context.items,
      event: context.event,
      payment: { provider: 'test', ref: 'test_short', amountCents: 1499, currency: 'EUR' },
    });
    expect(underpaid).toBeNull();
    expect((await rowsOf(event.id)).payments).toEqual([]);
  });

  it('refuses details for an order that expired: 409, nothing saved', async () => {
    const { event, short } = await reserved(1);
    await t.app.deps.db
      .update(orders)
      .set({ reserved_until: new Date(Date.now() - 1000) })
      .where(eq(orders.short_id, short));
    const res = await t.app.inject({ method: 'PUT', url: orderUrl(event.id, short), payload: buyer });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORDER_EXPIRED');
    expect((await rowsOf(event.id)).order?.email).toBeNull();
  });
});
