import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, orders } from '../../db/schema/index.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Seller = Awaited<ReturnType<typeof createSellingEvent>>;
const url = (eventId: string, path = '') => `/api/events/${eventId}/affiliates${path}`;
const create = (s: Seller, payload: Record<string, unknown>, headers: Record<string, string> = s.headers) =>
  t.app.inject({ method: 'POST', url: url(s.event.id), headers, payload });

/** Sales with no refunds: gross and net are the same. */
const sales = (orders_count: number, tickets_sold: number, cents: number) => ({
  orders_count,
  tickets_sold,
  gross_revenue_cents: cents,
  refunded_cents: 0,
  net_revenue_cents: cents,
  revenue_cents: cents,
});

const buyThrough = (
  s: Seller,
  ticket: { id: string; prices: { id: string }[] },
  code: string,
  quantity = 1,
) => buyWithTestCard(t.app, s.event, ticket, { quantity, affiliate_code: code });

describe('affiliates', () => {
  it('creates, reads, updates, lists, searches and deletes an affiliate', async () => {
    const s = await createSellingEvent(t.app);
    const res = await create(s, { name: 'Radio Local', code: 'RADIO', email: 'radio@example.com' });
    expect(res.statusCode).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({
      name: 'Radio Local',
      code: 'RADIO',
      email: 'radio@example.com',
      status: 'ACTIVE',
      sales: sales(0, 0, 0),
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: url(s.event.id, `/${made.id}`),
      headers: s.headers,
      payload: { name: 'Radio Local FM', code: 'radio-fm', email: '', status: 'INACTIVE' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      name: 'Radio Local FM',
      code: 'radio-fm',
      email: null,
      status: 'INACTIVE',
    });
    await create(s, { name: 'Blog de conciertos', code: 'BLOG' });
    const list = (await t.app.inject({ url: url(s.event.id, '?query=fm'), headers: s.headers })).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0].code).toBe('radio-fm');
    const inactive = await t.app.inject({
      url: url(s.event.id, '?filter_fields[status][eq]=INACTIVE'),
      headers: s.headers,
    });
    expect(inactive.json().data.map((a: { code: string }) => a.code)).toEqual(['radio-fm']);
    const sorted = await t.app.inject({
      url: url(s.event.id, '?sort_by=name&sort_direction=asc'),
      headers: s.headers,
    });
    expect(sorted.json().data.map((a: { name: string }) => a.name)).toEqual([
      'Blog de conciertos',
      'Radio Local FM',
    ]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: url(s.event.id, `/${made.id}`),
      headers: s.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url: url(s.event.id, `/${made.id}`), headers: s.headers })).statusCode).toBe(
      404,
    );
  });

  it('refuses bad input with translated field errors and writes nothing', async () => {
    const s = await createSellingEvent(t.app);
    const count = async () =>
      (await t.app.deps.db.select().from(affiliates).where(eq(affiliates.event_id, s.event.id))).length;
    await create(s, { name: 'Radio', code: 'RADIO' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', code: 'OTRO' }, 'name'],
      [{ name: 'x'.repeat(150), code: 'OTRO' }, 'name'],
      [{ name: 'Radio 2', code: 'AB' }, 'code'],
      [{ name: 'Radio 2', code: 'con espacio' }, 'code'],
      [{ name: 'Radio 2', code: 'radio' }, 'code'],
      [{ name: 'Radio 2', code: 'OTRO', email: 'no-es-correo' }, 'email'],
      [{ name: 'Radio 2', code: 'OTRO', status: 'PAUSED' }, 'status'],
      [{ name: 'Radio 2', code: 'OTRO', extra: 1 }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await create(s, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      if (field) expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const taken = await create(
      s,
      { name: 'Radio 2', code: 'Radio' },
      { ...s.headers, 'accept-language': 'en' },
    );
    expect(taken.json().error.fields.code).toContain('case is ignored');
    const spanish = await create(s, { name: 'Radio 2', code: 'a b c' });
    expect(spanish.json().error.fields.code).toContain('letras, números');
    expect(await count()).toBe(1);
  });

  it('credits completed orders that arrived with ?aff= and reports promoter figures', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2500, quantity: 100 }] });
    const radio = (await create(s, { name: 'Radio Local', code: 'RADIO' })).json().data;
    const blog = (await create(s, { name: 'Blog', code: 'BLOG' })).json().data;
    await buyThrough(s, ticket, 'radio', 2);
    await buyThrough(s, ticket, 'RADIO', 1);
    await buyThrough(s, ticket, 'nadie', 1); // unknown code: a direct sale
    // A reservation that is never paid is not a sale.
    await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.event.id}/order`,
      payload: {
        tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
        affiliate_code: 'BLOG',
      },
    });

    const one = (await t.app.inject({ url: url(s.event.id, `/${radio.id}`), headers: s.headers })).json()
      .data;
    expect(one.sales).toEqual(sales(2, 3, 7500));
    const stats = (
      await t.app.inject({ url: `/api/events/${s.event.id}/promoter/stats`, headers: s.headers })
    ).json().data;
    expect(stats).toMatchObject({
      currency: 'EUR',
      affiliates_count: 2,
      affiliate_sales: sales(2, 3, 7500),
      event_sales: sales(3, 4, 10000),
    });
    expect(stats.top.map((a: { code: string }) => a.code)).toEqual(['RADIO', 'BLOG']);
    const detail = (
      await t.app.inject({ url: `/api/events/${s.event.id}/promoter/${radio.id}/stats`, headers: s.headers })
    ).json().data;
    expect(detail.affiliate.id).toBe(radio.id);
    expect(detail.daily).toHaveLength(1);
    expect(detail.daily[0]).toMatchObject(sales(2, 3, 7500));
    expect(detail.daily[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // With sales it cannot be deleted (409, nothing changes); without sales it can.
    const refused = await t.app.inject({
      method: 'DELETE',
      url: url(s.event.id, `/${radio.id}`),
      headers: s.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('desactívalo');
    const kept = await t.app.deps.db.select().from(orders).where(eq(orders.affiliate_id, radio.id));
    expect(kept).toHaveLength(2);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: url(s.event.id, `/${blog.id}`),
      headers: s.headers,
    });
    expect(gone.statusCode).toBe(204);
  });

  it('subtracts refunds from affiliate sales and promoter figures, a refund on the day it was made', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2500, quantity: 100 }] });
    const radio = (await create(s, { name: 'Radio Local', code: 'RADIO' })).json().data;
    const kept = await buyThrough(s, ticket, 'RADIO', 2); // 50,00 €, sold two days ago, 7,50 € refunded today
    await t.app.deps.db.execute(
      sql`update orders set completed_at = now() - interval '2 days' where short_id = ${kept}`,
    );
    const cancelled = await buyThrough(s, ticket, 'RADIO', 1); // refunded in full and cancelled
    const direct = await buyWithTestCard(t.app, s.event, ticket, { quantity: 1 }); // 1,00 € refunded
    const refund = async (short: string, payload: Record<string, unknown>) => {
      const order = one(await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short)));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${s.event.id}/orders/${order.id}/refund`,
        headers: s.headers,
        payload,
      });
      expect(res.statusCode).toBe(200);
    };
    await refund(kept, { amount_cents: 750 });
    await refund(cancelled, { amount_cents: 2500, cancel_order: true });
    await refund(direct, { amount_cents: 100 });

    const radioSales = {
      orders_count: 1,
      tickets_sold: 2,
      gross_revenue_cents: 5000,
      refunded_cents: 750,
      net_revenue_cents: 4250,
      revenue_cents: 4250,
    };
    const shown = (await t.app.inject({ url: url(s.event.id, `/${radio.id}`), headers: s.headers })).json();
    expect(shown.data.sales).toEqual(radioSales);
    const listed = (await t.app.inject({ url: url(s.event.id), headers: s.headers })).json();
    expect(listed.data[0].sales).toEqual(radioSales);
    const stats = (
      await t.app.inject({ url: `/api/events/${s.event.id}/promoter/stats`, headers: s.headers })
    ).json().data;
    expect(stats.affiliate_sales).toEqual(radioSales);
    expect(stats.event_sales).toEqual({
      orders_count: 2,
      tickets_sold: 3,
      gross_revenue_cents: 7500,
      refunded_cents: 850,
      net_revenue_cents: 6650,
      revenue_cents: 6650,
    });
    expect(stats.top[0].sales).toEqual(radioSales);
    const detail = (
      await t.app.inject({ url: `/api/events/${s.event.id}/promoter/${radio.id}/stats`, headers: s.headers })
    ).json().data;
    expect(detail.daily).toHaveLength(2);
    expect(detail.daily).toMatchObject([
      { orders_count: 1, gross_revenue_cents: 5000, refunded_cents: 0, net_revenue_cents: 5000 },
      { orders_count: 0, gross_revenue_cents: 0, refunded_cents: 750, net_revenue_cents: -750 },
    ]);
  });

  it('an inactive affiliate is not credited', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event);
    const made = (await create(s, { name: 'Radio', code: 'RADIO', status: 'INACTIVE' })).json().data;
    const short = await buyThrough(s, ticket, 'RADIO');
    const row = one(await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short)));
    expect(row.affiliate_id).toBeNull();
    const shown = (await t.app.inject({ url: url(s.event.id, `/${made.id}`), headers: s.headers })).json()
      .data;
    expect(shown.sales.orders_count).toBe(0);
  });

  it('is scoped to the account: another account gets 404 and changes nothing', async () => {
    const s = await createSellingEvent(t.app);
    const intruder = await createAccountWithUser(t.app);
    const made = (await create(s, { name: 'Radio', code: 'RADIO' })).json().data;
    const h = intruder.headers;
    const calls = [
      t.app.inject({ url: url(s.event.id), headers: h }),
      t.app.inject({ method: 'POST', url: url(s.event.id), headers: h, payload: { name: 'X', code: 'XXX' } }),
      t.app.inject({ url: url(s.event.id, `/${made.id}`), headers: h }),
      t.app.inject({
        method: 'PUT',
        url: url(s.event.id, `/${made.id}`),
        headers: h,
        payload: { name: 'Robado', code: 'ROBADO' },
      }),
      t.app.inject({ method: 'DELETE', url: url(s.event.id, `/${made.id}`), headers: h }),
      t.app.inject({ url: `/api/events/${s.event.id}/promoter/stats`, headers: h }),
      t.app.inject({ url: `/api/events/${s.event.id}/promoter/${made.id}/stats`, headers: h }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    // The intruder's own event cannot reach it either.
    const own = await createSellingEvent(t.app);
    const cross = await t.app.inject({ url: url(own.event.id, `/${made.id}`), headers: own.headers });
    expect(cross.statusCode).toBe(404);
    const after = (await t.app.inject({ url: url(s.event.id, `/${made.id}`), headers: s.headers })).json()
      .data;
    expect(after).toMatchObject({ name: 'Radio', code: 'RADIO' });
    expect((await t.app.inject({ url: url(s.event.id) })).statusCode).toBe(401);
  });

  it('lets organizer-role users manage affiliates', async () => {
    const s = await createSellingEvent(t.app);
    const organizer = await addUser(t.app, s.account.id, { role: 'ORGANIZER' });
    expect((await create(s, { name: 'Radio', code: 'RADIO' }, organizer.headers)).statusCode).toBe(201);
  });
});
