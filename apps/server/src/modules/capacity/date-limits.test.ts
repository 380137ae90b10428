import { formatDateRange } from '@taquilla/shared/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, waitlistEntries } from '../../db/schema/index.ts';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { takeMail } from '../../test/factories/auth.ts';
import { addEventDate, addTicket, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * Promo codes, capacity assignments and waiting lists limited to event dates (#27), over HTTP: the
 * organizer's API sets the dates, the buyer's order on another date is refused or not limited, and the
 * waiting list of one date is served only from units freed on that date.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Selling = Awaited<ReturnType<typeof createSellingEvent>>;
type Ticket = Awaited<ReturnType<typeof addTicket>>;

let buyerNo = 0;
function order(
  s: Selling,
  ticket: Ticket,
  quantity: number,
  eventDateId: string,
  extra: Record<string, unknown> = {},
) {
  buyerNo += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/public/events/${s.event.id}/order`,
    remoteAddress: `10.34.${Math.floor(buyerNo / 250)}.${buyerNo % 250}`,
    payload: {
      tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity }],
      event_date_id: eventDateId,
      ...extra,
    },
  });
}

const unitsOn = async (dateId: string) =>
  (await t.app.deps.db.select().from(orderItems).where(eq(orderItems.event_date_id, dateId))).reduce(
    (sum, i) => sum + i.quantity,
    0,
  );

describe('promo codes limited to dates', () => {
  it('a code limited to date A is refused on date B with a clear message, and accepted on A', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2000, quantity: 50 }] });
    const a = await addEventDate(t.app, s.event, { inDays: 3 });
    const b = await addEventDate(t.app, s.event, { inDays: 4 });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/promo-codes`,
      headers: s.headers,
      payload: { code: 'SOLOA', discount_type: 'PERCENTAGE', discount: 50, event_date_ids: [a.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.event_date_ids).toEqual([a.id]);
    expect(created.json().data.event_dates).toEqual([
      expect.objectContaining({ id: a.id, starts_at: a.starts_at.toISOString() }),
    ]);

    const refused = await order(s, ticket, 1, b.id, { promo_code: 'soloa' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({
      promo_code: 'Este código promocional no es válido para la fecha elegida.',
    });
    const inEnglish = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.event.id}/order`,
      headers: { 'accept-language': 'en' },
      remoteAddress: '10.34.250.1',
      payload: {
        tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
        event_date_id: b.id,
        promo_code: 'SOLOA',
      },
    });
    expect(inEnglish.json().error.fields.promo_code).not.toBe(refused.json().error.fields.promo_code);
    expect(await unitsOn(b.id)).toBe(0);

    const accepted = await order(s, ticket, 1, a.id, { promo_code: 'SOLOA' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().data.discount_cents).toBe(1000);

    // The public check and the public page say the same per date.
    const check = (date: string) =>
      t.app.inject({ url: `/api/public/events/${s.event.id}/promo-codes/SOLOA?date=${date}` });
    expect((await check(a.id)).json().valid).toBe(true);
    expect((await check(b.id)).json().valid).toBe(false);
    const pageOn = async (date: string) =>
      (await t.app.inject({ url: `/api/public/events/${s.event.id}?promo_code=soloa&date=${date}` })).json()
        .data;
    expect(await pageOn(b.id)).toMatchObject({ promo_code: null, promo_code_other_dates: true });
    expect(await pageOn(a.id)).toMatchObject({
      promo_code: { code: 'SOLOA' },
      promo_code_other_dates: false,
    });
  });

  it('a hidden ticket unlocked by a code limited to A is neither shown nor sold on B', async () => {
    const s = await createSellingEvent(t.app);
    const secret = await addTicket(t.app, s.event, {
      name: 'Entrada secreta',
      hidden_unless_promo_code: true,
      prices: [{ price_cents: 1500, quantity: 20 }],
    });
    const a = await addEventDate(t.app, s.event, { inDays: 3 });
    const b = await addEventDate(t.app, s.event, { inDays: 4 });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/promo-codes`,
      headers: s.headers,
      payload: { code: 'SECRETA', discount_type: 'NONE', ticket_ids: [secret.id], event_date_ids: [a.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = async (date: string) =>
      (await t.app.inject({ url: `/api/public/events/${s.event.id}?promo_code=secreta&date=${date}` })).json()
        .data.tickets as { id: string }[];
    expect((await page(a.id)).map((x) => x.id)).toEqual([secret.id]);
    expect(await page(b.id)).toEqual([]);
    expect((await order(s, secret, 1, b.id, { promo_code: 'SECRETA' })).statusCode).toBe(422);
    expect((await order(s, secret, 1, a.id, { promo_code: 'SECRETA' })).statusCode).toBe(201);
  });

  it("refuses another event's date (422, nothing saved) and clears the limit with an empty list", async () => {
    const s = await createSellingEvent(t.app);
    const a = await addEventDate(t.app, s.event, { inDays: 3 });
    const other = await createSellingEvent(t.app);
    const foreign = await addEventDate(t.app, other.event, { inDays: 3 });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/promo-codes`,
      headers: s.headers,
      payload: { code: 'AJENA', discount_type: 'NONE', event_date_ids: [foreign.id] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({ event_date_ids: expect.any(String) });
    const list = await t.app.inject({ url: `/api/events/${s.event.id}/promo-codes`, headers: s.headers });
    expect(list.json().data).toEqual([]);

    const made = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/promo-codes`,
      headers: s.headers,
      payload: { code: 'UNADIA', discount_type: 'NONE', event_date_ids: [a.id] },
    });
    const id = made.json().data.id;
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/promo-codes/${id}`,
      headers: s.headers,
      payload: { code: 'UNADIA', discount_type: 'NONE', event_date_ids: [] },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ event_date_ids: [], event_dates: [] });
  });
});

async function createAssignment(s: Selling, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${s.event.id}/capacity-assignments`,
    headers: s.headers,
    payload: { name: 'Palco', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; used: number; remaining: number; event_date_ids: string[] };
}

describe('capacity assignments limited to dates', () => {
  it('an assignment limited to date A limits A and not B; its use counts A only', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 1000, quantity: 50 }] });
    const a = await addEventDate(t.app, s.event, { inDays: 3 });
    const b = await addEventDate(t.app, s.event, { inDays: 4 });
    const cap = await createAssignment(s, { capacity: 3, ticket_ids: [ticket.id], event_date_ids: [a.id] });
    expect(cap.event_date_ids).toEqual([a.id]);

    expect((await order(s, ticket, 2, a.id)).statusCode).toBe(201);
    expect((await order(s, ticket, 2, a.id)).statusCode).toBe(409);
    expect((await order(s, ticket, 1, a.id)).statusCode).toBe(201);
    expect((await order(s, ticket, 1, a.id)).statusCode).toBe(409);
    // Date B is not limited by it.
    expect((await order(s, ticket, 10, b.id)).statusCode).toBe(201);

    const read = await t.app.inject({
      url: `/api/events/${s.event.id}/capacity-assignments/${cap.id}`,
      headers: s.headers,
    });
    expect(read.json().data).toMatchObject({ used: 3, remaining: 0 });
    // The public page of each date shows what is left there.
    const left = async (date: string) =>
      (await t.app.inject({ url: `/api/public/events/${s.event.id}?date=${date}` })).json().data.tickets[0]
        .quantity_remaining;
    expect(await left(a.id)).toBe(0);
    expect(await left(b.id)).toBe(40);

    // It cannot be set below what its dates hold, and widening it to B counts B's units too.
    const below = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/capacity-assignments/${cap.id}`,
      headers: s.headers,
      payload: { name: 'Palco', capacity: 12, ticket_ids: [ticket.id], event_date_ids: [a.id, b.id] },
    });
    expect(below.statusCode).toBe(409);
    const widened = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/capacity-assignments/${cap.id}`,
      headers: s.headers,
      payload: { name: 'Palco', capacity: 14, ticket_ids: [ticket.id], event_date_ids: [a.id, b.id] },
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json().data).toMatchObject({ used: 13, remaining: 1 });
  });

  it('refuses a date of another event', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event);
    const other = await createSellingEvent(t.app);
    const foreign = await addEventDate(t.app, other.event, { inDays: 3 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/capacity-assignments`,
      headers: s.headers,
      payload: { name: 'Palco', capacity: 5, ticket_ids: [ticket.id], event_date_ids: [foreign.id] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ event_date_ids: expect.any(String) });
  });

  it('many buyers at once on two dates sharing one assignment: nothing oversold', async () => {
    const s = await createSellingEvent(t.app);
    const stalls = await addTicket(t.app, s.event, { prices: [{ price_cents: 1000, quantity: 500 }] });
    const balcony = await addTicket(t.app, s.event, { prices: [{ price_cents: 2000, quantity: 500 }] });
    const a = await addEventDate(t.app, s.event, { inDays: 3 });
    const b = await addEventDate(t.app, s.event, { inDays: 4 });
    const c = await addEventDate(t.app, s.event, { inDays: 5 });
    const UNITS = 15;
    await createAssignment(s, {
      capacity: UNITS,
      ticket_ids: [stalls.id, balcony.id],
      event_date_ids: [a.id, b.id],
    });
    const tries = Array.from({ length: 80 }, (_, i) =>
      order(s, i % 2 ? stalls : balcony, 1 + (i % 2), i % 4 < 2 ? a.id : b.id),
    );
    // Date C is outside the assignment: its buyers race alongside and all get their units.
    const free = Array.from({ length: 10 }, (_, i) => order(s, i % 2 ? stalls : balcony, 2, c.id));
    const answers = await Promise.all([...tries, ...free]);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((code) => code === 201 || code === 409)).toBe(true);
    const sold = (await unitsOn(a.id)) + (await unitsOn(b.id));
    expect(sold).toBeLessThanOrEqual(UNITS);
    // Only the last unit or two can be left when a two-unit order no longer fits.
    expect(sold).toBeGreaterThanOrEqual(UNITS - 1);
    expect(await unitsOn(c.id)).toBe(20);
  });
});

describe('waiting list per date', () => {
  it('an entry for date A is offered units freed on A, never those freed on B', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, {
      waitlist_enabled: true,
      prices: [{ price_cents: 2500, quantity: 1 }],
    });
    const a = await addEventDate(t.app, s.event, { inDays: 3 });
    const b = await addEventDate(t.app, s.event, { inDays: 4 });
    const heldA = await order(s, ticket, 1, a.id);
    const heldB = await order(s, ticket, 1, b.id);
    expect([heldA.statusCode, heldB.statusCode]).toEqual([201, 201]);

    const join = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/events/${s.event.id}/waitlist`,
        remoteAddress: '10.34.251.1',
        payload: {
          ticket_id: ticket.id,
          first_name: 'Marta',
          email: 'marta@example.com',
          quantity: 1,
          consent: true,
          ...body,
        },
      });
    const noDate = await join({});
    expect(noDate.statusCode).toBe(422);
    expect(noDate.json().error.fields).toEqual({ event_date_id: expect.any(String) });
    const joined = await join({ event_date_id: a.id });
    expect(joined.statusCode, joined.body).toBe(201);
    const when = formatDateRange(a.starts_at, a.ends_at, 'Europe/Madrid', 'es', 'full');
    // The confirmation names the date waited for.
    const joinedMail = await takeMail(t.app);
    expect(joinedMail.map((x) => x.to)).toEqual(['marta@example.com']);
    expect(joinedMail[0]?.text).toContain(when);

    const list = async (filter = '') =>
      (
        await t.app.inject({
          url: `/api/events/${s.event.id}/waitlist${filter}`,
          headers: s.headers,
        })
      ).json().data as { state: string; event_date_id: string; event_date: { id: string } }[];
    expect(await list()).toEqual([
      expect.objectContaining({
        state: 'WAITING',
        event_date_id: a.id,
        event_date: expect.objectContaining({ id: a.id }),
      }),
    ]);
    expect(await list(`?filter_fields[event_date_id][eq]=${b.id}`)).toEqual([]);
    expect(await list(`?filter_fields[event_date_id][eq]=${a.id}`)).toHaveLength(1);

    const abandon = (res: typeof heldA) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/events/${s.event.id}/order/${res.json().data.short_id}/abandon`,
        remoteAddress: '10.34.251.2',
      });
    // The offer job a freed unit queues (a cancellation, a lapsed reservation), run now.
    const offerJob = async () => {
      await t.app.deps.jobs.enqueue('waitlist.offer', { ticketId: ticket.id });
      await t.app.deps.jobs.drain();
    };
    // A unit comes back on B: A's entry keeps waiting.
    expect((await abandon(heldB)).statusCode).toBeLessThan(300);
    await offerJob();
    expect((await list()).map((e) => e.state)).toEqual(['WAITING']);
    const reservedOn = async (dateId: string) =>
      (await t.app.deps.db.select().from(orders).where(eq(orders.event_date_id, dateId))).filter(
        (o) => o.status === 'RESERVED',
      ).length;
    expect(await reservedOn(b.id)).toBe(0);

    // A unit comes back on A: A's entry is offered it, on date A.
    expect((await abandon(heldA)).statusCode).toBeLessThan(300);
    await offerJob();
    expect((await list()).map((e) => e.state)).toEqual(['OFFERED']);
    const [entry] = await t.app.deps.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.event_id, s.event.id));
    const [offer] = await t.app.deps.db
      .select()
      .from(orders)
      .where(eq(orders.id, entry?.order_id ?? ''));
    expect(offer?.event_date_id).toBe(a.id);
    const offerMail = await takeMail(t.app);
    expect(offerMail.map((x) => x.to)).toEqual(['marta@example.com']);
    expect(offerMail[0]?.text.replace(/\s+/g, ' ')).toContain(when);
    // The export says which date each entry waits for.
    const csv = await t.app.inject({ url: `/api/events/${s.event.id}/waitlist/export`, headers: s.headers });
    const [header, line] = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(header?.split(',')[7]).toBe('Fecha');
    expect(line?.split(',')[7]).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });
});
