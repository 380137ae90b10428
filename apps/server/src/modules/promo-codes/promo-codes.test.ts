import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '../../db/schema/index.ts';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent, insertOrder } from '../../test/factories/selling.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;
let other: Awaited<ReturnType<typeof createAccountWithUser>>;
let eventId: string;
let otherEventId: string;
let ticket: { id: string; prices: { id: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccountWithUser(t.app);
  other = await createAccountWithUser(t.app);
  eventId = (await createEvent(t.app, owner.account.id)).event.id;
  otherEventId = (await createEvent(t.app, owner.account.id, { name: 'Otro' })).event.id;
  ticket = (
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/tickets`,
      headers: owner.headers,
      payload: { name: 'General', type: 'PAID', prices: [{ price_cents: 2000 }] },
    })
  ).json().data;
});
afterAll(() => t.close());

const url = (path = '', event = eventId) => `/api/events/${event}/promo-codes${path}`;
const create = (
  payload: Record<string, unknown>,
  headers: Record<string, string> = owner.headers,
  event = eventId,
) => t.app.inject({ method: 'POST', url: url('', event), headers, payload });
const valid = async (code: string, event = eventId) => {
  const res = await t.app.inject({
    url: `/api/public/events/${event}/promo-codes/${encodeURIComponent(code)}`,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.valid).toBe(body.data.valid);
  return body.valid as boolean;
};
const countRows = async () => (await t.app.deps.db.select().from(promoCodes)).length;

describe('promo codes', () => {
  it('creates, reads, updates, lists and deletes a code', async () => {
    const res = await create({
      code: 'Primavera10',
      discount_type: 'PERCENTAGE',
      discount: 10,
      ticket_ids: [ticket.id],
    });
    expect(res.statusCode).toBe(201);
    const code = res.json().data;
    expect(code).toMatchObject({
      code: 'Primavera10',
      discount_type: 'PERCENTAGE',
      discount: 10,
      ticket_ids: [ticket.id],
      usage_count: 0,
      status: 'ACTIVE',
      max_uses: null,
      expiry_date: null,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: url(`/${code.id}`),
      headers: owner.headers,
      payload: { code: 'PRIMAVERA10', discount_type: 'FIXED', discount: 500, max_uses: 3 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      code: 'PRIMAVERA10',
      discount: 500,
      ticket_ids: [],
      max_uses: 3,
    });
    const list = (await t.app.inject({ url: url('?query=prima'), headers: owner.headers })).json();
    expect(list.meta.total).toBe(1);
    expect((await t.app.inject({ url: url(`/${code.id}`), headers: owner.headers })).json().data.code).toBe(
      'PRIMAVERA10',
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: url(`/${code.id}`), headers: owner.headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: url(`/${code.id}`), headers: owner.headers })).statusCode).toBe(404);
  });

  it('codes are unique per event, case-insensitively; bad input is a translated 422 and stores nothing', async () => {
    expect((await create({ code: 'VERANO', discount_type: 'NONE' })).statusCode).toBe(201);
    const before = await countRows();
    const dup = await create({ code: 'verano', discount_type: 'NONE' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.fields.code).toMatch(/Ya existe/);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ code: 'AB', discount_type: 'NONE' }, 'code', /entre 3 y 50/],
      [{ code: 'x'.repeat(51), discount_type: 'NONE' }, 'code', /entre 3 y 50/],
      [{ code: 'CON ESPACIO', discount_type: 'NONE' }, 'code', /espacios/],
      [{ code: 'MUCHO', discount_type: 'PERCENTAGE', discount: 101 }, 'discount', /0 y 100/],
      [{ code: 'NADA', discount_type: 'FIXED' }, 'discount', /descuento/],
      [
        { code: 'OTRA', discount_type: 'NONE', ticket_ids: ['00000000-0000-4000-8000-000000000000'] },
        'ticket_ids',
        /entrada/,
      ],
      [{ code: 'NEG', discount_type: 'FIXED', discount: -5 }, 'discount', /no puede ser negativo/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields[field]).toMatch(message);
    }
    const en = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...owner.headers, 'accept-language': 'en' },
      payload: { code: 'AB', discount_type: 'NONE' },
    });
    expect(en.json().error.fields.code).toBe('The code must be 3 to 50 characters long.');
    expect(await countRows()).toBe(before);
    // The same code on another event is fine.
    expect(
      (await create({ code: 'VERANO', discount_type: 'NONE' }, owner.headers, otherEventId)).statusCode,
    ).toBe(201);
  });

  it('a discount out of range is refused on create and update, never saved clamped', async () => {
    const saved = (await create({ code: 'RANGO', discount_type: 'PERCENTAGE', discount: 20 })).json().data;
    const before = await countRows();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ discount_type: 'PERCENTAGE', discount: 150 }, 'El porcentaje debe estar entre 0 y 100.'],
      [{ discount_type: 'PERCENTAGE', discount: -10 }, 'El descuento no puede ser negativo.'],
      [{ discount_type: 'FIXED', discount: -500 }, 'El descuento no puede ser negativo.'],
      [{ discount_type: 'FIXED', discount: 0 }, /^Un descuento de 0 no descuenta nada/],
      [{ discount_type: 'PERCENTAGE', discount: 0 }, /^Un descuento de 0 no descuenta nada/],
      [{ discount_type: 'FIXED', discount: 12.5 }, /^El descuento debe ser un número entero/],
      [{ discount_type: 'PERCENTAGE', discount: 12.5 }, /^El descuento debe ser un número entero/],
    ];
    for (const [body, message] of cases) {
      const payload = { code: 'RANGO2', ...body };
      const created = await create(payload);
      const updated = await t.app.inject({
        method: 'PUT',
        url: url(`/${saved.id}`),
        headers: owner.headers,
        payload,
      });
      for (const res of [created, updated]) {
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.json().error.fields)).toEqual(['discount']);
        expect(res.json().error.fields.discount).toMatch(message);
      }
    }
    const en = await create(
      { code: 'RANGO3', discount_type: 'PERCENTAGE', discount: 150 },
      {
        ...owner.headers,
        'accept-language': 'en',
      },
    );
    expect(en.json().error.fields.discount).toBe('The percentage must be between 0 and 100.');
    for (const max_uses of [0, -3, 2.5]) {
      const res = await create({ code: 'USOS', discount_type: 'NONE', max_uses });
      expect(res.statusCode, String(max_uses)).toBe(422);
      expect(res.json().error.fields).toEqual({
        max_uses: expect.stringMatching(/^Los usos máximos son un número entero de 1/),
      });
    }
    expect(await countRows()).toBe(before);
    const after = (await t.app.inject({ url: url(`/${saved.id}`), headers: owner.headers })).json().data;
    expect(after).toMatchObject({ code: 'RANGO', discount_type: 'PERCENTAGE', discount: 20 });
  });

  it('public validity: wrong case ok; expired, used up, unknown, wrong event or draft event are not valid', async () => {
    await create({ code: 'OTONO', discount_type: 'FIXED', discount: 300, max_uses: 2 });
    expect(await valid('OTONO')).toBe(true);
    expect(await valid('otono')).toBe(true);
    expect(await valid('NOEXISTE')).toBe(false);
    expect(await valid('OTONO', otherEventId)).toBe(false);
    expect(await valid('OTONO', '00000000-0000-4000-8000-000000000000')).toBe(false);

    await create({
      code: 'CADUCADO',
      discount_type: 'NONE',
      expiry_date: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await valid('CADUCADO')).toBe(false);

    const promo = (await t.app.inject({ url: url('?query=OTONO'), headers: owner.headers })).json().data[0];
    const base = { accountId: owner.account.id, eventId, promoCodeId: promo.id };
    const items = [{ ticketId: ticket.id, priceId: at(ticket.prices, 0).id, quantity: 1 }];
    await insertOrder(t.app, { ...base, status: 'COMPLETED', items });
    await insertOrder(t.app, { ...base, reservedUntil: new Date(Date.now() - 1000), items }); // expired: no use
    await insertOrder(t.app, { ...base, status: 'ABANDONED', items });
    expect(await valid('OTONO')).toBe(true);
    await insertOrder(t.app, { ...base, items }); // live reservation: a use
    expect(await valid('otono')).toBe(false);
    const listed = (await t.app.inject({ url: url(`/${promo.id}`), headers: owner.headers })).json().data;
    expect(listed).toMatchObject({ usage_count: 2, status: 'USED_UP' });

    const draft = (await createEvent(t.app, owner.account.id, { status: 'DRAFT' })).event.id;
    await create({ code: 'BORRADOR', discount_type: 'NONE' }, owner.headers, draft);
    expect(await valid('BORRADOR', draft)).toBe(false);
  });

  it('another account gets 404 and changes nothing', async () => {
    const code = (await create({ code: 'PROPIO', discount_type: 'NONE' })).json().data;
    const h = other.headers;
    const payload = { code: 'ROBADO', discount_type: 'NONE' };
    const results = await Promise.all([
      t.app.inject({ url: url(), headers: h }),
      t.app.inject({ method: 'POST', url: url(), headers: h, payload }),
      t.app.inject({ url: url(`/${code.id}`), headers: h }),
      t.app.inject({ method: 'PUT', url: url(`/${code.id}`), headers: h, payload }),
      t.app.inject({ method: 'DELETE', url: url(`/${code.id}`), headers: h }),
    ]);
    for (const r of results) expect(r.statusCode).toBe(404);
    expect((await t.app.inject({ url: url(`/${code.id}`), headers: owner.headers })).json().data.code).toBe(
      'PROPIO',
    );
  });
});
