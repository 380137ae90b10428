import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capacityAssignments } from '../../db/schema/index.ts';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent, insertOrder } from '../../test/factories/selling.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;
let other: Awaited<ReturnType<typeof createAccountWithUser>>;
let eventId: string;
let general: { id: string; prices: { id: string }[] };
let vip: { id: string; prices: { id: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccountWithUser(t.app);
  other = await createAccountWithUser(t.app);
  eventId = (await createEvent(t.app, owner.account.id)).event.id;
  const mk = async (name: string, quantity: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/tickets`,
        headers: owner.headers,
        payload: { name, type: 'PAID', prices: [{ price_cents: 1000, quantity }] },
      })
    ).json().data;
  general = await mk('General', 250);
  vip = await mk('VIP', 100);
});
afterAll(() => t.close());

const url = (path = '') => `/api/events/${eventId}/capacity-assignments${path}`;
const getTicket = async (id: string) =>
  (await t.app.inject({ url: `/api/events/${eventId}/tickets/${id}`, headers: owner.headers })).json().data;
const countRows = async () => (await t.app.deps.db.select().from(capacityAssignments)).length;

describe('capacity assignments', () => {
  it('a shared limit caps the tickets it covers, counting sold and live reservations', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: owner.headers,
      payload: { name: 'Aforo sala', capacity: 300, ticket_ids: [general.id, vip.id] },
    });
    expect(res.statusCode).toBe(201);
    const cap = res.json().data;
    expect(cap).toMatchObject({
      name: 'Aforo sala',
      capacity: 300,
      status: 'ACTIVE',
      used: 0,
      remaining: 300,
    });

    const base = { accountId: owner.account.id, eventId };
    await insertOrder(t.app, {
      ...base,
      status: 'COMPLETED',
      items: [{ ticketId: general.id, priceId: at(general.prices, 0).id, quantity: 200 }],
    });
    await insertOrder(t.app, {
      ...base,
      items: [{ ticketId: vip.id, priceId: at(vip.prices, 0).id, quantity: 60 }],
    });
    await insertOrder(t.app, {
      ...base,
      reservedUntil: new Date(Date.now() - 60_000),
      items: [{ ticketId: vip.id, priceId: at(vip.prices, 0).id, quantity: 30 }],
    });

    const got = (await t.app.inject({ url: url(`/${cap.id}`), headers: owner.headers })).json().data;
    expect(got).toMatchObject({ used: 260, remaining: 40 });
    // General: 50 left in its tier, 40 in the room → 40. VIP: 40 in its tier, 40 in the room → 40.
    expect((await getTicket(general.id)).quantity_remaining).toBe(40);
    expect((await getTicket(vip.id)).quantity_remaining).toBe(40);

    // Cannot go below what is held while active; can while inactive (and then it stops limiting).
    const put = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: url(`/${cap.id}`), headers: owner.headers, payload: body });
    const below = await put({ name: 'Aforo sala', capacity: 250, ticket_ids: [general.id, vip.id] });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.message).toContain('260');
    const inactive = await put({
      name: 'Aforo sala',
      capacity: 250,
      status: 'INACTIVE',
      ticket_ids: [general.id, vip.id],
    });
    expect(inactive.statusCode).toBe(200);
    expect((await getTicket(general.id)).quantity_remaining).toBe(50);

    const list = (await t.app.inject({ url: url(), headers: owner.headers })).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      status: 'INACTIVE',
      used: 260,
      ticket_ids: expect.arrayContaining([general.id, vip.id]),
    });

    const del = await t.app.inject({ method: 'DELETE', url: url(`/${cap.id}`), headers: owner.headers });
    expect(del.statusCode).toBe(204);
    expect(await countRows()).toBe(0);
  });

  it('bad input is a translated 422 and stores nothing', async () => {
    const bad = [
      { name: '', capacity: 10, ticket_ids: [general.id] },
      { name: 'Aforo', capacity: 0, ticket_ids: [general.id] },
      { name: 'Aforo', capacity: 10, ticket_ids: [] },
      { name: 'Aforo', capacity: 10, ticket_ids: ['00000000-0000-4000-8000-000000000000'] },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: url(), headers: owner.headers, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe('Revisa los datos introducidos.');
    }
    const en = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...owner.headers, 'accept-language': 'en' },
      payload: { name: 'Aforo', capacity: 10, ticket_ids: [] },
    });
    expect(en.json().error.fields.ticket_ids).toBe('Choose at least one ticket.');
    expect(await countRows()).toBe(0);
  });

  it('another account gets 404 and changes nothing', async () => {
    const cap = (
      await t.app.inject({
        method: 'POST',
        url: url(),
        headers: owner.headers,
        payload: { name: 'Pista', capacity: 100, ticket_ids: [general.id] },
      })
    ).json().data;
    const h = other.headers;
    const payload = { name: 'X', capacity: 5, ticket_ids: [general.id] };
    const results = await Promise.all([
      t.app.inject({ url: url(), headers: h }),
      t.app.inject({ method: 'POST', url: url(), headers: h, payload }),
      t.app.inject({ url: url(`/${cap.id}`), headers: h }),
      t.app.inject({ method: 'PUT', url: url(`/${cap.id}`), headers: h, payload }),
      t.app.inject({ method: 'DELETE', url: url(`/${cap.id}`), headers: h }),
    ]);
    for (const r of results) expect(r.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: url(`/${cap.id}`),
      headers: owner.headers,
      payload: { name: 'Pista', capacity: -1, ticket_ids: [general.id] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.capacity).toBe('Debe ser como mínimo 1.');
    const still = (await t.app.inject({ url: url(`/${cap.id}`), headers: owner.headers })).json().data;
    expect(still).toMatchObject({ name: 'Pista', capacity: 100 });
  });
});
