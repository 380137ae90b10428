import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDates, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent, insertOrder } from '../../test/factories/selling.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;
let other: Awaited<ReturnType<typeof createAccountWithUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccountWithUser(t.app);
  other = await createAccountWithUser(t.app);
});
afterAll(() => t.close());

/** A fresh event (Europe/Madrid) of the owner's and a caller for its dates' routes. */
async function newEvent() {
  const eventId = (await createEvent(t.app, owner.account.id)).event.id;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path = '',
    payload?: object,
    headers: Record<string, string> = owner.headers,
  ) =>
    t.app.inject({
      method,
      url: `/api/events/${eventId}/dates${path}`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const list = async (query = '?per_page=100') => (await call('GET', query)).json();
  return { eventId, call, list };
}

const weekendRule = {
  frequency: 'WEEKLY',
  starts_on: '2027-03-05',
  start_time: '20:00',
  duration_minutes: 120,
  weekdays: [5, 6],
  ends: { until: '2027-04-10' },
};

describe('event dates', () => {
  it('a weekly rule previews its first and last dates and count, saves nothing, then creates them once', async () => {
    const { call, list } = await newEvent();
    const preview = await call('POST', '/preview', { rule: weekendRule });
    expect(preview.statusCode, preview.body).toBe(200);
    // Fridays and Saturdays from 5 March to 10 April 2027: 6 weekends. Madrid moves to summer time on 28 March.
    expect(preview.json().data).toEqual({
      count: 12,
      first: { starts_at: '2027-03-05T19:00:00.000Z', ends_at: '2027-03-05T21:00:00.000Z' },
      last: { starts_at: '2027-04-10T18:00:00.000Z', ends_at: '2027-04-10T20:00:00.000Z' },
    });
    expect((await list()).meta.total).toBe(0);

    const created = await call('POST', '/from-rule', { rule: weekendRule, capacity: 300 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toEqual({ created: 12, skipped: 0 });
    const { data, meta } = await list();
    expect(meta.total).toBe(12);
    expect(data.map((d: { starts_at: string }) => d.starts_at).slice(6, 9)).toEqual([
      '2027-03-26T19:00:00.000Z',
      '2027-03-27T19:00:00.000Z',
      '2027-04-02T18:00:00.000Z',
    ]);
    expect(data[0]).toMatchObject({
      status: 'ON_SALE',
      capacity: 300,
      ends_at: '2027-03-05T21:00:00.000Z',
      location: null,
    });

    // The same rule again adds nothing: every date already exists.
    const again = await call('POST', '/from-rule', { rule: weekendRule });
    expect(again.json().data).toEqual({ created: 0, skipped: 12 });
    const filtered = await list('?filter_fields[starts_at][gte]=2027-04-01T00:00:00Z');
    expect(filtered.meta.total).toBe(4);
  });

  it('refuses more than 5,000 dates per event with a translated 422, and saves nothing', async () => {
    const { call, list } = await newEvent();
    const slots = {
      frequency: 'SLOTS',
      starts_on: '2027-05-01',
      start_time: '10:00',
      closes_at: '18:00',
      every_minutes: 30,
      duration_minutes: 30,
      ends: { count: 5000 },
    };
    const full = await call('POST', '/preview', { rule: slots });
    expect(full.json().data).toMatchObject({
      count: 5000,
      first: { starts_at: '2027-05-01T08:00:00.000Z' },
      // 16 slots a day: the 5,000th is the 8th slot (13:30, winter time) of the 313th day, 8 March 2028.
      last: { starts_at: '2028-03-08T12:30:00.000Z', ends_at: '2028-03-08T13:00:00.000Z' },
    });
    expect((await call('POST', '', { starts_at: '2027-01-01T20:00:00+01:00' })).statusCode).toBe(201);
    for (const path of ['/preview', '/from-rule']) {
      const res = await call('POST', path, { rule: slots });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields['rule.ends']).toBe(
        'Un evento puede tener como máximo 5000 fechas; solo caben 4999 más.',
      );
    }
    const en = await call(
      'POST',
      '/preview',
      { rule: { ...slots, ends: { until: '2029-01-01' } } },
      {
        ...owner.headers,
        'accept-language': 'en',
      },
    );
    expect(en.json().error.fields['rule.ends']).toBe(
      'An event may have at most 5000 dates; only 4,999 more fit.',
    );
    expect((await list()).meta.total).toBe(1);
  });

  it('bad rules and dates are translated 422s that change nothing', async () => {
    const { call, list } = await newEvent();
    const bad: [object, string, string][] = [
      [
        { rule: { ...weekendRule, weekdays: undefined } },
        'rule.weekdays',
        'Elige al menos un día de la semana.',
      ],
      [
        { rule: { ...weekendRule, ends: { until: '2027-03-20', count: 3 } } },
        'rule.ends',
        'Indica una fecha final o un número de fechas (solo una de las dos).',
      ],
      [
        { rule: { ...weekendRule, ends: { until: '2027-03-01' } } },
        'rule.ends.until',
        'La fecha final no puede ser anterior al primer día.',
      ],
      [
        { rule: { ...weekendRule, ends: { until: '2035-03-01' } } },
        'rule.ends.until',
        'Una regla puede abarcar como máximo 5 años.',
      ],
      [
        { rule: { ...weekendRule, start_time: '25:00' } },
        'rule.start_time',
        'Escribe una hora con el formato HH:MM.',
      ],
      [
        { rule: { ...weekendRule, exclusions: ['2027-03-05', '2027-03-06'], ends: { until: '2027-03-06' } } },
        'rule',
        'Esta regla no crea ninguna fecha.',
      ],
      [{ rule: { ...weekendRule, frequency: 'MONTHLY' } }, 'rule.nth', 'Elige qué semana del mes y qué día.'],
    ];
    for (const [payload, field, message] of bad) {
      for (const path of ['/preview', '/from-rule']) {
        const res = await call('POST', path, payload);
        expect(res.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(422);
        expect(res.json().error.fields[field]).toBe(message);
      }
    }
    const backwards = await call('POST', '', {
      starts_at: '2027-01-01T20:00:00Z',
      ends_at: '2027-01-01T19:00:00Z',
    });
    expect(backwards.json().error.fields.ends_at).toBe('El final debe ser posterior al inicio.');
    expect((await list()).meta.total).toBe(0);
  });

  it('edits one date, several at once, and deletes only dates nobody bought', async () => {
    const { eventId, call, list } = await newEvent();
    const one = (
      await call('POST', '', { starts_at: '2027-06-01T18:00:00Z', ends_at: '2027-06-01T20:00:00Z' })
    ).json().data;
    const dup = await call('POST', '', { starts_at: '2027-06-01T20:00:00+02:00' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.fields.starts_at).toBe('Ya hay una fecha que empieza a esa hora.');

    await call('POST', '/from-rule', {
      rule: {
        frequency: 'DAILY',
        starts_on: '2027-06-02',
        start_time: '20:00',
        duration_minutes: 90,
        ends: { count: 3 },
      },
    });
    const edited = await call('PUT', `/${one.id}`, {
      starts_at: '2027-06-01T19:00:00Z',
      ends_at: '2027-06-01T21:00:00Z',
      location: { venue_name: 'Teatro Principal', city: 'Valencia' },
      status: 'HIDDEN',
      capacity: 80,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      status: 'HIDDEN',
      capacity: 80,
      location: { city: 'Valencia' },
    });

    const ids = (await list()).data.map((d: { id: string }) => d.id);
    expect(ids).toHaveLength(4);
    // Moving the second and third dates a day later puts the third on the fourth's start: refused whole.
    const clash = await call('POST', '/bulk-edit', { date_ids: ids.slice(1, 3), shift_minutes: 24 * 60 });
    expect(clash.statusCode).toBe(422);
    const moved = await call('POST', '/bulk-edit', {
      date_ids: ids.slice(1, 4),
      shift_minutes: 24 * 60,
      status: 'SOLD_OUT',
      capacity: null,
    });
    expect(moved.json().data).toEqual({ updated: 3 });
    const after = (await list()).data;
    expect(after.map((d: { starts_at: string; status: string }) => [d.starts_at, d.status])).toEqual([
      ['2027-06-01T19:00:00.000Z', 'HIDDEN'],
      ['2027-06-03T18:00:00.000Z', 'SOLD_OUT'],
      ['2027-06-04T18:00:00.000Z', 'SOLD_OUT'],
      ['2027-06-05T18:00:00.000Z', 'SOLD_OUT'],
    ]);
    const nothing = await call('POST', '/bulk-edit', { date_ids: ids });
    expect(nothing.json().error.fields.date_ids).toBe('Indica qué quieres cambiar.');
    const foreign = await call('POST', '/bulk-edit', {
      date_ids: [ids[0], '00000000-0000-4000-8000-000000000000'],
      status: 'CANCELLED',
    });
    expect(foreign.json().error.fields.date_ids).toBe('Alguna fecha no pertenece a este evento.');
    expect((await list()).data[0].status).toBe('HIDDEN');

    const order = await insertOrder(t.app, {
      accountId: owner.account.id,
      eventId,
      status: 'COMPLETED',
      items: [],
    });
    await t.app.deps.db.update(orders).set({ event_date_id: ids[1] }).where(eq(orders.id, order.id));
    const refused = await call('DELETE', `/${ids[1]}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Esta fecha tiene pedidos: cancélala en lugar de borrarla.');
    expect((await call('DELETE', `/${ids[0]}`)).statusCode).toBe(204);
    expect((await list()).meta.total).toBe(3);
  });

  it("another account gets 404 on an event's dates and changes nothing", async () => {
    const { eventId, call } = await newEvent();
    const date = (await call('POST', '', { starts_at: '2027-09-01T18:00:00Z' })).json().data;
    const h = other.headers;
    const results = await Promise.all([
      call('GET', '', undefined, h),
      call('GET', `/${date.id}`, undefined, h),
      call('POST', '', { starts_at: '2027-09-02T18:00:00Z' }, h),
      call('POST', '/preview', { rule: weekendRule }, h),
      call('POST', '/from-rule', { rule: weekendRule }, h),
      call('POST', '/bulk-edit', { date_ids: [date.id], status: 'CANCELLED' }, h),
      call('PUT', `/${date.id}`, { starts_at: '2027-09-03T18:00:00Z' }, h),
      call('DELETE', `/${date.id}`, undefined, h),
    ]);
    for (const r of results) expect(r.statusCode).toBe(404);
    // Its own account reads the one date (a picker names the chosen one with it).
    const own = await call('GET', `/${date.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: date.id, starts_at: '2027-09-01T18:00:00.000Z' });
    const rows = await t.app.deps.db.select().from(eventDates).where(eq(eventDates.event_id, eventId));
    expect(rows.map((r) => [r.starts_at.toISOString(), r.status])).toEqual([
      ['2027-09-01T18:00:00.000Z', 'ON_SALE'],
    ]);
  });
});
