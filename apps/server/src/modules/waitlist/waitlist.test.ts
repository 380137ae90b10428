import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders, waitlistEntries } from '../../db/schema/index.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { takeMail } from '../../test/factories/auth.ts';
import { addTicket, buyer, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

/** The waiting list over HTTP: sign-up rules, offers in order, lapsed offers, races, tenancy. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Selling = Awaited<ReturnType<typeof createSellingEvent>>;
type Ticket = Awaited<ReturnType<typeof addTicket>>;

/** A live event with one ticket of `units` units and the waiting list on, sold out by one completed order. */
async function soldOut(units = 1, opts: { max_per_order?: number } = {}) {
  const s = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, s.event, {
    waitlist_enabled: true,
    max_per_order: opts.max_per_order ?? 10,
    prices: [{ price_cents: 2500, quantity: units }],
  });
  const sold = await buyWithTestCard(t.app, s.event, ticket, { quantity: units });
  await takeMail(t.app);
  return { s, ticket, sold };
}

let ipCounter = 0;
const join = (
  s: Selling,
  ticket: Ticket,
  body: Record<string, unknown> = {},
  ip = `10.0.0.${++ipCounter % 250}`,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/events/${s.event.id}/waitlist`,
    remoteAddress: ip,
    payload: {
      ticket_id: ticket.id,
      first_name: 'Marta',
      email: 'marta@example.com',
      quantity: 1,
      consent: true,
      ...body,
    },
  });

const list = async (s: Selling, headers = s.headers) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${s.event.id}/waitlist`, headers });
  return res;
};
const entries = async (s: Selling) =>
  (await list(s)).json().data as {
    email: string;
    state: string;
    position: number | null;
    order_short_id: string | null;
    id: string;
  }[];

const stateOf = async (s: Selling) => Object.fromEntries((await entries(s)).map((e) => [e.email, e.state]));

/** Units increased by the organizer through the tickets API (one of the "units came back" triggers). */
async function setQuantity(s: Selling, ticket: Ticket, quantity: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/events/${s.event.id}/tickets/${ticket.id}`,
    headers: s.headers,
    payload: {
      name: ticket.name,
      type: 'PAID',
      waitlist_enabled: true,
      max_per_order: ticket.max_per_order,
      prices: [{ id: at(ticket.prices, 0).id, price_cents: 2500, quantity }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const reserveOne = (s: Selling, ticket: Ticket) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/events/${s.event.id}/order`,
    payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
  });

/** Runs the minute's sweep now (the job queued for a minute later). */
async function runSweep() {
  await t.app.deps.db.execute(
    sql`update jobs set run_at = now() where kind = 'waitlist.sweep' and completed_at is null`,
  );
  await t.app.deps.jobs.drain();
}

describe('sign-up', () => {
  it('takes a sign-up for a sold-out ticket, once per e-mail, with a confirmation and a leave link', async () => {
    const { s, ticket } = await soldOut();
    const first = await join(s, ticket, { email: 'Marta@Example.com', locale: 'en' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.state).toBe('WAITING');
    const again = await join(s, ticket);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const mails = await takeMail(t.app);
    expect(mails).toHaveLength(1);
    const mail = at(mails, 0);
    expect(mail.subject).toBe('You are on the waiting list for Concierto de Otoño');
    const leave = mail.links.find((l) => l.includes('/waitlist/leave/'));
    expect(leave).toBeDefined();
    expect(await entries(s)).toMatchObject([{ email: 'marta@example.com', state: 'WAITING', position: 1 }]);

    const token = String(leave?.split('/').pop());
    const left = await t.app.inject({
      method: 'POST',
      url: '/api/public/waitlist/leave',
      payload: { token },
    });
    expect(left.json().data).toEqual({ state: 'LEFT' });
    expect(await stateOf(s)).toEqual({ 'marta@example.com': 'LEFT' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/public/waitlist/leave',
      payload: { token: `${token.startsWith('x') ? 'y' : 'x'}${token.slice(1)}` },
    });
    expect(bad.statusCode).toBe(404);
  });

  it('refuses tickets on sale, without a list, bad quantities and missing consent, writing nothing', async () => {
    const s = await createSellingEvent(t.app);
    const onSale = await addTicket(t.app, s.event, { waitlist_enabled: true });
    const res = await join(s, onSale);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Aún quedan entradas: puedes comprarlas ahora.');

    const { s: s2, ticket } = await soldOut(1, { max_per_order: 4 });
    const tooMany = await join(s2, ticket, { quantity: 5 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.fields.quantity).toBe('Puedes pedir entre 1 y 4 entradas.');
    const noConsent = await join(s2, ticket, { consent: false });
    expect(noConsent.statusCode).toBe(422);
    expect(noConsent.json().error.fields.consent).toBeDefined();
    const badEmail = await join(s2, ticket, { email: 'nope' });
    expect(badEmail.statusCode).toBe(422);

    const closed = await addTicket(t.app, s2.event, { prices: [{ price_cents: 100, quantity: 0 }] });
    const noList = await join(s2, closed);
    expect(noList.statusCode).toBe(422);
    expect(noList.json().error.fields.ticket_id).toBe('Esta entrada no tiene lista de espera.');
    expect(await entries(s2)).toEqual([]);
    expect(await takeMail(t.app)).toEqual([]);
  });

  it('is rate-limited per address', async () => {
    const { s, ticket } = await soldOut();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await join(s, ticket, { email: `p${i}@example.com` }, '10.9.9.9')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    await takeMail(t.app);
  });
});

describe('offers', () => {
  it('offers freed units in sign-up order; the offer holds them; the holder pays through the checkout', async () => {
    const { s, ticket } = await soldOut();
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      expect((await join(s, ticket, { email })).statusCode).toBe(201);
    }
    await takeMail(t.app);
    await setQuantity(s, ticket, 2); // one unit comes back
    const mails = await takeMail(t.app);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['a@example.com', 'Tu entrada para Concierto de Otoño te espera'],
    ]);
    // One unit: «1 entrada», not «1 entradas» (an ICU plural).
    expect(at(mails, 0).text).toMatch(/te guardamos 1 entrada de «/);
    expect(await stateOf(s)).toEqual({
      'a@example.com': 'OFFERED',
      'b@example.com': 'WAITING',
      'c@example.com': 'WAITING',
    });
    const offered = one((await entries(s)).filter((e) => e.state === 'OFFERED'));
    const link = at(mails, 0).links.find((l) => l.includes('/checkout/'));
    expect(link).toBe(`http://localhost:3000/checkout/${s.event.id}/${offered.order_short_id}/details`);

    // Nobody else can take the unit held for the offer.
    expect((await reserveOne(s, ticket)).statusCode).toBe(409);
    const base = `/api/public/events/${s.event.id}/order/${offered.order_short_id}`;
    const order = await t.app.inject({ method: 'GET', url: base });
    // The checkout opens with the details the entry gave.
    expect(order.json().data).toMatchObject({
      status: 'RESERVED',
      first_name: 'Marta',
      email: 'a@example.com',
    });
    const details = await t.app.inject({
      method: 'PUT',
      url: base,
      payload: { ...buyer, email: 'a@example.com', email_confirmation: 'a@example.com' },
    });
    expect(details.statusCode, details.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${base}/payment`,
      payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
    });
    expect(paid.json().data.status).toBe('COMPLETED');
    expect((await stateOf(s))['a@example.com']).toBe('PURCHASED');
    expect((await entries(s)).find((e) => e.email === 'b@example.com')?.position).toBe(1);
  });

  it('passes an offer not taken in time to the next entry (the minute sweep)', async () => {
    const { s, ticket } = await soldOut();
    await join(s, ticket, { email: 'a@example.com' });
    await join(s, ticket, { email: 'b@example.com' });
    await setQuantity(s, ticket, 2);
    await takeMail(t.app);
    const a = one((await entries(s)).filter((e) => e.state === 'OFFERED'));
    // The offer's time runs out (reservations expire by their reserved_until, without any write).
    await t.app.deps.db
      .update(orders)
      .set({ reserved_until: new Date(Date.now() - 1000) })
      .where(eq(orders.short_id, String(a.order_short_id)));
    await runSweep();
    expect(await stateOf(s)).toEqual({ 'a@example.com': 'EXPIRED', 'b@example.com': 'OFFERED' });
    expect((await takeMail(t.app)).map((m) => m.to)).toEqual(['b@example.com']);
    // The sweep keeps itself queued for the next minute.
    const queued = await t.app.deps.db
      .select()
      .from(jobs)
      .where(sql`kind = 'waitlist.sweep' and completed_at is null`);
    expect(queued).toHaveLength(1);
  });

  it('a freed unit produces exactly one offer however many jobs run for it', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, {
      waitlist_enabled: true,
      prices: [{ price_cents: 2500, quantity: 1 }],
    });
    const held = await reserveOne(s, ticket);
    expect(held.statusCode).toBe(201);
    await join(s, ticket, { email: 'a@example.com' });
    await join(s, ticket, { email: 'b@example.com' });
    await takeMail(t.app);
    // The reservation is given up (as a cancellation would): the unit is free again.
    await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.event.id}/order/${held.json().data.short_id}/abandon`,
    });
    for (let i = 0; i < 3; i++) await t.app.deps.jobs.enqueue('waitlist.offer', { ticketId: ticket.id });
    await Promise.all([t.app.deps.jobs.drain(), t.app.deps.jobs.drain(), runSweep()]);
    expect(await stateOf(s)).toEqual({ 'a@example.com': 'OFFERED', 'b@example.com': 'WAITING' });
    expect((await takeMail(t.app)).map((m) => m.to)).toEqual(['a@example.com']);
  });

  it('an organizer cancelling an order produces exactly one offer of its units', async () => {
    const { s, ticket } = await soldOut(2);
    await join(s, ticket, { email: 'a@example.com', quantity: 2 });
    await join(s, ticket, { email: 'b@example.com', quantity: 2 });
    await takeMail(t.app);
    const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.event_id, s.event.id));
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/orders/${order?.id}/cancel`,
      headers: s.headers,
      payload: { notify_buyer: false },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.deps.jobs.drain();
    await runSweep();
    expect(await stateOf(s)).toEqual({ 'a@example.com': 'OFFERED', 'b@example.com': 'WAITING' });
    expect((await takeMail(t.app)).map((m) => m.to)).toEqual(['a@example.com']);
    expect((await reserveOne(s, ticket)).statusCode).toBe(409);
  });

  it('the holder of an offer always gets the units while a burst of buyers races for them', async () => {
    const { s, ticket } = await soldOut(2);
    await join(s, ticket, { email: 'a@example.com', quantity: 2 });
    await setQuantity(s, ticket, 4); // two units back, both offered to a@
    await takeMail(t.app);
    const offered = one((await entries(s)).filter((e) => e.state === 'OFFERED'));
    const base = `/api/public/events/${s.event.id}/order/${offered.order_short_id}`;
    const holder = (async () => {
      await t.app.inject({ method: 'PUT', url: base, payload: buyer });
      return t.app.inject({
        method: 'POST',
        url: `${base}/payment`,
        payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
      });
    })();
    const burst = await Promise.all(Array.from({ length: 20 }, () => reserveOne(s, ticket)));
    expect((await holder).json().data.status).toBe('COMPLETED');
    expect(burst.map((r) => r.statusCode).every((c) => c === 409)).toBe(true);
    const sold = await t.app.deps.db.execute(
      sql`select coalesce(sum(oi.quantity), 0)::int as n from order_items oi join orders o on o.id = oi.order_id
          where oi.ticket_id = ${ticket.id} and o.status = 'COMPLETED'`,
    );
    expect(Number((sold.rows as { n: number }[])[0]?.n)).toBe(4);
  });

  it('with automatic offers off the organizer offers by hand; removing an offered entry frees its units', async () => {
    const { s, ticket } = await soldOut();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/waitlist/settings`,
      headers: s.headers,
      payload: { offer_minutes: 60, auto_offer: false },
    });
    expect(put.json().data).toEqual({ offer_minutes: 60, auto_offer: false });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/waitlist/settings`,
      headers: s.headers,
      payload: { offer_minutes: 1, auto_offer: false },
    });
    expect(bad.statusCode).toBe(422);
    await join(s, ticket, { email: 'a@example.com' });
    await join(s, ticket, { email: 'b@example.com' });
    await setQuantity(s, ticket, 2);
    await takeMail(t.app);
    expect(await stateOf(s)).toEqual({ 'a@example.com': 'WAITING', 'b@example.com': 'WAITING' });

    const b = one((await entries(s)).filter((e) => e.email === 'b@example.com'));
    const offer = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/waitlist/${b.id}/offer`,
      headers: s.headers,
    });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().data.state).toBe('OFFERED');
    const until = new Date(offer.json().data.offer_expires_at).getTime();
    expect(until).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(until).toBeLessThan(Date.now() + 61 * 60_000);
    const a = one((await entries(s)).filter((e) => e.email === 'a@example.com'));
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/waitlist/${a.id}/offer`,
      headers: s.headers,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('No quedan entradas libres para ofrecer.');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${s.event.id}/waitlist/${b.id}`,
      headers: s.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await reserveOne(s, ticket)).statusCode).toBe(201);
  });

  it('exports the list as CSV', async () => {
    const { s, ticket } = await soldOut();
    await join(s, ticket, { email: 'a@example.com', first_name: '=cmd' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${s.event.id}/waitlist/export`,
      headers: s.headers,
    });
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe(
      'Posición,Estado,Nombre,Apellidos,Correo,Entrada,Tarifa,Fecha,Cantidad,Idioma,Inscripción,Oferta,Oferta caduca,Pedido',
    );
    // A single-date event: no date.
    expect(lines[1]).toMatch(/^1,WAITING,'=cmd,,a@example.com,Entrada general,,,1,es,/);
  });
});

describe('tenancy', () => {
  it('another account gets 404 and changes nothing', async () => {
    const { s, ticket } = await soldOut();
    await join(s, ticket, { email: 'a@example.com' });
    const entry = one(await entries(s));
    const other = await createSellingEvent(t.app);
    const h = other.headers;
    const base = `/api/events/${s.event.id}/waitlist`;
    const calls = [
      { method: 'GET' as const, url: base },
      { method: 'GET' as const, url: `${base}/export` },
      { method: 'GET' as const, url: `${base}/settings` },
      { method: 'PUT' as const, url: `${base}/settings`, payload: { offer_minutes: 30, auto_offer: false } },
      { method: 'POST' as const, url: `${base}/${entry.id}/offer` },
      { method: 'DELETE' as const, url: `${base}/${entry.id}` },
      { method: 'POST' as const, url: `/api/events/${other.event.id}/waitlist/${entry.id}/offer` },
      { method: 'DELETE' as const, url: `/api/events/${other.event.id}/waitlist/${entry.id}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: h });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect(
      await t.app.deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)),
    ).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/settings`, headers: s.headers })).json().data,
    ).toEqual({
      offer_minutes: 1440,
      auto_offer: true,
    });
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
  });
});
