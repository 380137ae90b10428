import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDatePrices, eventDates, orderItems, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addEventDate, addTicket, createSellingEvent } from '../../test/factories/checkout.ts';
import { holdUnits, priceOrder } from '../checkout/checkout.service.ts';

/**
 * A date's own prices and its own sale window (#27), through HTTP: the organizer sets them on a date (or
 * several), buyers see and pay that date's price and can order it only within its window, and the box
 * office still sells it outside.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3600 * 1000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

type Selling = Awaited<ReturnType<typeof createSellingEvent>>;

function datesApi(s: Selling) {
  return (
    method: 'GET' | 'POST' | 'PUT',
    path = '',
    payload?: object,
    headers: Record<string, string> = s.headers,
  ) =>
    t.app.inject({
      method,
      url: `/api/events/${s.event.id}/dates${path}`,
      headers,
      ...(payload ? { payload } : {}),
    });
}

let buyerNo = 0;
function buy(s: Selling, lines: { ticket_id: string; price_id: string; quantity: number }[], dateId: string) {
  buyerNo += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/public/events/${s.event.id}/order`,
    remoteAddress: `10.33.${Math.floor(buyerNo / 250)}.${buyerNo % 250}`,
    payload: { tickets: lines, event_date_id: dateId },
  });
}

const publicPage = (s: Selling, dateId: string) =>
  t.app.inject({ method: 'GET', url: `/api/public/events/${s.event.id}?date=${dateId}` });

const pricesShown = (page: { data: { tickets: { prices: { id: string; price_cents: number }[] }[] } }) =>
  Object.fromEntries(page.data.tickets.flatMap((tk) => tk.prices.map((p) => [p.id, p.price_cents])));

/** The date as PUT needs it (start and end kept), with the changes. */
const edit = (date: { starts_at: Date; ends_at: Date | null }, change: object) => ({
  starts_at: date.starts_at.toISOString(),
  ends_at: date.ends_at?.toISOString() ?? null,
  ...change,
});

describe('a date’s own prices', () => {
  it('the Saturday price shows on its page and is what its order costs; other dates keep the ticket’s', async () => {
    const s = await createSellingEvent(t.app);
    const general = await addTicket(t.app, s.event, { prices: [{ price_cents: 2000, quantity: 50 }] });
    const tiered = await addTicket(t.app, s.event, {
      name: 'Por zonas',
      price_type: 'TIERED',
      prices: [
        { label: 'Platea', price_cents: 4000, quantity: 20 },
        { label: 'Anfiteatro', price_cents: 3000, quantity: 20 },
      ],
    });
    const friday = await addEventDate(t.app, s.event, { inDays: 5 });
    const saturday = await addEventDate(t.app, s.event, { inDays: 6 });
    const generalPrice = general.prices[0]?.id as string;
    const platea = tiered.prices[0]?.id as string;
    const anfiteatro = tiered.prices[1]?.id as string;
    const call = datesApi(s);

    const saved = await call(
      'PUT',
      `/${saturday.id}`,
      edit(saturday, {
        prices: [
          { price_id: generalPrice, price_cents: 2800 },
          { price_id: platea, price_cents: 5500 },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.prices).toEqual(
      expect.arrayContaining([
        { price_id: generalPrice, price_cents: 2800 },
        { price_id: platea, price_cents: 5500 },
      ]),
    );
    const read = await call('GET', `/${saturday.id}`);
    expect(read.json().data.prices).toHaveLength(2);
    const listed = (await call('GET', '?per_page=100')).json().data;
    expect(listed.find((d: { id: string }) => d.id === friday.id).prices).toEqual([]);
    expect(listed.find((d: { id: string }) => d.id === saturday.id).prices).toHaveLength(2);

    // The public page presents each date's price; a tier without its own price keeps the ticket's.
    const satPage = await publicPage(s, saturday.id);
    expect(satPage.statusCode, satPage.body).toBe(200);
    expect(pricesShown(satPage.json())).toEqual({ [generalPrice]: 2800, [platea]: 5500, [anfiteatro]: 3000 });
    expect(pricesShown((await publicPage(s, friday.id)).json())).toEqual({
      [generalPrice]: 2000,
      [platea]: 4000,
      [anfiteatro]: 3000,
    });

    // The order of Saturday costs Saturday's prices; Friday's, the tickets'.
    const lines = [
      { ticket_id: general.id, price_id: generalPrice, quantity: 2 },
      { ticket_id: tiered.id, price_id: platea, quantity: 1 },
      { ticket_id: tiered.id, price_id: anfiteatro, quantity: 1 },
    ];
    const sat = await buy(s, lines, saturday.id);
    expect(sat.statusCode, sat.body).toBe(201);
    expect(sat.json().data.total_cents).toBe(2 * 2800 + 5500 + 3000);
    const items = await t.app.deps.db
      .select()
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.order_id))
      .where(eq(orders.short_id, sat.json().data.short_id));
    expect(
      Object.fromEntries(items.map((i) => [i.order_items.price_id, i.order_items.unit_price_cents])),
    ).toEqual({ [generalPrice]: 2800, [platea]: 5500, [anfiteatro]: 3000 });
    const fri = await buy(s, lines, friday.id);
    expect(fri.statusCode, fri.body).toBe(201);
    expect(fri.json().data.total_cents).toBe(2 * 2000 + 4000 + 3000);

    // The box office prices the date the same way.
    const boxPrice = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/orders/price`,
      headers: s.headers,
      payload: {
        tickets: [{ ticket_id: general.id, price_id: generalPrice, quantity: 3 }],
        event_date_id: saturday.id,
      },
    });
    expect(boxPrice.statusCode, boxPrice.body).toBe(200);
    expect(boxPrice.json().data.total_cents).toBe(3 * 2800);

    // An empty list gives the date back the tickets' prices; leaving prices out keeps them.
    await call(
      'PUT',
      `/${friday.id}`,
      edit(friday, { prices: [{ price_id: generalPrice, price_cents: 1500 }] }),
    );
    const kept = await call('PUT', `/${friday.id}`, edit(friday, { capacity: 80 }));
    expect(kept.json().data.prices).toEqual([{ price_id: generalPrice, price_cents: 1500 }]);
    const cleared = await call('PUT', `/${friday.id}`, edit(friday, { prices: [] }));
    expect(cleared.json().data.prices).toEqual([]);
    expect(pricesShown((await publicPage(s, friday.id)).json())[generalPrice]).toBe(2000);
  });

  it('refuses a price of another account or event, a free ticket’s, a negative one or the same twice, changing nothing', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2000 }] });
    const free = await addTicket(t.app, s.event, {
      name: 'Invitación',
      price_type: 'FREE',
      prices: [{ price_cents: 0 }],
    });
    const date = await addEventDate(t.app, s.event, { inDays: 5 });
    const otherAccount = await createSellingEvent(t.app);
    const foreign = await addTicket(t.app, otherAccount.event, { prices: [{ price_cents: 900 }] });
    const call = datesApi(s);
    const own = ticket.prices[0]?.id as string;

    const cases: [object[], string, string][] = [
      [
        [{ price_id: foreign.prices[0]?.id, price_cents: 100 }],
        'prices.0.price_id',
        'Elige un precio de una entrada de este evento.',
      ],
      [
        [
          { price_id: own, price_cents: 2500 },
          { price_id: free.prices[0]?.id, price_cents: 500 },
        ],
        'prices.1.price_id',
        'Una entrada gratuita no puede tener otro precio en una fecha.',
      ],
      [[{ price_id: own, price_cents: -1 }], 'prices.0.price_cents', 'Escribe un precio de 0 o más.'],
      [
        [
          { price_id: own, price_cents: 10 },
          { price_id: own, price_cents: 20 },
        ],
        'prices.1.price_id',
        'Cada precio solo puede aparecer una vez.',
      ],
    ];
    for (const [prices, field, message] of cases) {
      const res = await call('PUT', `/${date.id}`, edit(date, { prices, capacity: 7 }));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.fields).toMatchObject({ [field]: message });
    }
    // In English too.
    const english = await call('PUT', `/${date.id}`, edit(date, { prices: cases[0]?.[0] }), {
      ...s.headers,
      'accept-language': 'en',
    });
    expect(english.json().error.fields['prices.0.price_id']).toBe(
      'Choose a price of one of this event’s tickets.',
    );
    expect(
      await t.app.deps.db.select().from(eventDatePrices).where(eq(eventDatePrices.event_date_id, date.id)),
    ).toEqual([]);
    expect((await call('GET', `/${date.id}`)).json().data.capacity).toBeNull();

    // Another account cannot set prices on this date at all.
    const stranger = await call('PUT', `/${date.id}`, edit(date, { prices: [] }), otherAccount.headers);
    expect(stranger.statusCode).toBe(404);

    // Creating a date with a foreign price creates nothing.
    const created = await call('POST', '', {
      starts_at: inHours(24 * 20),
      prices: [{ price_id: foreign.prices[0]?.id, price_cents: 100 }],
    });
    expect(created.statusCode).toBe(422);
    expect((await call('GET', '?per_page=100')).json().meta.total).toBe(1);
  });
});

describe('a date’s own sale window', () => {
  it('buyers order it only within; the page shows not yet on sale or ended; the box office still sells', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2000, quantity: 50 }] });
    const line = [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id as string, quantity: 1 }];
    const date = await addEventDate(t.app, s.event, { inDays: 10 });
    const call = datesApi(s);

    // Not yet on sale.
    const opens = inHours(48);
    const set = await call(
      'PUT',
      `/${date.id}`,
      edit(date, { sale_starts_at: opens, sale_ends_at: inHours(96) }),
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ sale_starts_at: new Date(opens).toISOString() });
    const before = await buy(s, line, date.id);
    expect(before.statusCode).toBe(422);
    expect(before.json().error.fields).toEqual({
      event_date_id: 'La venta de esta fecha aún no ha empezado.',
    });
    const soon = (await publicPage(s, date.id)).json().data.tickets[0];
    expect(soon).toMatchObject({ sale_state: 'NOT_STARTED', sale_start_date: new Date(opens).toISOString() });
    expect(soon.prices[0]).toMatchObject({
      sale_state: 'NOT_STARTED',
      sale_start_date: new Date(opens).toISOString(),
    });

    // The box office sells it all the same, at the date's price.
    const box = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/orders`,
      headers: s.headers,
      payload: {
        buyer: { first_name: 'Rosa', last_name: 'Puig', email: 'rosa@example.com' },
        tickets: line,
        amount_paid_cents: 2000,
        send_emails: false,
        event_date_id: date.id,
      },
    });
    expect(box.statusCode, box.body).toBe(201);

    // Ended.
    const ended = await call(
      'PUT',
      `/${date.id}`,
      edit(date, { sale_starts_at: inHours(-48), sale_ends_at: inHours(-1) }),
    );
    expect(ended.statusCode, ended.body).toBe(200);
    const after = await buy(s, line, date.id);
    expect(after.statusCode).toBe(422);
    expect(after.json().error.fields).toEqual({ event_date_id: 'La venta de esta fecha ha terminado.' });
    expect((await publicPage(s, date.id)).json().data.tickets[0]).toMatchObject({ sale_state: 'ENDED' });

    // Within.
    await call('PUT', `/${date.id}`, edit(date, { sale_starts_at: inHours(-1), sale_ends_at: inHours(24) }));
    const inside = await buy(s, line, date.id);
    expect(inside.statusCode, inside.body).toBe(201);
    expect((await publicPage(s, date.id)).json().data.tickets[0]).toMatchObject({ sale_state: 'ON_SALE' });

    // Cleared (null): open again with no window.
    const cleared = await call(
      'PUT',
      `/${date.id}`,
      edit(date, { sale_starts_at: null, sale_ends_at: null }),
    );
    expect(cleared.json().data).toMatchObject({ sale_starts_at: null, sale_ends_at: null });
    expect((await buy(s, line, date.id)).statusCode).toBe(201);
  });

  it('the locked check decides again: a window that closed after pricing refuses the buyer, not the box office', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2000, quantity: 50 }] });
    const date = await addEventDate(t.app, s.event, {
      inDays: 10,
      sale_ends_at: new Date(Date.now() + HOUR),
    });
    const input = {
      tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id as string, quantity: 1 }],
      event_date_id: date.id,
    };
    const buyerPriced = await priceOrder(t.app.deps, s.event.id, input);
    const boxPriced = await priceOrder(t.app.deps, s.event.id, input, { byOrganizer: true });
    await t.app.deps.db
      .update(eventDates)
      .set({ sale_ends_at: new Date(Date.now() - 1000) })
      .where(eq(eventDates.id, date.id));
    const order = (p: typeof buyerPriced, n: number) => ({
      ...p.order,
      short_id: `o-late-${n}-${Date.now()}`,
      locale: 'es',
    });
    const refused = await holdUnits(t.app.deps, {
      order: order(buyerPriced, 1),
      lines: buyerPriced.lines,
      status: 'RESERVED',
      holdMinutes: 15,
    });
    expect(refused).toMatchObject({ problem: 'DATE_UNAVAILABLE' });
    const sold = await holdUnits(t.app.deps, {
      order: order(boxPriced, 2),
      lines: boxPriced.lines,
      status: 'COMPLETED',
      byOrganizer: true,
    });
    expect(sold).not.toHaveProperty('problem');
  });

  it('refuses an end before the start, or a sale that starts after the date, with nothing changed', async () => {
    const s = await createSellingEvent(t.app);
    const date = await addEventDate(t.app, s.event, { inDays: 10 });
    const call = datesApi(s);
    const inverted = await call(
      'PUT',
      `/${date.id}`,
      edit(date, { sale_starts_at: inHours(50), sale_ends_at: inHours(40) }),
    );
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().error.fields).toEqual({
      sale_ends_at: 'El fin de la venta debe ser posterior a su inicio.',
    });
    const late = await call('PUT', `/${date.id}`, edit(date, { sale_starts_at: inHours(24 * 11) }));
    expect(late.statusCode).toBe(422);
    expect(late.json().error.fields).toEqual({ sale_starts_at: 'La venta debe empezar antes que la fecha.' });
    // Only the end sent: checked against the start the date keeps.
    await call('PUT', `/${date.id}`, edit(date, { sale_starts_at: inHours(50) }));
    const endOnly = await call('PUT', `/${date.id}`, edit(date, { sale_ends_at: inHours(20) }));
    expect(endOnly.statusCode).toBe(422);
    expect((await call('GET', `/${date.id}`)).json().data.sale_ends_at).toBeNull();
  });
});

describe('several dates at once', () => {
  it('bulk edit sets the window and the prices of the chosen dates only, all or none', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2000 }] });
    const price = ticket.prices[0]?.id as string;
    const [sat1, sat2, sun] = [
      await addEventDate(t.app, s.event, { inDays: 6 }),
      await addEventDate(t.app, s.event, { inDays: 13 }),
      await addEventDate(t.app, s.event, { inDays: 14 }),
    ];
    const call = datesApi(s);
    const opens = inHours(2);
    const res = await call('POST', '/bulk-edit', {
      date_ids: [sat1?.id, sat2?.id],
      sale_starts_at: opens,
      prices: [{ price_id: price, price_cents: 3300 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ updated: 2 });
    const byId = new Map(
      (await call('GET', '?per_page=100')).json().data.map((d: { id: string }) => [d.id, d] as const),
    );
    for (const d of [sat1, sat2]) {
      expect(byId.get(d?.id as string)).toMatchObject({
        sale_starts_at: new Date(opens).toISOString(),
        sale_ends_at: null,
        prices: [{ price_id: price, price_cents: 3300 }],
      });
    }
    expect(byId.get(sun?.id as string)).toMatchObject({ sale_starts_at: null, prices: [] });

    // An end before the start the dates keep is refused for all of them.
    const bad = await call('POST', '/bulk-edit', { date_ids: [sat1?.id, sun?.id], sale_ends_at: inHours(1) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({
      sale_ends_at: 'El fin de la venta debe ser posterior a su inicio.',
    });
    expect((await call('GET', `/${sun?.id}`)).json().data.sale_ends_at).toBeNull();

    // A foreign price: nothing changes.
    const other = await createSellingEvent(t.app);
    const foreign = await addTicket(t.app, other.event);
    const refused = await call('POST', '/bulk-edit', {
      date_ids: [sun?.id],
      prices: [{ price_id: foreign.prices[0]?.id, price_cents: 1 }],
    });
    expect(refused.statusCode).toBe(422);
    expect((await call('GET', `/${sun?.id}`)).json().data.prices).toEqual([]);

    // Back to the tickets' prices and no window.
    const reset = await call('POST', '/bulk-edit', {
      date_ids: [sat1?.id, sat2?.id],
      sale_starts_at: null,
      prices: [],
    });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', `/${sat2?.id}`)).json().data).toMatchObject({
      sale_starts_at: null,
      prices: [],
    });
  });
});
