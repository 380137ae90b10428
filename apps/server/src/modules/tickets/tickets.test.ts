import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketPrices, tickets } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent, createTax, insertOrder } from '../../test/factories/selling.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;
let other: Awaited<ReturnType<typeof createAccountWithUser>>;
let eventId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccountWithUser(t.app);
  other = await createAccountWithUser(t.app);
  ({
    event: { id: eventId },
  } = await createEvent(t.app, owner.account.id));
});
afterAll(() => t.close());

const url = (path = '') => `/api/events/${eventId}/tickets${path}`;
const paid = (over: Record<string, unknown> = {}) => ({
  name: 'General',
  type: 'PAID',
  prices: [{ price_cents: 2500, quantity: 100 }],
  ...over,
});
async function create(body: Record<string, unknown>, headers = owner.headers) {
  const res = await t.app.inject({ method: 'POST', url: url(), headers, payload: body });
  return res;
}
const countTickets = async () => (await t.app.deps.db.select().from(tickets)).length;

describe('tickets', () => {
  it('creates a paid ticket with the account default taxes preselected', async () => {
    const vat = await createTax(t.app, owner.account.id, { is_default: true });
    await createTax(t.app, owner.account.id, {
      name: 'Gestión',
      type: 'FEE',
      calculation: 'FIXED',
      value: 100,
    });
    const res = await create(paid({ description: '<p>Hola<script>alert(1)</script></p>' }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'General',
      type: 'PAID',
      price_type: 'PAID',
      max_per_order: 100,
      min_per_order: 1,
      tax_ids: [vat.id],
      status: 'ON_SALE',
      quantity_sold: 0,
      quantity_reserved: 0,
      quantity_remaining: 100,
      description: '<p>Hola</p>',
    });
    expect(data.prices).toHaveLength(1);
    expect(data.prices[0]).toMatchObject({ price_cents: 2500, quantity: 100, status: 'ON_SALE' });
  });

  it('creates a tiered ticket; tiers need labels; at least one tier (translated 422, nothing stored)', async () => {
    const before = await countTickets();
    const noLabel = await create({
      name: 'Festival',
      type: 'TIERED',
      prices: [{ price_cents: 1000 }, { label: 'General', price_cents: 2000 }],
    });
    expect(noLabel.statusCode).toBe(422);
    expect(noLabel.json().error.fields['prices.0.label']).toMatch(/nombre al tramo/);
    const none = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...owner.headers, 'accept-language': 'en' },
      payload: { name: 'X', type: 'PAID', prices: [] },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields.prices).toBe('At least one price tier is required.');
    const bad = await create(
      paid({ sale_start_date: '2030-01-02T00:00:00Z', sale_end_date: '2030-01-01T00:00:00Z' }),
    );
    expect(bad.json().error.fields.sale_end_date).toMatch(/posterior/);
    expect((await create(paid({ name: 'x'.repeat(150) }))).json().error.fields.name).toMatch(/150/);
    const unknownTax = await create(paid({ tax_ids: [other.user.id] }));
    expect(unknownTax.statusCode).toBe(422);
    // The same words as the screens: "impuestos y comisiones".
    expect(unknownTax.json().error.fields.tax_ids).toBe('Algún impuesto o comisión no existe.');
    expect(await countTickets()).toBe(before);

    const ok = await create({
      name: 'Festival',
      price_type: 'TIERED',
      prices: [
        { label: 'Anticipada', price_cents: 1500, quantity: 50 },
        { label: 'General', price_cents: 2000, quantity: 200, is_hidden: true },
      ],
      tax_ids: [],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.prices.map((p: { label: string }) => p.label)).toEqual(['Anticipada', 'General']);
    expect(ok.json().data.quantity_remaining).toBe(250);
    expect(ok.json().data.tax_ids).toEqual([]);
  });

  it('counts sold and non-expired reservations per tier; expired ones do not count', async () => {
    const res = await create({
      name: 'Escalonada',
      type: 'TIERED',
      prices: [
        { label: 'A', price_cents: 1000, quantity: 10 },
        { label: 'B', price_cents: 2000, quantity: 5 },
      ],
    });
    const ticket = res.json().data;
    const [a, b] = ticket.prices;
    const base = { accountId: owner.account.id, eventId };
    await insertOrder(t.app, {
      ...base,
      status: 'COMPLETED',
      items: [{ ticketId: ticket.id, priceId: a.id, quantity: 3 }],
    });
    await insertOrder(t.app, { ...base, items: [{ ticketId: ticket.id, priceId: a.id, quantity: 2 }] });
    await insertOrder(t.app, {
      ...base,
      reservedUntil: new Date(Date.now() - 1000),
      items: [{ ticketId: ticket.id, priceId: b.id, quantity: 5 }],
    });
    await insertOrder(t.app, {
      ...base,
      status: 'CANCELLED',
      items: [{ ticketId: ticket.id, priceId: b.id, quantity: 5 }],
    });
    await insertOrder(t.app, {
      ...base,
      status: 'AWAITING_OFFLINE_PAYMENT',
      items: [{ ticketId: ticket.id, priceId: b.id, quantity: 5 }],
    });
    const got = (await t.app.inject({ url: url(`/${ticket.id}`), headers: owner.headers })).json().data;
    expect(got.prices[0]).toMatchObject({
      quantity_sold: 3,
      quantity_reserved: 2,
      quantity_remaining: 5,
      status: 'ON_SALE',
    });
    expect(got.prices[1]).toMatchObject({
      quantity_sold: 5,
      quantity_reserved: 0,
      quantity_remaining: 0,
      status: 'SOLD_OUT',
    });
    expect(got).toMatchObject({
      quantity_sold: 8,
      quantity_reserved: 2,
      quantity_remaining: 5,
      status: 'ON_SALE',
    });

    // Rules with sales: type locked, tier with sales not deletable, quantity not below held, ticket not deletable.
    const put = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: url(`/${ticket.id}`), headers: owner.headers, payload: body });
    const typeChange = await put({
      name: 'Escalonada',
      type: 'PAID',
      prices: [{ id: a.id, price_cents: 1000 }],
    });
    expect(typeChange.statusCode).toBe(409);
    expect(typeChange.json().error.message).toMatch(/tipo de precio/);
    const dropTier = await put({
      name: 'Escalonada',
      type: 'TIERED',
      prices: [{ id: a.id, label: 'A', price_cents: 1000, quantity: 10 }],
    });
    expect(dropTier.statusCode).toBe(409);
    expect(dropTier.json().error.message).toContain('«B»');
    const below = await put({
      name: 'Escalonada',
      type: 'TIERED',
      prices: [
        { id: a.id, label: 'A', price_cents: 1000, quantity: 4 },
        { id: b.id, label: 'B', price_cents: 2000, quantity: 5 },
      ],
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.message).toContain('(5)');
    const del = await t.app.inject({ method: 'DELETE', url: url(`/${ticket.id}`), headers: owner.headers });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toMatch(/ocultarla/);

    // Allowed: raise quantities, add a tier, rename, hide.
    const ok = await put({
      name: 'Escalonada 2',
      type: 'TIERED',
      is_hidden: true,
      prices: [
        { id: a.id, label: 'A', price_cents: 1200, quantity: 5 },
        { id: b.id, label: 'B', price_cents: 2000, quantity: 8 },
        { label: 'C', price_cents: 3000 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const updated = ok.json().data;
    expect(updated.status).toBe('HIDDEN');
    expect(updated.prices.map((p: { id: string }) => p.id).slice(0, 2)).toEqual([a.id, b.id]);
    expect(updated.prices[0]).toMatchObject({ price_cents: 1200, quantity_remaining: 0 });
    expect(updated.quantity_remaining).toBeNull();
  });

  it('type and tiers can change while there are no sales; a ticket without sales is deleted', async () => {
    const ticket = (await create(paid())).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${ticket.id}`),
      headers: owner.headers,
      payload: { name: 'Gratis', type: 'FREE', prices: [{ price_cents: 900 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'FREE',
      prices: [{ id: ticket.prices[0].id, price_cents: 0 }],
    });
    const del = await t.app.inject({ method: 'DELETE', url: url(`/${ticket.id}`), headers: owner.headers });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url: url(`/${ticket.id}`), headers: owner.headers })).statusCode).toBe(404);
    const row = one(await t.app.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id)));
    expect(row.deleted_at).not.toBeNull();
  });

  it('status: scheduled and ended follow the sale window; unknown tier ids are refused', async () => {
    const future = new Date(Date.now() + 86400_000).toISOString();
    const past = new Date(Date.now() - 86400_000).toISOString();
    const scheduled = (await create(paid({ sale_start_date: future }))).json().data;
    expect(scheduled.status).toBe('SCHEDULED');
    const ended = (await create(paid({ sale_end_date: past }))).json().data;
    expect(ended.status).toBe('ENDED');
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${ended.id}`),
      headers: owner.headers,
      payload: paid({ prices: [{ id: scheduled.prices[0].id, price_cents: 100 }] }),
    });
    expect(res.statusCode).toBe(422);
    const p = one(
      await t.app.deps.db.select().from(ticketPrices).where(eq(ticketPrices.id, scheduled.prices[0].id)),
    );
    expect(p.price_cents).toBe(2500);
  });

  it('lists with the list query, reorders, and rejects unknown list parameters', async () => {
    const list = await t.app.inject({ url: url('?per_page=100'), headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((x: { id: string }) => x.id);
    expect(list.json().meta).toMatchObject({ current_page: 1, per_page: 100, total: ids.length });
    const reversed = [...ids].reverse();
    const sort = await t.app.inject({
      method: 'PUT',
      url: url('/sort'),
      headers: owner.headers,
      payload: { ids: reversed },
    });
    expect(sort.statusCode).toBe(204);
    const after = (await t.app.inject({ url: url('?per_page=100'), headers: owner.headers })).json().data;
    expect(after.map((x: { id: string }) => x.id)).toEqual(reversed);
    expect((await t.app.inject({ url: url('?sort_by=price'), headers: owner.headers })).statusCode).toBe(422);
    const search = await t.app.inject({ url: url('?query=festival'), headers: owner.headers });
    expect(search.json().data.every((x: { name: string }) => /festival/i.test(x.name))).toBe(true);
  });

  it('another account gets 404 everywhere and changes nothing', async () => {
    const ticket = (await create(paid())).json().data;
    const h = other.headers;
    const before = await countTickets();
    const calls = [
      t.app.inject({ url: url(), headers: h }),
      t.app.inject({ method: 'POST', url: url(), headers: h, payload: paid() }),
      t.app.inject({ url: url(`/${ticket.id}`), headers: h }),
      t.app.inject({
        method: 'PUT',
        url: url(`/${ticket.id}`),
        headers: h,
        payload: paid({ name: 'Robada' }),
      }),
      t.app.inject({ method: 'DELETE', url: url(`/${ticket.id}`), headers: h }),
      t.app.inject({ method: 'PUT', url: url('/sort'), headers: h, payload: { ids: [ticket.id] } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    expect(await countTickets()).toBe(before);
    const still = (await t.app.inject({ url: url(`/${ticket.id}`), headers: owner.headers })).json().data;
    expect(still.name).toBe('General');
    expect((await t.app.inject({ url: url() })).statusCode).toBe(401);
  });

  it('an ORGANIZER-role user manages tickets', async () => {
    const { addUser } = await import('../../test/factories/accounts.ts');
    const organizer = await addUser(t.app, owner.account.id, { role: 'ORGANIZER' });
    expect((await create(paid({ name: 'Por organizador' }), organizer.headers)).statusCode).toBe(201);
  });
});
