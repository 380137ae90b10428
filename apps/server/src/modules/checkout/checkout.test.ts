import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, jobs, orders } from '../../db/schema/index.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addAffiliate,
  addCapacity,
  addPromoCode,
  addQuestion,
  addTax,
  addTicket,
  buyer,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const orderUrl = (eventId: string, short?: string, tail = '') =>
  `/api/public/events/${eventId}/order${short ? `/${short}` : ''}${tail}`;

async function reserve(eventId: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: orderUrl(eventId), payload: body as object, headers });
}

async function details(eventId: string, short: string, body: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'PUT', url: orderUrl(eventId, short), payload: { ...buyer, ...body } });
}

async function pay(eventId: string, short: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: orderUrl(eventId, short, '/payment'), payload: body });
}

const orderCount = async (eventId: string) =>
  (await t.app.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.event_id, eventId))).length;

/** Moves an order's reservation into the past, as if its timeout had run out. */
const expire = (short: string) =>
  t.app.deps.db.execute(
    sql`update orders set reserved_until = now() - interval '1 second' where short_id = ${short}`,
  );

describe('paid order with the test card', () => {
  it('reserves, takes details, pays, completes, creates attendees and queues e-mails', async () => {
    const { event, account } = await createSellingEvent(t.app);
    const iva = await addTax(t.app, account.id, {
      name: 'IVA',
      type: 'TAX',
      calculation: 'PERCENTAGE',
      value: 2100,
    });
    const fee = await addTax(t.app, account.id, {
      name: 'Gastos',
      type: 'FEE',
      calculation: 'FIXED',
      value: 100,
    });
    const ticket = await addTicket(t.app, event, { taxIds: [iva.id, fee.id] });

    const res = await reserve(event.id, {
      tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 2 }],
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.short_id).toMatch(/^o_[0-9A-Za-z]{20}$/);
    expect(order.status).toBe('RESERVED');
    expect(new Date(order.reserved_until).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // 25,00 € + 21 % IVA (5,25 €) + 1,00 € fee = 31,25 € per unit.
    expect(order.items[0]).toMatchObject({
      quantity: 2,
      unit_price_cents: 2500,
      taxes_cents: 1050,
      fees_cents: 200,
    });
    expect(order).toMatchObject({
      subtotal_cents: 5000,
      taxes_cents: 1050,
      fees_cents: 200,
      total_cents: 6250,
    });
    expect(order.payment_providers).toContain('test');
    // The reservation's answer is the stored order.
    const stored = (await t.app.inject({ method: 'GET', url: orderUrl(event.id, order.short_id) })).json()
      .data;
    expect(stored.items).toEqual(order.items);
    expect(stored.reserved_until).toBe(order.reserved_until);
    expect(stored.total_cents).toBe(order.total_cents);

    const d = await details(event.id, order.short_id, {
      attendees: [
        { ticket_id: ticket.id, first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' },
        { ticket_id: ticket.id, first_name: 'Pablo', last_name: 'Ruiz', email: 'pablo@example.com' },
      ],
    });
    expect(d.statusCode).toBe(200);
    expect(d.json().data.status).toBe('RESERVED');

    const paid = await pay(event.id, order.short_id, {
      provider: 'test',
      card_number: '4242 4242 4242 4242',
    });
    expect(paid.statusCode).toBe(200);
    const done = paid.json().data;
    expect(done).toMatchObject({
      status: 'COMPLETED',
      payment_status: 'PAYMENT_RECEIVED',
      payment_provider: 'test',
    });
    expect(done.attendees).toHaveLength(2);
    expect(done.attendees[0].short_id).toMatch(/^a_/);
    expect(done.attendees[0].qr_svg).toContain('<svg');
    expect(done.attendees.map((a: { email: string }) => a.email).sort()).toEqual([
      'lucia@example.com',
      'pablo@example.com',
    ]);

    const rows = await t.app.deps.db.select().from(attendees).where(eq(attendees.event_id, event.id));
    expect(rows.every((a) => a.status === 'ACTIVE' && a.qr_secret.length === 32)).toBe(true);

    // Confirmation to the buyer, a ticket e-mail to Pablo (different address), none to Lucía's own ticket.
    const mail = await t.app.deps.db.select().from(jobs).where(eq(jobs.kind, 'email.send'));
    const recipients = mail.map((j) => j.payload.to).sort();
    expect(recipients).toEqual(['lucia@example.com', 'pablo@example.com']);
    const toBuyer = mail.find((j) => j.payload.to === 'lucia@example.com')!.payload;
    expect(String(toBuyer.subject)).toContain('Concierto de Otoño');
    expect(String(toBuyer.text)).toContain(`/checkout/${event.id}/${order.short_id}/summary`);
    const toPablo = mail.find((j) => j.payload.to === 'pablo@example.com')!.payload;
    const pablo = done.attendees.find((a: { email: string }) => a.email === 'pablo@example.com');
    expect(String(toPablo.text)).toContain(`/ticket/${event.id}/${pablo.short_id}`);
    expect(await t.app.deps.jobs.drain()).toBeGreaterThanOrEqual(2);

    const again = await t.app.inject({ method: 'GET', url: orderUrl(event.id, order.short_id) });
    expect(again.json().data.status).toBe('COMPLETED');

    // Paying a completed order again is refused; nothing changes.
    const twice = await pay(event.id, order.short_id, { provider: 'test', card_number: '4242424242424242' });
    expect(twice.statusCode).toBe(409);
  });

  it('a declined card answers 409 PAYMENT_FAILED, the order stays payable, and a retry succeeds', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event);
    const order = (
      await reserve(event.id, {
        tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
      })
    ).json().data;
    await details(event.id, order.short_id);
    const declined = await pay(event.id, order.short_id, {
      provider: 'test',
      card_number: '4000 0000 0000 0002',
    });
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error.code).toBe('PAYMENT_FAILED');
    expect(declined.json().error.message).toBe(
      'El pago ha fallado. Revisa los datos o prueba con otra tarjeta.',
    );
    const get = await t.app.inject({ method: 'GET', url: orderUrl(event.id, order.short_id) });
    expect(get.json().data).toMatchObject({ status: 'RESERVED', payment_status: 'PAYMENT_FAILED' });
    const english = await t.app.inject({
      method: 'POST',
      url: orderUrl(event.id, order.short_id, '/payment'),
      headers: { 'accept-language': 'en' },
      payload: { provider: 'test', card_number: '4000000000000002' },
    });
    expect(english.json().error.message).toBe('The payment failed. Check your details or try another card.');
    const bad = await pay(event.id, order.short_id, { provider: 'test', card_number: '1234' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.card_number).toBeTruthy();
    const ok = await pay(event.id, order.short_id, { provider: 'test', card_number: '4242424242424242' });
    expect(ok.json().data.status).toBe('COMPLETED');
  });

  it('cannot pay before giving details, nor with a provider the event does not offer', async () => {
    const { event } = await createSellingEvent(t.app, { settings: { payment_providers: ['offline'] } });
    const ticket = await addTicket(t.app, event);
    const order = (
      await reserve(event.id, {
        tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
      })
    ).json().data;
    const early = await pay(event.id, order.short_id, { provider: 'test', card_number: '4242424242424242' });
    expect(early.statusCode).toBe(409);
    await details(event.id, order.short_id);
    const notOffered = await pay(event.id, order.short_id, {
      provider: 'test',
      card_number: '4242424242424242',
    });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().error.fields.provider).toBeTruthy();
    // offline is listed but the event has no instructions, so it is not offered either
    const offline = await pay(event.id, order.short_id, { provider: 'offline' });
    expect(offline.statusCode).toBe(422);
  });
});

describe('free, donation, tiered, promo-discounted and offline orders', () => {
  it('a free order completes at the details step with no payment', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, {
      price_type: 'FREE',
      prices: [{ price_cents: 0, quantity: 50 }],
    });
    const order = (
      await reserve(event.id, {
        tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 3 }],
      })
    ).json().data;
    expect(order.total_cents).toBe(0);
    const d = await details(event.id, order.short_id);
    expect(d.json().data).toMatchObject({ status: 'COMPLETED', payment_status: 'NO_PAYMENT_REQUIRED' });
    // Without per-attendee details each unit gets the buyer's.
    expect(d.json().data.attendees).toHaveLength(3);
    expect(d.json().data.attendees[0]).toMatchObject({ first_name: 'Lucía', email: 'lucia@example.com' });
  });

  it('a donation takes the amount chosen, never below the minimum', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, { price_type: 'DONATION', prices: [{ price_cents: 500 }] });
    const line = { ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 };
    const low = await reserve(event.id, { tickets: [{ ...line, amount_cents: 499 }] });
    expect(low.statusCode).toBe(422);
    expect(low.json().error.fields['tickets.0.amount_cents']).toContain('5,00');
    const res = await reserve(event.id, { tickets: [{ ...line, amount_cents: 1500 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.total_cents).toBe(1500);
    const short = res.json().data.short_id;
    await details(event.id, short);
    const paid = await pay(event.id, short, { provider: 'test', card_number: '4242424242424242' });
    expect(paid.json().data.status).toBe('COMPLETED');
  });

  it('a donation whose total is too large to store is refused with a message, not a 500', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, {
      price_type: 'DONATION',
      max_per_order: 1000,
      prices: [{ price_cents: 500 }],
    });
    const line = { ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1000 };
    const huge = await reserve(event.id, { tickets: [{ ...line, amount_cents: 100_000_000 }] });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().error.fields.tickets).toBe(
      'El importe del pedido es demasiado alto. Reduce la cantidad o la aportación.',
    );
    expect(await orderCount(event.id)).toBe(0);
  });

  it('a tiered ticket prices each tier and limits each tier to its quantity', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, {
      name: 'Abono',
      price_type: 'TIERED',
      prices: [
        { label: 'Anticipada', price_cents: 1800, quantity: 2 },
        { label: 'Taquilla', price_cents: 2400, quantity: 10 },
      ],
    });
    const early = at(ticket.prices, 0);
    const late = at(ticket.prices, 1);
    const res = await reserve(event.id, {
      tickets: [
        { ticket_id: ticket.id, price_id: early.id, quantity: 2 },
        { ticket_id: ticket.id, price_id: late.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.total_cents).toBe(2 * 1800 + 2400);
    expect(
      res
        .json()
        .data.items.map((i: { price_label: string }) => i.price_label)
        .sort(),
    ).toEqual(['Anticipada', 'Taquilla']);
    const more = await reserve(event.id, {
      tickets: [{ ticket_id: ticket.id, price_id: early.id, quantity: 1 }],
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toMatchObject({
      code: 'SOLD_OUT',
      message: 'No quedan entradas suficientes de «Abono».',
    });
  });

  it('a promo code discounts, unlocks a hidden ticket and counts its uses', async () => {
    const { event } = await createSellingEvent(t.app);
    const general = await addTicket(t.app, event, { prices: [{ price_cents: 2000 }] });
    const vip = await addTicket(t.app, event, {
      name: 'VIP',
      hidden_unless_promo_code: true,
      prices: [{ price_cents: 5000 }],
    });
    // Only a code that names the hidden ticket unlocks it; a code for every ticket does not.
    await addPromoCode(t.app, event, {
      code: 'OTONO20',
      discount_type: 'PERCENTAGE',
      discount: 20,
      max_uses: 1,
      ticket_ids: [vip.id, general.id],
    });
    await addPromoCode(t.app, event, { code: 'TODOS10', discount_type: 'PERCENTAGE', discount: 10 });
    const vipLine = { ticket_id: vip.id, price_id: at(vip.prices, 0).id, quantity: 1 };

    const hidden = await reserve(event.id, { tickets: [vipLine] });
    expect(hidden.statusCode).toBe(422);
    const forAll = await reserve(event.id, { tickets: [vipLine], promo_code: 'todos10' });
    expect(forAll.statusCode).toBe(422);
    const bad = await reserve(event.id, { tickets: [vipLine], promo_code: 'NOEXISTE' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.promo_code).toBe('El código promocional no es válido o no se reconoce.');

    const res = await reserve(event.id, {
      tickets: [vipLine, { ticket_id: general.id, price_id: at(general.prices, 0).id, quantity: 1 }],
      promo_code: 'otono20',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      promo_code: 'OTONO20',
      discount_cents: 1000 + 400,
      total_cents: 5600,
    });

    // max_uses 1: the code is held by the reservation above.
    const second = await reserve(event.id, { tickets: [vipLine], promo_code: 'OTONO20' });
    expect(second.statusCode).toBe(422);
    // Abandoning frees the use at once.
    await t.app.inject({ method: 'POST', url: orderUrl(event.id, res.json().data.short_id, '/abandon') });
    const third = await reserve(event.id, { tickets: [vipLine], promo_code: 'OTONO20' });
    expect(third.statusCode).toBe(201);
  });

  it('offline payment holds the units, shows the instructions, and the organizer marks it paid', async () => {
    const instructions = 'Transferencia a ES12 3456 7890 1234 5678 9012 indicando el número de pedido.';
    const { event, headers } = await createSellingEvent(t.app, {
      settings: { offline_payment_instructions: instructions },
    });
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1000, quantity: 2 }] });
    const line = { ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 2 };
    const order = (await reserve(event.id, { tickets: [line] })).json().data;
    expect(order.payment_providers).toEqual(['test', 'offline']);
    await details(event.id, order.short_id);
    const res = await pay(event.id, order.short_id, { provider: 'offline' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'AWAITING_OFFLINE_PAYMENT',
      payment_status: 'AWAITING_PAYMENT',
      offline_payment_instructions: instructions,
    });
    expect(res.json().data.attendees.every((a: { status: string }) => a.status === 'AWAITING_PAYMENT')).toBe(
      true,
    );
    // Held even after the reservation time: no units left.
    await expire(order.short_id);
    expect((await reserve(event.id, { tickets: [{ ...line, quantity: 1 }] })).statusCode).toBe(409);

    const row = one(await t.app.deps.db.select().from(orders).where(eq(orders.short_id, order.short_id)));
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/orders/${row.id}/mark-paid`,
      headers,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED' });
    expect(paid.json().data.attendees.every((a: { status: string }) => a.status === 'ACTIVE')).toBe(true);
  });
});

describe('rules', () => {
  it('refuses tampered prices, bad quantities, unknown tickets and a non-LIVE event, changing nothing', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, { min_per_order: 2, max_per_order: 4 });
    const line = { ticket_id: ticket.id, price_id: at(ticket.prices, 0).id };
    const cases: [unknown, number][] = [
      [{ tickets: [{ ...line, quantity: 2, amount_cents: 1 }] }, 422],
      [{ tickets: [{ ...line, quantity: 1 }] }, 422],
      [{ tickets: [{ ...line, quantity: 5 }] }, 422],
      [{ tickets: [{ ...line, quantity: 0 }] }, 422],
      [{ tickets: [{ ...line, quantity: 2 }], total_cents: 1 }, 422],
      [{ tickets: [{ ...line, ticket_id: crypto.randomUUID(), quantity: 2 }] }, 422],
      [{ tickets: [{ ...line, price_id: crypto.randomUUID(), quantity: 2 }] }, 422],
      [{ tickets: [] }, 422],
      [{ tickets: 'todas' }, 422],
    ];
    for (const [body, status] of cases) {
      const res = await reserve(event.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.message).toBe('Revisa los datos introducidos.');
    }
    const en = await reserve(event.id, { tickets: [{ ...line, quantity: 1 }] }, { 'accept-language': 'en' });
    expect(en.json().error.fields['tickets.0.quantity']).toBe('Choose at least 2 of "Entrada general".');
    expect(await orderCount(event.id)).toBe(0);

    const draft = await createSellingEvent(t.app, { status: 'DRAFT' });
    const draftTicket = await addTicket(t.app, draft.event);
    const res = await reserve(draft.event.id, {
      tickets: [{ ticket_id: draftTicket.id, price_id: at(draftTicket.prices, 0).id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Este evento no está disponible.');
    // A ticket of another event cannot be bought through this one.
    const cross = await reserve(event.id, {
      tickets: [{ ticket_id: draftTicket.id, price_id: at(draftTicket.prices, 0).id, quantity: 2 }],
    });
    expect(cross.statusCode).toBe(422);
    expect(await orderCount(draft.event.id)).toBe(0);
  });

  it('enforces sale windows of tickets and tiers', async () => {
    const { event } = await createSellingEvent(t.app);
    const later = await addTicket(t.app, event, { sale_start_date: new Date(Date.now() + 3600_000) });
    const over = await addTicket(t.app, event, { sale_end_date: new Date(Date.now() - 1000) });
    const a = await reserve(event.id, {
      tickets: [{ ticket_id: later.id, price_id: at(later.prices, 0).id, quantity: 1 }],
    });
    expect(a.json().error.fields['tickets.0.ticket_id']).toBe('La venta de esta entrada aún no ha empezado.');
    const b = await reserve(event.id, {
      tickets: [{ ticket_id: over.id, price_id: at(over.prices, 0).id, quantity: 1 }],
    });
    expect(b.json().error.fields['tickets.0.ticket_id']).toBe('La venta de esta entrada ha terminado.');
  });

  it('a capacity assignment limits several tickets together', async () => {
    const { event } = await createSellingEvent(t.app);
    const a = await addTicket(t.app, event, { name: 'Pista' });
    const b = await addTicket(t.app, event, { name: 'Grada' });
    await addCapacity(t.app, event, 3, [a.id, b.id]);
    const first = await reserve(event.id, {
      tickets: [
        { ticket_id: a.id, price_id: at(a.prices, 0).id, quantity: 2 },
        { ticket_id: b.id, price_id: at(b.prices, 0).id, quantity: 1 },
      ],
    });
    expect(first.statusCode).toBe(201);
    const second = await reserve(event.id, {
      tickets: [{ ticket_id: b.id, price_id: at(b.prices, 0).id, quantity: 1 }],
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('SOLD_OUT');
  });

  it('expiry frees the units at once and the order answers "order expired"', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1000, quantity: 1 }] });
    const line = { ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 };
    const first = (await reserve(event.id, { tickets: [line] })).json().data;
    // Refused under the locks, then (the ticket now known sold out) by the count without locks.
    for (let i = 0; i < 2; i++) {
      const refused = await reserve(event.id, { tickets: [line] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('SOLD_OUT');
    }
    await expire(first.short_id);
    const second = await reserve(event.id, { tickets: [line] });
    expect(second.statusCode).toBe(201);

    const get = await t.app.inject({ method: 'GET', url: orderUrl(event.id, first.short_id) });
    expect(get.statusCode).toBe(409);
    expect(get.json().error).toEqual({
      code: 'ORDER_EXPIRED',
      message: 'Tu pedido ha caducado. Empieza un pedido nuevo.',
    });
    expect((await details(event.id, first.short_id)).statusCode).toBe(409);
    const late = await pay(event.id, first.short_id, { provider: 'test', card_number: '4242424242424242' });
    expect(late.json().error.code).toBe('ORDER_EXPIRED');
  });

  it('abandon frees the units; an abandoned or unknown order no longer exists', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1000, quantity: 1 }] });
    const line = { ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 };
    const order = (await reserve(event.id, { tickets: [line] })).json().data;
    const ab = await t.app.inject({ method: 'POST', url: orderUrl(event.id, order.short_id, '/abandon') });
    expect(ab.json().data.status).toBe('ABANDONED');
    expect((await reserve(event.id, { tickets: [line] })).statusCode).toBe(201);
    const gone = await t.app.inject({ method: 'GET', url: orderUrl(event.id, order.short_id) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Este pedido ya no existe.');
    const unknown = await t.app.inject({ method: 'GET', url: orderUrl(event.id, 'o_AAAAAAAAAAAAAAAAAAAA') });
    expect(unknown.statusCode).toBe(404);
    // The order of one event is not found through another event.
    const other = await createSellingEvent(t.app);
    const elsewhere = await t.app.inject({ method: 'GET', url: orderUrl(other.event.id, order.short_id) });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('gives a reservation more time once, keeping its units; not twice, not after it expired', async () => {
    const { event } = await createSellingEvent(t.app, { orderTimeoutMinutes: 10 });
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1000, quantity: 1 }] });
    const line = { ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 };
    const order = (await reserve(event.id, { tickets: [line] })).json().data;
    expect(order.can_extend).toBe(true);
    // Two minutes left, when the page warns the buyer.
    await t.app.deps.db.execute(
      sql`update orders set reserved_until = now() + interval '2 minutes' where short_id = ${order.short_id}`,
    );
    const extend = () => t.app.inject({ method: 'POST', url: orderUrl(event.id, order.short_id, '/extend') });
    const first = await extend();
    expect(first.statusCode).toBe(200);
    const until = new Date(first.json().data.reserved_until).getTime();
    expect(until).toBeGreaterThan(Date.now() + 9.5 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(first.json().data.can_extend).toBe(false);
    const read = await t.app.inject({ method: 'GET', url: orderUrl(event.id, order.short_id) });
    expect(read.json().data).toMatchObject({
      reserved_until: first.json().data.reserved_until,
      can_extend: false,
    });
    // The unit stays held: nobody else can reserve it.
    expect((await reserve(event.id, { tickets: [line] })).statusCode).toBe(409);

    const second = await extend();
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Ya has pedido más tiempo una vez para este pedido.');
    expect(
      (await t.app.inject({ method: 'GET', url: orderUrl(event.id, order.short_id) })).json().data
        .reserved_until,
    ).toBe(first.json().data.reserved_until);

    const other = await createSellingEvent(t.app);
    const otherTicket = await addTicket(t.app, other.event);
    const lapsed = (
      await reserve(other.event.id, {
        tickets: [{ ticket_id: otherTicket.id, price_id: at(otherTicket.prices, 0).id, quantity: 1 }],
      })
    ).json().data;
    await expire(lapsed.short_id);
    const tooLate = await t.app.inject({
      method: 'POST',
      url: orderUrl(other.event.id, lapsed.short_id, '/extend'),
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.code).toBe('ORDER_EXPIRED');
  });

  it('details: e-mails must match, required questions are enforced, attendees match the units', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event);
    const diet = await addQuestion(t.app, event, {
      title: 'Dieta',
      belongs_to: 'ATTENDEE',
      type: 'DROPDOWN',
      options: ['Ninguna', 'Vegetariana'],
      required: true,
    });
    const company = await addQuestion(t.app, event, {
      title: 'Empresa',
      belongs_to: 'ORDER',
      required: true,
    });
    const order = (
      await reserve(event.id, {
        tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
      })
    ).json().data;
    const attendee = {
      ticket_id: ticket.id,
      first_name: 'Lucía',
      last_name: 'Martín',
      email: 'lucia@example.com',
    };

    const mismatch = await details(event.id, order.short_id, {
      email_confirmation: 'otra@example.com',
      attendees: [{ ...attendee, answers: { [diet.id]: 'Vegana' } }],
    });
    expect(mismatch.statusCode).toBe(422);
    const fields = mismatch.json().error.fields;
    expect(fields.email_confirmation).toBe('Los correos electrónicos no coinciden.');
    expect(fields[`answers.${company.id}`]).toBe('Esta pregunta es obligatoria.');
    expect(fields[`attendees.0.answers.${diet.id}`]).toBe('Elige una de las opciones.');
    const count = await details(event.id, order.short_id, {
      answers: { [company.id]: 'ACME' },
      attendees: [],
    });
    expect(count.json().error.fields.attendees).toBe('Indica los datos de 1 asistente.');
    const unchanged = one(
      await t.app.deps.db.select().from(orders).where(eq(orders.short_id, order.short_id)),
    );
    expect(unchanged.email).toBeNull();

    const ok = await details(event.id, order.short_id, {
      answers: { [company.id]: 'ACME' },
      attendees: [{ ...attendee, answers: { [diet.id]: 'Vegetariana' } }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email).toBe('lucia@example.com');
  });

  it('records the affiliate of the sale', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event);
    const affiliate = await addAffiliate(t.app, event, 'RADIO');
    const res = await reserve(event.id, {
      tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
      affiliate_code: 'radio',
    });
    const row = one(
      await t.app.deps.db.select().from(orders).where(eq(orders.short_id, res.json().data.short_id)),
    );
    expect(row.affiliate_id).toBe(affiliate.id);
  });
});
