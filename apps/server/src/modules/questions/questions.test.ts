import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent } from '../../test/factories/selling.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;
let other: Awaited<ReturnType<typeof createAccountWithUser>>;
let eventId: string;
let ticketId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccountWithUser(t.app);
  other = await createAccountWithUser(t.app);
  eventId = (await createEvent(t.app, owner.account.id)).event.id;
  ticketId = (
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/tickets`,
      headers: owner.headers,
      payload: { name: 'General', type: 'FREE', prices: [{ price_cents: 0 }] },
    })
  ).json().data.id;
});
afterAll(() => t.close());

const url = (path = '') => `/api/events/${eventId}/questions${path}`;
const create = (payload: Record<string, unknown>, headers = owner.headers) =>
  t.app.inject({ method: 'POST', url: url(), headers, payload });
const countRows = async () => (await t.app.deps.db.select().from(questions)).length;

describe('questions', () => {
  it('lists the default questions first; they cannot be edited or deleted', async () => {
    const list = (await t.app.inject({ url: url(), headers: owner.headers })).json();
    expect(list.data.map((q: { id: string }) => q.id)).toEqual([
      'default:first_name',
      'default:last_name',
      'default:email',
    ]);
    expect(list.data[0]).toMatchObject({ title: 'Nombre', is_default: true, required: true });
    const put = await t.app.inject({
      method: 'PUT',
      url: url('/default:email'),
      headers: owner.headers,
      payload: { title: 'Email', type: 'SINGLE_LINE_TEXT', belongs_to: 'ORDER' },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().error.message).toMatch(/predeterminadas/);
    expect(
      (await t.app.inject({ method: 'DELETE', url: url('/default:email'), headers: owner.headers }))
        .statusCode,
    ).toBe(409);
  });

  it('creates per-attendee and per-order questions, updates, reorders and deletes', async () => {
    const talla = await create({
      title: 'Talla de camiseta',
      type: 'DROPDOWN',
      belongs_to: 'ATTENDEE',
      ticket_ids: [ticketId],
      options: ['S', 'M', 'L'],
      required: true,
    });
    expect(talla.statusCode).toBe(201);
    expect(talla.json().data).toMatchObject({
      ticket_ids: [ticketId],
      options: ['S', 'M', 'L'],
      is_default: false,
    });
    const empresa = (
      await create({ title: 'Empresa', type: 'SINGLE_LINE_TEXT', belongs_to: 'ORDER', options: ['x'] })
    ).json().data;
    expect(empresa.options).toEqual([]);
    const sort = await t.app.inject({
      method: 'PUT',
      url: url('/sort'),
      headers: owner.headers,
      payload: { ids: [empresa.id, talla.json().data.id] },
    });
    expect(sort.statusCode).toBe(204);
    const list = (await t.app.inject({ url: url(), headers: owner.headers })).json();
    expect(list.data.slice(3).map((q: { title: string }) => q.title)).toEqual([
      'Empresa',
      'Talla de camiseta',
    ]);
    expect(list.meta.total).toBe(5);
    const upd = await t.app.inject({
      method: 'PUT',
      url: url(`/${empresa.id}`),
      headers: owner.headers,
      payload: {
        title: 'Empresa u organización',
        type: 'MULTI_LINE_TEXT',
        belongs_to: 'ORDER',
        is_hidden: true,
      },
    });
    expect(upd.json().data).toMatchObject({
      title: 'Empresa u organización',
      type: 'MULTI_LINE_TEXT',
      is_hidden: true,
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: url(`/${empresa.id}`), headers: owner.headers }))
        .statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: url(`/${empresa.id}`), headers: owner.headers })).statusCode).toBe(404);
  });

  it('choice questions need an option; bad input is a translated 422 and stores nothing', async () => {
    const before = await countRows();
    const none = await create({ title: 'Menú', type: 'RADIO', belongs_to: 'ORDER', options: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields.options).toBe('Añade al menos una opción.');
    const en = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...owner.headers, 'accept-language': 'en' },
      payload: { title: 'Menu', type: 'MULTI_SELECT', belongs_to: 'ORDER' },
    });
    expect(en.json().error.fields.options).toBe('Add at least one option.');
    expect(
      (await create({ title: 'Dup', type: 'RADIO', belongs_to: 'ORDER', options: ['Sí', 'sí'] })).statusCode,
    ).toBe(422);
    expect((await create({ title: '', type: 'DATE', belongs_to: 'ORDER' })).statusCode).toBe(422);
    expect((await create({ title: 'X', type: 'COLOR', belongs_to: 'ORDER' })).statusCode).toBe(422);
    const wrongTicket = await create({
      title: 'X',
      type: 'PHONE',
      belongs_to: 'ATTENDEE',
      ticket_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(wrongTicket.statusCode).toBe(422);
    expect(await countRows()).toBe(before);
  });

  it('another account gets 404 and changes nothing', async () => {
    const q = (await create({ title: 'Alergias', type: 'MULTI_LINE_TEXT', belongs_to: 'ATTENDEE' })).json()
      .data;
    const h = other.headers;
    const payload = { title: 'Robada', type: 'DATE', belongs_to: 'ORDER' };
    const results = await Promise.all([
      t.app.inject({ url: url(), headers: h }),
      t.app.inject({ method: 'POST', url: url(), headers: h, payload }),
      t.app.inject({ url: url(`/${q.id}`), headers: h }),
      t.app.inject({ method: 'PUT', url: url(`/${q.id}`), headers: h, payload }),
      t.app.inject({ method: 'DELETE', url: url(`/${q.id}`), headers: h }),
      t.app.inject({ method: 'PUT', url: url('/sort'), headers: h, payload: { ids: [q.id] } }),
      t.app.inject({ method: 'DELETE', url: url('/default:email'), headers: h }),
    ]);
    for (const r of results) expect(r.statusCode).toBe(404);
    expect((await t.app.inject({ url: url(`/${q.id}`), headers: owner.headers })).json().data.title).toBe(
      'Alergias',
    );
  });
});
