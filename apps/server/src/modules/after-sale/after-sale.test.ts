import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, jobs, orderActivities, orderRefunds, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import {
  addAffiliate,
  addPromoCode,
  addQuestion,
  addTax,
  addTicket,
  buyer,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });

const orderByShort = async (short: string) => {
  const [row] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short));
  if (!row) throw new Error(`no order ${short}`);
  return row;
};

/** A LIVE event with one paid ticket (30,00 €) and a completed order of `quantity` units. */
async function soldOrder(opts: { quantity?: number; units?: number | null } = {}) {
  const s = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, s.event, {
    prices: [{ price_cents: 3000, quantity: opts.units === undefined ? 100 : opts.units }],
  });
  const short = await buyWithTestCard(t.app, s.event, ticket, { quantity: opts.quantity ?? 2 });
  const order = await orderByShort(short);
  const url = `/api/events/${s.event.id}/orders/${order.id}`;
  return { ...s, ticket, short, order, url };
}

const emailsTo = async (to: string, subjectLike: string) =>
  t.app.deps.db
    .select()
    .from(jobs)
    .where(
      sql`${jobs.kind} = 'email.send' and ${jobs.payload}->>'to' = ${to} and ${jobs.payload}->>'subject' like ${subjectLike}`,
    );

describe('refunds', () => {
  it('partial refunds add up to REFUNDED; never beyond what was paid; each is a row with who and when', async () => {
    const s = await soldOrder({ quantity: 2 }); // 60,00 €
    const first = await api('POST', `${s.url}/refund`, s.headers, { amount_cents: 2000, reason: 'Una baja' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      refund_status: 'PARTIALLY_REFUNDED',
      status: 'COMPLETED',
      refundable_cents: 4000,
    });
    expect(first.json().data.refunds).toMatchObject([
      {
        provider: 'test',
        status: 'SUCCEEDED',
        amount_cents: 2000,
        reason: 'Una baja',
        created_by: s.user.id,
      },
    ]);

    const tooMuch = await api('POST', `${s.url}/refund`, s.headers, { amount_cents: 4001 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.fields.amount_cents).toContain('40,00');
    const zero = await api('POST', `${s.url}/refund`, s.headers, { amount_cents: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().error.fields.amount_cents).toBe('Indica un importe mayor que cero.');
    // Cents are whole and numbers are numbers: the error says so, not "Este campo es obligatorio".
    const fraction = await api('POST', `${s.url}/refund`, s.headers, { amount_cents: 12.5 });
    expect(fraction.json().error.fields.amount_cents).toBe('Debe ser un número entero.');
    const text = await api('POST', `${s.url}/refund`, s.headers, { amount_cents: '100' });
    expect(text.json().error.fields.amount_cents).toBe('El valor no tiene el tipo esperado.');
    const missing = await api('POST', `${s.url}/refund`, s.headers, {});
    expect(missing.json().error.fields.amount_cents).toBe('Este campo es obligatorio.');
    expect(
      await t.app.deps.db.select().from(orderRefunds).where(eq(orderRefunds.order_id, s.order.id)),
    ).toHaveLength(1);

    const rest = await api('POST', `${s.url}/refund`, s.headers, { amount_cents: 4000, notify_buyer: true });
    expect(rest.json().data).toMatchObject({ refund_status: 'REFUNDED', refundable_cents: 0 });
    const nothingLeft = await api('POST', `${s.url}/refund`, s.headers, { amount_cents: 1 });
    expect(nothingLeft.statusCode).toBe(422);
    expect((await emailsTo(buyer.email, '%40,00%')).length).toBe(1);
    const kinds = rest.json().data.activity.map((a: { kind: string }) => a.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['CREATED', 'PAID', 'REFUND_REQUESTED', 'REFUNDED', 'EMAIL_QUEUED']),
    );
    expect(
      rest.json().data.activity.find((a: { kind: string }) => a.kind === 'REFUND_REQUESTED').user_name,
    ).toBe('Ana García');
  });

  it('refund with cancel: the order is cancelled and its units go back on sale', async () => {
    const s = await soldOrder({ quantity: 1, units: 1 });
    const res = await api('POST', `${s.url}/refund`, s.headers, { amount_cents: 3000, cancel_order: true });
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', refund_status: 'REFUNDED' });
    await buyWithTestCard(t.app, s.event, s.ticket);
    // One e-mail for both: the money back, and that the tickets no longer hold.
    const [mail] = await emailsTo(buyer.email, 'Te hemos devuelto 30,00%');
    expect(String((mail?.payload as { text?: string } | undefined)?.text)).toContain(
      'Tu pedido también se ha cancelado: tus entradas ya no son válidas.',
    );
  });

  it('a refund that does not cancel says nothing of cancelling', async () => {
    const s = await soldOrder({ quantity: 1 });
    await api('POST', `${s.url}/refund`, s.headers, { amount_cents: 1000 });
    const [mail] = await emailsTo(buyer.email, 'Te hemos devuelto 10,00%');
    expect(String((mail?.payload as { text?: string } | undefined)?.text)).not.toContain('cancelado');
  });

  it('an unpaid offline order has nothing to refund; once marked paid it refunds through offline', async () => {
    const s = await createSellingEvent(t.app, {
      settings: { offline_payment_instructions: 'Transferencia.' },
    });
    const ticket = await addTicket(t.app, s.event);
    const base = `/api/public/events/${s.event.id}/order`;
    const reserved = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }] },
    });
    const short = reserved.json().data.short_id;
    await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
    await t.app.inject({ method: 'POST', url: `${base}/${short}/payment`, payload: { provider: 'offline' } });
    const order = await orderByShort(short);
    const url = `/api/events/${s.event.id}/orders/${order.id}`;
    const unpaid = await api('POST', `${url}/refund`, s.headers, { amount_cents: 100 });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.message).toBe('Este pedido no tiene ningún pago que devolver.');
    await api('POST', `${url}/mark-paid`, s.headers);
    const refunded = await api('POST', `${url}/refund`, s.headers, { amount_cents: 2500 });
    expect(refunded.json().data.refunds[0]).toMatchObject({ provider: 'offline', status: 'SUCCEEDED' });
    expect(refunded.json().data.refund_status).toBe('REFUNDED');
  });

  it('refuses malformed bodies with a 422 and changes nothing', async () => {
    const s = await soldOrder();
    for (const body of [
      {},
      { amount_cents: 'mucho' },
      { amount_cents: 10, extra: true },
      { amount_cents: 1.5 },
    ]) {
      const res = await api('POST', `${s.url}/refund`, s.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await orderByShort(s.short)).refund_status).toBeNull();
  });
});

describe('cancel', () => {
  it('frees the units at once, refuses the QR at the door and gives back promo uses and affiliate sales', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 1000, quantity: 1 }] });
    await addAffiliate(t.app, s.event, 'radio');
    const short = await buyWithTestCard(t.app, s.event, ticket, { affiliate_code: 'radio' });
    const order = await orderByShort(short);
    const soldOut = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.event.id}/order`,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }] },
    });
    expect(soldOut.statusCode).toBe(409);

    const list = await api('POST', `/api/events/${s.event.id}/check-in-lists`, s.headers, { name: 'Puerta' });
    const [holder] = await t.app.deps.db.select().from(attendees).where(eq(attendees.order_id, order.id));
    const url = `/api/events/${s.event.id}/orders/${order.id}`;
    // Saving one setting leaves the others as they were (the ticket sells again below, by test card).
    const support = 'taquilla@sala-luna.example';
    const settings = await api('PUT', `/api/events/${s.event.id}/settings`, s.headers, {
      support_email: support,
    });
    expect(settings.statusCode).toBe(200);
    const cancelled = await api('POST', `${url}/cancel`, s.headers, { notify_buyer: true });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('CANCELLED');
    expect(cancelled.json().data.attendees.map((a: { status: string }) => a.status)).toEqual(['CANCELLED']);
    const [notice] = await emailsTo(buyer.email, '%cancelado%');
    // Like the order's other e-mails: in the order's language, and a reply reaches the organizer.
    expect(notice?.payload).toMatchObject({
      replyTo: support,
      html: expect.stringContaining('<html lang="es">'),
    });

    const door = await t.app.inject({
      method: 'POST',
      url: `/api/public/check-in-lists/${list.json().data.short_id}/check-ins`,
      payload: {
        check_ins: [
          { client_id: 'door-scan-1', code: holder?.qr_secret, scanned_at: new Date().toISOString() },
        ],
      },
    });
    expect(door.statusCode).toBe(200);
    expect(door.json().data[0]).toMatchObject({ verdict: 'CANCELLED' });
    const detail = await api('GET', `/api/events/${s.event.id}/attendees/${holder?.id}`, s.headers);
    // The detail says why the attendee cannot be reactivated: their order is cancelled.
    expect(detail.json().data).toMatchObject({
      status: 'CANCELLED',
      order_status: 'CANCELLED',
      check_ins: [],
    });
    const reactivate = await api(
      'POST',
      `/api/events/${s.event.id}/attendees/${holder?.id}/reactivate`,
      s.headers,
    );
    expect(reactivate.statusCode).toBe(409);

    const stats = await api('GET', `/api/events/${s.event.id}/promoter/stats`, s.headers);
    expect(stats.json().data.affiliate_sales).toMatchObject({ orders_count: 0, tickets_sold: 0 });
    await buyWithTestCard(t.app, s.event, ticket); // the sold-out ticket sells again

    const again = await api('POST', `${url}/cancel`, s.headers, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Este pedido ya está cancelado.');
  });

  it('gives a promo code use back', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event);
    await addPromoCode(t.app, s.event, { code: 'UNAVEZ', max_uses: 1 });
    const reserve = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/events/${s.event.id}/order`,
        payload: {
          tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }],
          promo_code: 'unavez',
        },
      });
    const first = await reserve();
    const short = first.json().data.short_id;
    const base = `/api/public/events/${s.event.id}/order/${short}`;
    await t.app.inject({ method: 'PUT', url: base, payload: buyer });
    await t.app.inject({
      method: 'POST',
      url: `${base}/payment`,
      payload: { provider: 'test', card_number: '4242424242424242' },
    });
    expect((await reserve()).statusCode).toBe(422);
    const order = await orderByShort(short);
    await api('POST', `/api/events/${s.event.id}/orders/${order.id}/cancel`, s.headers, {
      notify_buyer: false,
    });
    expect((await reserve()).statusCode).toBe(201);
  });

  it('cancels an unpaid offline order', async () => {
    const s = await createSellingEvent(t.app, { settings: { offline_payment_instructions: 'En taquilla.' } });
    const ticket = await addTicket(t.app, s.event);
    const base = `/api/public/events/${s.event.id}/order`;
    const short = (
      await t.app.inject({
        method: 'POST',
        url: base,
        payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 2 }] },
      })
    ).json().data.short_id;
    await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
    await t.app.inject({ method: 'POST', url: `${base}/${short}/payment`, payload: { provider: 'offline' } });
    const order = await orderByShort(short);
    const res = await api('POST', `/api/events/${s.event.id}/orders/${order.id}/cancel`, s.headers, {
      notify_buyer: false,
    });
    expect(res.json().data).toMatchObject({ status: 'CANCELLED' });
  });
});

describe('manual orders', () => {
  it('creates a complimentary order without e-mails; it cannot be refunded', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 4000, quantity: 10 }] });
    const res = await api('POST', `/api/events/${s.event.id}/orders`, s.headers, {
      buyer: { first_name: 'Prensa', last_name: 'Local', email: 'Prensa@Example.com' },
      tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 2 }],
      attendees: [
        { first_name: 'Eva', last_name: 'Sol', email: 'eva@example.com' },
        { first_name: 'Iker', last_name: 'Mar', email: 'iker@example.com' },
      ],
      amount_paid_cents: 0,
      send_emails: false,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({
      status: 'COMPLETED',
      is_manual: true,
      total_cents: 0,
      payment_status: 'NO_PAYMENT_REQUIRED',
      email: 'prensa@example.com',
    });
    expect(order.attendees.map((a: { first_name: string }) => a.first_name).sort()).toEqual(['Eva', 'Iker']);
    expect(order.activity[0]).toMatchObject({ kind: 'CREATED', user_name: 'Ana García' });
    expect(await emailsTo('prensa@example.com', '%')).toHaveLength(0);

    const refund = await api('POST', `/api/events/${s.event.id}/orders/${order.id}/refund`, s.headers, {
      amount_cents: 100,
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error.message).toBe('Un pedido creado manualmente no se puede devolver.');
  });

  it('sells hidden tickets and after the sale ended (the buyer rules are not the box office’s), never beyond stock', async () => {
    const s = await createSellingEvent(t.app);
    const invite = await addTicket(t.app, s.event, {
      name: 'Invitación',
      is_hidden: true,
      sale_end_date: new Date(Date.now() - 3600_000),
      prices: [{ price_cents: 0, quantity: 2 }],
    });
    const order = (quantity: number) =>
      api('POST', `/api/events/${s.event.id}/orders`, s.headers, {
        buyer: { first_name: 'Prensa', last_name: 'Local', email: 'prensa@example.com' },
        tickets: [{ ticket_id: invite.id, price_id: invite.prices[0]?.id, quantity }],
        amount_paid_cents: 0,
        send_emails: false,
      });
    expect((await order(2)).statusCode).toBe(201);
    const over = await order(1);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('No quedan entradas suficientes de «Invitación».');
  });

  it('records a box-office sale as paid and sends the confirmation', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 1500, quantity: 10 }] });
    const res = await api('POST', `/api/events/${s.event.id}/orders`, s.headers, {
      buyer: { first_name: 'Rosa', last_name: 'Vela', email: 'rosa@example.com' },
      tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 3 }],
      amount_paid_cents: 4500,
      send_emails: true,
    });
    expect(res.json().data).toMatchObject({
      total_cents: 4500,
      payment_status: 'PAYMENT_RECEIVED',
      payments: [{ provider: 'offline', amount_cents: 4500, status: 'SUCCEEDED' }],
    });
    expect(await emailsTo('rosa@example.com', '%')).toHaveLength(1);
  });

  it('respects stock: never beyond the units left, with a clear 409; bad input is a 422', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 1000, quantity: 5 }] });
    const line = (quantity: number) => ({
      buyer: { first_name: 'Box', last_name: 'Office', email: 'box@example.com' },
      tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity }],
      amount_paid_cents: 0,
      send_emails: false,
    });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api('POST', `/api/events/${s.event.id}/orders`, s.headers, line(1))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json().error.message).toContain('Entrada general');
    const held = await t.app.deps.db.execute(
      sql`select coalesce(sum(quantity), 0)::int as n from order_items where ticket_id = ${ticket.id} and holds_until > now()`,
    );
    expect(JSON.stringify(held)).toContain('"n":5');

    const badCount = await api('POST', `/api/events/${s.event.id}/orders`, s.headers, {
      ...line(1),
      attendees: [],
    });
    expect(badCount.statusCode).toBe(422);
    const badEmail = await api('POST', `/api/events/${s.event.id}/orders`, s.headers, {
      ...line(1),
      buyer: { first_name: 'X', last_name: 'Y', email: 'no' },
    });
    expect(badEmail.statusCode).toBe(422);
    // Money taken at the box office is never more than the order costs (10,00 € here).
    const overpaid = await api('POST', `/api/events/${s.event.id}/orders`, s.headers, {
      ...line(1),
      amount_paid_cents: 1001,
    });
    expect(overpaid.statusCode).toBe(422);
    expect(overpaid.json().error.fields.amount_paid_cents).toMatch(/no puede superar el total.*10,00/);
  });
});

describe('manual orders: the amount collected', () => {
  it('prices the chosen tickets as checkout does (taxes and fees included) for the form to suggest', async () => {
    const s = await createSellingEvent(t.app);
    const tax = await addTax(t.app, s.event.account_id, {
      name: 'IVA',
      type: 'TAX',
      calculation: 'PERCENTAGE',
      value: 2100,
    });
    // Hidden: the box office sells what buyers cannot see.
    const ticket = await addTicket(t.app, s.event, {
      is_hidden: true,
      prices: [{ price_cents: 1000, quantity: 10 }],
      taxIds: [tax.id],
    });
    const lines = [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 2 }];
    const price = await api('POST', `/api/events/${s.event.id}/orders/price`, s.headers, { tickets: lines });
    expect(price.statusCode).toBe(200);
    expect(price.json().data).toEqual({ total_cents: 2420, currency: 'EUR' });

    const other = await createAccountWithUser(t.app);
    const foreign = await api('POST', `/api/events/${s.event.id}/orders/price`, other.headers, {
      tickets: lines,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('needs the amount or an explicit complimentary flag: never free by omission', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2000, quantity: 10 }] });
    const order = (extra: Record<string, unknown>, headers: Headers = s.headers) =>
      api('POST', `/api/events/${s.event.id}/orders`, headers, {
        buyer: { first_name: 'Box', last_name: 'Office', email: 'box@example.com' },
        tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }],
        send_emails: false,
        ...extra,
      });
    const before = (await t.app.deps.db.select().from(orders).where(eq(orders.event_id, s.event.id))).length;
    const silent = await order({});
    expect(silent.statusCode).toBe(422);
    expect(silent.json().error.fields).toEqual({
      amount_paid_cents:
        'Indica el importe cobrado, o marca el pedido como invitación si las entradas son gratis.',
    });
    const en = await order({}, { ...s.headers, 'accept-language': 'en' });
    expect(en.json().error.fields.amount_paid_cents).toBe(
      'Enter the amount paid, or mark the order as complimentary if the tickets are free.',
    );
    const both = await order({ complimentary: true, amount_paid_cents: 2000 });
    expect(both.statusCode).toBe(422);
    expect(both.json().error.fields.amount_paid_cents).toMatch(/^Una invitación no se cobra/);
    expect((await t.app.deps.db.select().from(orders).where(eq(orders.event_id, s.event.id))).length).toBe(
      before,
    );

    const free = await order({ complimentary: true });
    expect(free.statusCode).toBe(201);
    expect(free.json().data).toMatchObject({ total_cents: 0, payment_status: 'NO_PAYMENT_REQUIRED' });
    const paid = await order({ amount_paid_cents: 2000, complimentary: false });
    expect(paid.json().data).toMatchObject({ total_cents: 2000, payment_status: 'PAYMENT_RECEIVED' });
  });
});

describe('edit, resend and the activity log', () => {
  it('edits the buyer and answers, resends the confirmation, and logs who did what', async () => {
    const s = await soldOrder({ quantity: 1 });
    const edited = await api('PUT', s.url, s.headers, {
      first_name: 'Lucía',
      last_name: 'Martín Gil',
      email: 'lucia.nueva@example.com',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ last_name: 'Martín Gil', email: 'lucia.nueva@example.com' });
    const resent = await api('POST', `${s.url}/resend`, s.headers);
    expect(resent.statusCode).toBe(202);
    expect(await emailsTo('lucia.nueva@example.com', '%Concierto%')).toHaveLength(1);
    const log = await t.app.deps.db
      .select()
      .from(orderActivities)
      .where(and(eq(orderActivities.order_id, s.order.id), eq(orderActivities.kind, 'EDITED')));
    expect(log[0]?.details).toEqual({ fields: ['last_name', 'email'] });
    expect(log[0]?.user_id).toBe(s.user.id);
    const bad = await api('PUT', s.url, s.headers, {
      first_name: '',
      last_name: 'x',
      email: 'x@example.com',
    });
    expect(bad.statusCode).toBe(422);

    // A cart still in progress cannot be edited, and the refusal says so (a cancelled order can be).
    const cart = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.event.id}/order`,
      payload: { tickets: [{ ticket_id: s.ticket.id, price_id: s.ticket.prices[0]?.id, quantity: 1 }] },
    });
    const reserved = await orderByShort(cart.json().data.short_id);
    const inProgress = await api('PUT', `/api/events/${s.event.id}/orders/${reserved.id}`, s.headers, {
      first_name: 'Ana',
      last_name: 'Ruiz',
      email: 'ana@example.com',
    });
    expect(inProgress.statusCode).toBe(409);
    expect(inProgress.json().error.message).toBe(
      'Un pedido sin terminar (en curso o abandonado) no se puede editar.',
    );
    await api('POST', `${s.url}/cancel`, s.headers, { notify_buyer: false });
    const cancelled = await api('PUT', s.url, s.headers, {
      first_name: 'Lucía',
      last_name: 'Martín',
      email: 'lucia@example.com',
    });
    expect(cancelled.statusCode).toBe(200);
  });
});

describe('editing the answers of every question type', () => {
  it('takes each type as checkout does, refuses what checkout refuses, and logs the edit', async () => {
    const s = await soldOrder({ quantity: 1 });
    const ask = (title: string, type: string, extra: Record<string, unknown> = {}) =>
      addQuestion(t.app, s.event, { title, belongs_to: 'ORDER', type: type as 'RADIO', ...extra });
    const company = await ask('Empresa', 'SINGLE_LINE_TEXT', { required: true });
    const size = await ask('Talla', 'DROPDOWN', { options: ['S', 'M', 'L'] });
    const shift = await ask('Turno', 'RADIO', { options: ['Mañana', 'Tarde'] });
    const diet = await ask('Dieta', 'MULTI_SELECT', { options: ['Vegana', 'Sin gluten'] });
    const terms = await ask('Acepto', 'CHECKBOX', { options: [] });
    const day = await ask('Llegada', 'DATE');
    const phone = await ask('Teléfono', 'PHONE');
    const address = await ask('Dirección', 'ADDRESS');
    const notes = await ask('Notas', 'MULTI_LINE_TEXT', { is_hidden: true });
    const buyer = { first_name: 'Ana', last_name: 'Ruiz', email: 'ana@example.com' };
    const answers = {
      [company.id]: 'Acme',
      [size.id]: 'M',
      [shift.id]: 'Tarde',
      [diet.id]: ['Vegana', 'Sin gluten'],
      [terms.id]: true,
      [day.id]: '2026-12-01',
      [phone.id]: '+34 600 000 000',
      [address.id]: 'Calle Mayor 1\nMadrid',
      [notes.id]: 'Llega tarde',
    };
    const edited = await api('PUT', s.url, s.headers, { ...buyer, answers });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.answers).toEqual(answers);
    const asked = edited.json().data.questions.find((q: { id: string }) => q.id === size.id);
    expect(asked).toMatchObject({ type: 'DROPDOWN', options: ['S', 'M', 'L'], required: false });
    const log = await t.app.deps.db
      .select()
      .from(orderActivities)
      .where(and(eq(orderActivities.order_id, s.order.id), eq(orderActivities.kind, 'EDITED')));
    expect(log.map((l) => l.details)).toContainEqual({ fields: expect.arrayContaining(['answers']) });

    const refused = await api('PUT', s.url, s.headers, {
      ...buyer,
      answers: {
        [company.id]: '',
        [size.id]: 'XL',
        [shift.id]: 'Noche',
        [diet.id]: ['Vegana', 'Carne'],
        '00000000-0000-4000-8000-000000000000': 'x',
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({
      [`answers.${company.id}`]: 'Esta pregunta es obligatoria.',
      [`answers.${size.id}`]: 'Elige una de las opciones.',
      [`answers.${shift.id}`]: 'Elige una de las opciones.',
      [`answers.${diet.id}`]: 'Elige una de las opciones.',
      'answers.00000000-0000-4000-8000-000000000000': 'Pregunta desconocida.',
    });
    const [kept] = await t.app.deps.db.select().from(orders).where(eq(orders.id, s.order.id));
    expect(kept?.answers).toEqual(answers);
  });

  it('keeps the answer to a question deleted since, while the others are edited', async () => {
    const s = await soldOrder({ quantity: 1 });
    const ask = (title: string) => addQuestion(t.app, s.event, { title, belongs_to: 'ORDER' });
    const company = await ask('Empresa');
    const gone = await ask('Cómo nos conociste');
    const buyer = { first_name: 'Ana', last_name: 'Ruiz', email: 'ana@example.com' };
    await api('PUT', s.url, s.headers, { ...buyer, answers: { [company.id]: 'Acme', [gone.id]: 'Radio' } });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${s.event.id}/questions/${gone.id}`,
      headers: s.headers,
    });
    expect(deleted.statusCode).toBe(204);
    // The form sends the questions it shows; the deleted one's answer stays as it was.
    const edited = await api('PUT', s.url, s.headers, {
      ...buyer,
      last_name: 'Ruiz Gil',
      answers: { [company.id]: 'Acme S.L.' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.answers).toEqual({ [company.id]: 'Acme S.L.', [gone.id]: 'Radio' });
    // Clearing a question that is still asked removes its answer.
    const cleared = await api('PUT', s.url, s.headers, { ...buyer, answers: {} });
    expect(cleared.json().data.answers).toEqual({ [gone.id]: 'Radio' });
  });
});

describe('attendees: cancel and reactivate', () => {
  it('a cancelled attendee frees their unit; reactivation takes it back only while there is room', async () => {
    const s = await soldOrder({ quantity: 2, units: 2 });
    const [first] = await t.app.deps.db.select().from(attendees).where(eq(attendees.order_id, s.order.id));
    const aUrl = `/api/events/${s.event.id}/attendees/${first?.id}`;
    const list = await api('POST', `/api/events/${s.event.id}/check-in-lists`, s.headers, {
      name: 'Puerta A',
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/public/check-in-lists/${list.json().data.short_id}/check-ins`,
      payload: {
        check_ins: [
          { client_id: 'door-scan-1', code: first?.qr_secret, scanned_at: new Date().toISOString() },
        ],
      },
    });
    const seen = (await api('GET', aUrl, s.headers)).json().data;
    expect(seen.check_ins).toMatchObject([{ list_name: 'Puerta A' }]);
    expect(seen.order_status).toBe('COMPLETED');
    expect(seen.checked_in_at).toBe(seen.check_ins[0].created_at);
    const cancelled = await api('POST', `${aUrl}/cancel`, s.headers);
    expect(cancelled.json().data.status).toBe('CANCELLED');
    expect((await api('POST', `${aUrl}/cancel`, s.headers)).statusCode).toBe(409);

    await buyWithTestCard(t.app, s.event, s.ticket); // the freed unit sells
    const full = await api('POST', `${aUrl}/reactivate`, s.headers);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toContain('Entrada general');

    const [other] = await t.app.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.event_id, s.event.id), sql`${orders.id} <> ${s.order.id}`));
    await api('POST', `/api/events/${s.event.id}/orders/${other?.id}/cancel`, s.headers, {
      notify_buyer: false,
    });
    const back = await api('POST', `${aUrl}/reactivate`, s.headers);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.status).toBe('ACTIVE');
    const detail = await api('GET', s.url, s.headers);
    expect(detail.json().data.activity.map((a: { kind: string }) => a.kind)).toEqual(
      expect.arrayContaining(['ATTENDEE_CANCELLED', 'ATTENDEE_REACTIVATED']),
    );
    expect(detail.json().data.items[0].quantity).toBe(2);
  });
});

describe('access', () => {
  it('another account gets 404 on every new endpoint and changes nothing', async () => {
    const s = await soldOrder({ quantity: 1 });
    const [holder] = await t.app.deps.db.select().from(attendees).where(eq(attendees.order_id, s.order.id));
    const other = await createAccountWithUser(t.app);
    const calls: ['POST' | 'PUT', string, unknown][] = [
      ['POST', `${s.url}/refund`, { amount_cents: 100 }],
      ['POST', `${s.url}/cancel`, { notify_buyer: false }],
      ['POST', `${s.url}/resend`, undefined],
      ['PUT', s.url, { first_name: 'X', last_name: 'Y', email: 'x@example.com' }],
      [
        'POST',
        `/api/events/${s.event.id}/orders`,
        {
          buyer: { first_name: 'X', last_name: 'Y', email: 'x@example.com' },
          tickets: [{ ticket_id: s.ticket.id, price_id: s.ticket.prices[0]?.id, quantity: 1 }],
          amount_paid_cents: 0,
        },
      ],
      ['POST', `/api/events/${s.event.id}/attendees/${holder?.id}/cancel`, undefined],
      ['POST', `/api/events/${s.event.id}/attendees/${holder?.id}/reactivate`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(method, url, other.headers, body);
      expect(res.statusCode, url).toBe(404);
    }
    const after = await orderByShort(s.short);
    expect(after).toMatchObject({ status: 'COMPLETED', refund_status: null, email: buyer.email });
    const count = await t.app.deps.db.select().from(orders).where(eq(orders.event_id, s.event.id));
    expect(count).toHaveLength(1);
  });

  it('an ORGANIZER-role user may refund, cancel and create orders (DESIGN: events are theirs to manage)', async () => {
    const s = await soldOrder({ quantity: 1 });
    const organizer = await addUser(t.app, s.account.id, { role: 'ORGANIZER' });
    const refund = await api('POST', `${s.url}/refund`, organizer.headers, { amount_cents: 500 });
    expect(refund.statusCode).toBe(200);
    const cancel = await api('POST', `${s.url}/cancel`, organizer.headers, { notify_buyer: false });
    expect(cancel.statusCode).toBe(200);
    const manual = await api('POST', `/api/events/${s.event.id}/orders`, organizer.headers, {
      buyer: { first_name: 'Taquilla', last_name: 'Puerta', email: 'puerta@example.com' },
      tickets: [{ ticket_id: s.ticket.id, price_id: s.ticket.prices[0]?.id, quantity: 1 }],
      amount_paid_cents: 3000,
      send_emails: false,
    });
    expect(manual.statusCode).toBe(201);
    const unauth = await t.app.inject({ method: 'POST', url: `${s.url}/cancel`, payload: {} });
    expect(unauth.statusCode).toBe(401);
  });
});
