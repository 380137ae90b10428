import { MAX_PUBLIC_DATES } from '@taquilla/shared/schemas/event-dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, createSellingEvent } from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;
/** 20:00 in Madrid (19:00 UTC in winter, 21:00 in summer: a fixed UTC hour is fine here), `days` ahead. */
const at = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(19, 0, 0, 0);
  return d.toISOString();
};

async function eventWithDates(dates: { days: number; status?: string; capacity?: number }[]) {
  const seller = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, seller.event, {
    show_quantity_remaining: true,
    prices: [{ price_cents: 1500, quantity: 20 }],
  });
  const ids: string[] = [];
  for (const d of dates) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${seller.event.id}/dates`,
      headers: seller.headers,
      payload: { starts_at: at(d.days), status: d.status, capacity: d.capacity },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().data.id);
  }
  return { ...seller, ticket, ids };
}

const publicEvent = (id: string, query = '', lang = 'es') =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/events/${id}${query}`,
    headers: { 'accept-language': lang },
  });

async function buy(
  eventId: string,
  ticket: { id: string; prices: { id: string }[] },
  dateId: string,
  n: number,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/events/${eventId}/order`,
    payload: {
      tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: n }],
      event_date_id: dateId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the public event and its dates', () => {
  it('lists the upcoming dates buyers may choose, few left and sold out marked, and how many in all', async () => {
    const e = await eventWithDates([
      { days: 3 },
      { days: 4, capacity: 12 },
      { days: 5, status: 'SOLD_OUT' },
      { days: 6, status: 'HIDDEN' },
      { days: 7, status: 'CANCELLED' },
      { days: -1 },
      { days: 8, capacity: 3 },
    ]);
    await buy(e.event.id, e.ticket, e.ids[1] as string, 4);
    await buy(e.event.id, e.ticket, e.ids[6] as string, 3);
    const body = (await publicEvent(e.event.id)).json().data;
    expect(body.dates_total).toBe(4);
    expect(body.date_id).toBeNull();
    const marks = body.dates.map(
      (d: { id: string; sold_out: boolean; few_left: boolean; status: string }) => [
        d.id,
        d.status,
        d.sold_out,
        d.few_left,
      ],
    );
    expect(marks).toEqual([
      // 20 units a date, none held.
      [e.ids[0], 'ON_SALE', false, false],
      // Its capacity of 12, 4 held: 8 left, few.
      [e.ids[1], 'ON_SALE', false, true],
      [e.ids[2], 'SOLD_OUT', true, false],
      // Its capacity of 3, all held.
      [e.ids[6], 'SOLD_OUT', true, false],
    ]);
  });

  it("?date= shows that date's stock of each ticket; a date buyers cannot choose is a translated 404", async () => {
    const e = await eventWithDates([{ days: 3 }, { days: 4 }, { days: -2 }, { days: 9, status: 'HIDDEN' }]);
    await buy(e.event.id, e.ticket, e.ids[1] as string, 5);
    const remaining = async (query: string) => {
      const res = await publicEvent(e.event.id, query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    // 20 units of the tier on each date: 5 held on the second date only.
    const first = await remaining(`?date=${e.ids[0]}`);
    expect(first.date_id).toBe(e.ids[0]);
    expect(first.tickets[0].prices[0].quantity_remaining).toBe(20);
    const second = await remaining(`?date=${e.ids[1]}`);
    expect(second.date_id).toBe(e.ids[1]);
    expect(second.tickets[0].prices[0].quantity_remaining).toBe(15);
    for (const refused of [e.ids[2], e.ids[3], '6a0f7d3e-0000-4000-8000-000000000000']) {
      const res = await publicEvent(e.event.id, `?date=${refused}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(
        'Esta fecha no está a la venta: elige otra de las próximas fechas.',
      );
    }
    const en = await publicEvent(e.event.id, `?date=${e.ids[2]}`, 'en');
    expect(en.json().error.message).toBe('This date is not on sale: choose another of the upcoming dates.');
    const malformed = await publicEvent(e.event.id, '?date=nope');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().error.fields.date).toBe('Elige una fecha válida.');
  });

  it('/dates?from&to gives the dates starting on those days of the event’s zone, and refuses bad ranges', async () => {
    const e = await eventWithDates([{ days: 3 }, { days: 4 }, { days: 40 }]);
    const day = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(iso));
    const range = (from: string, to: string) =>
      t.app.inject({ method: 'GET', url: `/api/public/events/${e.event.id}/dates?from=${from}&to=${to}` });
    const some = await range(day(at(3)), day(at(4)));
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json().data.map((d: { id: string }) => d.id)).toEqual([e.ids[0], e.ids[1]]);
    const one = await range(day(at(4)), day(at(4)));
    expect(one.json().data.map((d: { id: string }) => d.id)).toEqual([e.ids[1]]);
    const backwards = await range(day(at(4)), day(at(3)));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.fields.to).toBe(
      'El final del intervalo no puede ser anterior a su inicio.',
    );
    const tooLong = await range(day(at(3)), day(at(80)));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().error.fields.to).toBe('Pide como máximo 62 días a la vez.');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/6a0f7d3e-0000-4000-8000-000000000000/dates?from=${day(at(3))}&to=${day(at(4))}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a single-date event shows no dates and refuses a ?date=', async () => {
    const seller = await createSellingEvent(t.app);
    await addTicket(t.app, seller.event);
    const body = (await publicEvent(seller.event.id)).json().data;
    expect(body.dates).toEqual([]);
    expect(body.dates_total).toBe(0);
    expect(
      (await publicEvent(seller.event.id, '?date=6a0f7d3e-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('each date says where its own sale window stands: open, opening on a day, or closed', async () => {
    const e = await eventWithDates([{ days: 3 }, { days: 10 }, { days: 17 }]);
    const opens = new Date(Date.now() + 2 * DAY).toISOString();
    const set = (i: number, days: number, window: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/events/${e.event.id}/dates/${e.ids[i]}`,
        headers: e.headers,
        payload: { starts_at: at(days), ...window },
      });
    const opening = await set(1, 10, { sale_starts_at: opens });
    expect(opening.statusCode, opening.body).toBe(200);
    const closed = await set(2, 17, {
      sale_starts_at: new Date(Date.now() - 2 * DAY).toISOString(),
      sale_ends_at: new Date(Date.now() - DAY).toISOString(),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const dates = (await publicEvent(e.event.id)).json().data.dates;
    expect(dates.map((d: { sale_state: string }) => d.sale_state)).toEqual([
      'ON_SALE',
      'NOT_STARTED',
      'ENDED',
    ]);
    expect(dates[1].sale_starts_at).toBe(opens);
    expect(dates[0].sale_starts_at).toBeNull();
  });

  it('?date= of a date past the first ones listed presents that date too', async () => {
    const seller = await createSellingEvent(t.app);
    await addTicket(t.app, seller.event, { prices: [{ price_cents: 1500, quantity: 20 }] });
    const starts_on = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const rule = {
      frequency: 'DAILY',
      starts_on,
      start_time: '20:00',
      duration_minutes: 90,
      ends: { count: MAX_PUBLIC_DATES + 5 },
    };
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/events/${seller.event.id}/dates/from-rule`,
      headers: seller.headers,
      payload: { rule },
    });
    expect(made.statusCode, made.body).toBe(201);
    const last = await t.app.inject({
      method: 'GET',
      url: `/api/events/${seller.event.id}/dates?page=${MAX_PUBLIC_DATES + 5}&per_page=1`,
      headers: seller.headers,
    });
    const far = last.json().data[0];
    const answer = (await publicEvent(seller.event.id, `?date=${far.id}`)).json().data;
    expect(answer.dates).toHaveLength(MAX_PUBLIC_DATES);
    expect(answer.dates.some((d: { id: string }) => d.id === far.id)).toBe(false);
    expect(answer.date).toMatchObject({ id: far.id, starts_at: far.starts_at, status: 'ON_SALE' });
    expect((await publicEvent(seller.event.id)).json().data.date).toBeNull();
  });
});
