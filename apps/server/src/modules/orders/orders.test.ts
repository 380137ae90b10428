import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Buys through the public API: reserve, details and (for a paid order) the given provider. */
async function buy(
  app: App,
  eventId: string,
  line: { ticket_id: string; price_id: string; quantity: number },
  who: Partial<typeof buyer> = {},
  payment: Record<string, string> | null = { provider: 'test', card_number: '4242424242424242' },
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/public/events/${eventId}/order`,
    payload: { tickets: [line] },
  });
  const short = res.json().data.short_id as string;
  const email = who.email ?? buyer.email;
  await app.inject({
    method: 'PUT',
    url: `/api/public/events/${eventId}/order/${short}`,
    payload: { ...buyer, ...who, email, email_confirmation: email },
  });
  if (payment)
    await app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/order/${short}/payment`,
      payload: payment,
    });
  return short;
}

describe('organizer orders', () => {
  it('lists the event orders with search, filters, sort and pages; carts in progress are left out', async () => {
    const { event, headers } = await createSellingEvent(t.app, {
      settings: { offline_payment_instructions: 'Paga en taquilla.' },
    });
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1000, quantity: 100 }] });
    const line = (quantity: number) => ({
      ticket_id: ticket.id,
      price_id: at(ticket.prices, 0).id,
      quantity,
    });
    await buy(t.app, event.id, line(1), { first_name: 'Ana', email: 'ana@example.com' });
    await buy(t.app, event.id, line(3), { first_name: 'Bruno', email: 'bruno@example.com' });
    await buy(
      t.app,
      event.id,
      line(2),
      { first_name: 'Carla', email: 'carla@example.com' },
      { provider: 'offline' },
    );
    await buy(t.app, event.id, line(1), { first_name: 'Dani', email: 'dani@example.com' }, null); // still RESERVED

    const list = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/orders`, headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toEqual({ current_page: 1, per_page: 20, total: 3, last_page: 1 });
    expect(list.json().data[0]).toMatchObject({
      first_name: 'Carla',
      status: 'AWAITING_OFFLINE_PAYMENT',
      item_count: 2,
    });

    const search = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/orders?query=bruno`,
      headers,
    });
    expect(search.json().data.map((o: { email: string }) => o.email)).toEqual(['bruno@example.com']);

    const sorted = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/orders?sort_by=total_cents&sort_direction=asc&per_page=2`,
      headers,
    });
    expect(sorted.json().data.map((o: { total_cents: number }) => o.total_cents)).toEqual([1000, 2000]);
    expect(sorted.json().meta.last_page).toBe(2);

    const reserved = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/orders?filter_fields[status][eq]=RESERVED`,
      headers,
    });
    expect(reserved.json().data.map((o: { first_name: string }) => o.first_name)).toEqual(['Dani']);

    for (const bad of ['sort_by=password', 'filter_fields[secret][eq]=1', 'per_page=1000', 'nope=1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/events/${event.id}/orders?${bad}`,
        headers,
      });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('shows one order with items, attendees and payments', async () => {
    const { event, headers } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event);
    const short = await buy(t.app, event.id, {
      ticket_id: ticket.id,
      price_id: at(ticket.prices, 0).id,
      quantity: 2,
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/orders`, headers });
    const id = list.json().data[0].id;
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/orders/${id}`, headers });
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({ short_id: short, status: 'COMPLETED', total_cents: 5000, item_count: 2 });
    expect(order.items).toHaveLength(1);
    expect(order.attendees).toHaveLength(2);
    expect(order.payments[0]).toMatchObject({ provider: 'test', status: 'SUCCEEDED', amount_cents: 5000 });
  });

  it('mark-paid works only for an order awaiting offline payment', async () => {
    const { event, headers } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event);
    await buy(t.app, event.id, { ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 });
    const [order] = (
      await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/orders`, headers })
    ).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/orders/${order.id}/mark-paid`,
      headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Solo se puede marcar como pagado un pedido pendiente de pago offline.',
    );
  });

  it('exports the listed orders as CSV, with the list filters, headers in the caller’s language', async () => {
    const { event, headers } = await createSellingEvent(t.app, {
      settings: { offline_payment_instructions: 'Paga en taquilla.' },
    });
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1250, quantity: 100 }] });
    const line = (quantity: number) => ({
      ticket_id: ticket.id,
      price_id: at(ticket.prices, 0).id,
      quantity,
    });
    await buy(t.app, event.id, line(2), { first_name: '=Ana', email: 'ana@example.com' });
    await buy(
      t.app,
      event.id,
      line(1),
      { first_name: 'Bruno', email: 'bruno@example.com' },
      { provider: 'offline' },
    );
    await buy(t.app, event.id, line(1), { first_name: 'Carla' }, null); // a cart: left out, as in the list

    const res = await t.app.inject({
      url: `/api/events/${event.id}/orders/export?sort_by=first_name&sort_direction=asc`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="concierto-de-otono-orders.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toMatch(
      /^Pedido,Estado,Estado del pago,Estado de la devolución,Nombre,Apellidos,Correo electrónico,Entradas,Subtotal/,
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      'Completado,Pagado,,\'=Ana,Martín,ana@example.com,2,"25,00","0,00","0,00","0,00","25,00","0,00","25,00",EUR,,Tarjeta de prueba,No,',
    );
    expect(lines[2]).toContain('Pendiente de pago offline');
    const english = await t.app.inject({
      url: `/api/events/${event.id}/orders/export?filter_fields[status][eq]=COMPLETED`,
      headers: { ...headers, 'accept-language': 'en' },
    });
    const en = english.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(en[0]).toMatch(/^Order,Status,Payment status,Refund status,First name/);
    expect(en[1]).toContain(',Completed,Paid,');
    expect(en).toHaveLength(2);
    const bad = await t.app.inject({ url: `/api/events/${event.id}/orders/export?sort_by=nope`, headers });
    expect(bad.statusCode).toBe(422);
  });

  it('another account gets 404 for every order endpoint, and bad ids get 422', async () => {
    const { event, headers } = await createSellingEvent(t.app, {
      settings: { offline_payment_instructions: 'Paga en taquilla.' },
    });
    const ticket = await addTicket(t.app, event);
    await buy(
      t.app,
      event.id,
      { ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 },
      {},
      { provider: 'offline' },
    );
    const [order] = (
      await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/orders`, headers })
    ).json().data;

    const stranger = await createAccountWithUser(t.app);
    const urls: [string, string][] = [
      ['GET', `/api/events/${event.id}/orders`],
      ['GET', `/api/events/${event.id}/orders/${order.id}`],
      ['POST', `/api/events/${event.id}/orders/${order.id}/mark-paid`],
      ['GET', `/api/events/${event.id}/orders/export`],
    ];
    for (const [method, url] of urls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: stranger.headers });
      expect(res.statusCode, url).toBe(404);
    }
    // The stranger's own event does not open someone else's order either.
    const theirs = await createSellingEvent(t.app);
    const cross = await t.app.inject({
      method: 'GET',
      url: `/api/events/${theirs.event.id}/orders/${order.id}`,
      headers: theirs.headers,
    });
    expect(cross.statusCode).toBe(404);
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/orders/${order.id}`,
      headers,
    });
    expect(still.json().data.status).toBe('AWAITING_OFFLINE_PAYMENT');

    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/orders/not-a-uuid`,
      headers,
    });
    expect(bad.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/orders` })).statusCode).toBe(
      401,
    );

    // An ORGANIZER-role user of the same account manages orders too.
    const organizer = await addUser(t.app, event.account_id, { role: 'ORGANIZER' });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/orders/${order.id}/mark-paid`,
      headers: organizer.headers,
    });
    expect(paid.statusCode).toBe(200);
  });
});
