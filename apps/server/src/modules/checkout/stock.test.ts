import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { orderItems, orders, ticketPrices, tickets } from '../../db/schema/index.ts';
import { newShortId } from '../../lib/ids.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addCapacity, addPromoCode, addTicket, createSellingEvent } from '../../test/factories/checkout.ts';
import {
  holdUnits,
  type InsertedOrder,
  type NewOrder,
  priceOrder,
  type ReserveProblem,
} from './checkout.service.ts';

/**
 * The locked re-check (`checkout_reserve` through `holdUnits`), called directly so that nothing before it filters the
 * request: whatever a concurrent edit changed after the unlocked checks, every limit is enforced again
 * against the locked rows.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Selling = Awaited<ReturnType<typeof createSellingEvent>>;
type Ticket = Awaited<ReturnType<typeof addTicket>>;

function orderOf(s: Selling, extra: Partial<NewOrder> = {}): NewOrder {
  return {
    short_id: newShortId('o'),
    account_id: s.event.account_id,
    event_id: s.event.id,
    locale: 'es',
    currency: 'EUR',
    subtotal_cents: 0,
    discount_cents: 0,
    taxes_cents: 0,
    fees_cents: 0,
    total_cents: 0,
    promo_code_id: null,
    promo_code: null,
    affiliate_id: null,
    event_date_id: null,
    ...extra,
  };
}

const line = (ticket: Ticket, quantity: number, tier = 0) => ({
  ticket_id: ticket.id,
  price_id: at(ticket.prices, tier).id,
  quantity,
  ticket_name: ticket.name,
  price_label: null,
  unit_price_cents: 0,
  unit_discount_cents: 0,
  taxes_cents: 0,
  fees_cents: 0,
  total_cents: 0,
  taxes_and_fees: [],
});

const reserve = (s: Selling, lines: ReturnType<typeof line>[], extra: Partial<NewOrder> = {}) =>
  holdUnits(t.app.deps, { order: orderOf(s, extra), lines, status: 'RESERVED', holdMinutes: 15 });

function problemOf(result: InsertedOrder | ReserveProblem) {
  return 'problem' in result ? result : null;
}

describe('checkout_reserve', () => {
  it('writes a RESERVED order with its lines and answers their ids', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, {
      price_type: 'TIERED',
      prices: [
        { label: 'A', price_cents: 1000, quantity: 5 },
        { label: 'B', price_cents: 2000, quantity: 5 },
      ],
    });
    const before = Date.now();
    const result = await reserve(s, [line(ticket, 2, 0), line(ticket, 1, 1)]);
    if ('problem' in result) throw new Error(result.problem);
    const order = one(await t.app.deps.db.select().from(orders).where(eq(orders.id, result.orderId)));
    expect(order.status).toBe('RESERVED');
    expect(order.reserved_until.getTime()).toBe(result.reservedUntil.getTime());
    expect(result.reservedUntil.getTime()).toBeGreaterThan(before + 14 * 60_000);
    const items = await t.app.deps.db.select().from(orderItems).where(eq(orderItems.order_id, order.id));
    expect(items.map((i) => [i.price_id, i.quantity]).sort()).toEqual(
      [
        [at(ticket.prices, 0).id, 2],
        [at(ticket.prices, 1).id, 1],
      ].sort(),
    );
    for (const item of items) expect(result.itemIds.get(item.price_id)).toBe(item.id);
  });

  it('refuses what a tier or a capacity assignment no longer holds; expired reservations free units', async () => {
    const s = await createSellingEvent(t.app);
    const a = await addTicket(t.app, s.event, { name: 'Pista', prices: [{ price_cents: 0, quantity: 2 }] });
    const b = await addTicket(t.app, s.event, {
      name: 'Grada',
      prices: [{ price_cents: 0, quantity: null }],
    });
    await addCapacity(t.app, s.event, 3, [a.id, b.id]);

    const first = await reserve(s, [line(a, 2)]);
    expect(problemOf(first)).toBeNull();
    expect(await reserve(s, [line(a, 1)])).toEqual({ problem: 'SOLD_OUT', ticketId: a.id });
    expect(problemOf(await reserve(s, [line(b, 1)]))).toBeNull();
    // The tier has room for none, the shared capacity for none.
    expect(await reserve(s, [line(b, 1)])).toEqual({ problem: 'SOLD_OUT', ticketId: b.id });

    await t.app.deps.db
      .update(orders)
      .set({ reserved_until: new Date(Date.now() - 1000) })
      .where(eq(orders.id, (first as InsertedOrder).orderId));
    expect(problemOf(await reserve(s, [line(a, 2)]))).toBeNull();
  });

  it('reservations sent together share one call and each counts the ones written before it', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 0, quantity: 3 }] });
    const results = await Promise.all(Array.from({ length: 5 }, () => reserve(s, [line(ticket, 1)])));
    expect(results.filter((r) => !('problem' in r))).toHaveLength(3);
    expect(results.filter((r) => 'problem' in r)).toEqual([
      { problem: 'SOLD_OUT', ticketId: ticket.id },
      { problem: 'SOLD_OUT', ticketId: ticket.id },
    ]);
  });

  it('an order that fails to write fails alone; the others of its call are written', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event);
    const settled = await Promise.allSettled([
      reserve(s, [line(ticket, 1)]),
      reserve(s, [line(ticket, 1)]),
      // No such affiliate: the foreign key refuses this order only.
      reserve(s, [line(ticket, 1)], { affiliate_id: crypto.randomUUID() }),
      reserve(s, [line(ticket, 1)]),
    ]);
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const { held } = one(
      rowsOf<{ held: number }>(
        await t.app.deps.db.execute(
          sql`select sum(quantity)::int as held from order_items where ticket_id = ${ticket.id}`,
        ),
      ),
    );
    expect(held).toBe(3);
  });

  it('re-reads the ticket: gone, hidden, another event, sale windows, min and max per order', async () => {
    const s = await createSellingEvent(t.app);
    const other = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { min_per_order: 2, max_per_order: 4 });
    const elsewhere = await addTicket(t.app, other.event);
    const expectProblem = async (lines: ReturnType<typeof line>[], problem: string, ticketId = ticket.id) =>
      expect(await reserve(s, lines)).toEqual({ problem, ticketId });

    await expectProblem([line(ticket, 1)], 'MIN_PER_ORDER');
    await expectProblem([line(ticket, 5)], 'MAX_PER_ORDER');
    await expectProblem([line(elsewhere, 2)], 'TICKET_UNAVAILABLE', elsewhere.id);

    const setTicket = (values: Partial<typeof tickets.$inferInsert>) =>
      t.app.deps.db.update(tickets).set(values).where(eq(tickets.id, ticket.id));
    const setPrice = (values: Partial<typeof ticketPrices.$inferInsert>) =>
      t.app.deps.db
        .update(ticketPrices)
        .set(values)
        .where(eq(ticketPrices.id, at(ticket.prices, 0).id));

    await setTicket({ sale_end_date: new Date(Date.now() - 1000) });
    await expectProblem([line(ticket, 2)], 'SALE_ENDED');
    await setTicket({ sale_end_date: null, sale_start_date: new Date(Date.now() + 3600_000) });
    await expectProblem([line(ticket, 2)], 'SALE_NOT_STARTED');
    await setTicket({ sale_start_date: null });
    await setPrice({ sale_end_date: new Date(Date.now() - 1000) });
    await expectProblem([line(ticket, 2)], 'SALE_ENDED');
    await setPrice({ sale_end_date: null, is_hidden: true });
    await expectProblem([line(ticket, 2)], 'TICKET_UNAVAILABLE');
    await setPrice({ is_hidden: false, deleted_at: new Date() });
    await expectProblem([line(ticket, 2)], 'TICKET_UNAVAILABLE');
    await setPrice({ deleted_at: null });
    await setTicket({ is_hidden: true });
    await expectProblem([line(ticket, 2)], 'TICKET_UNAVAILABLE');
    await setTicket({ is_hidden: false, deleted_at: new Date() });
    await expectProblem([line(ticket, 2)], 'TICKET_UNAVAILABLE');
    await setTicket({ deleted_at: null });
    expect(problemOf(await reserve(s, [line(ticket, 2)]))).toBeNull();
  });

  it('re-reads the promo code: used up or expired is refused', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event);
    const promo = await addPromoCode(t.app, s.event, { code: 'UNO', max_uses: 1 });
    const withPromo = { promo_code_id: promo.id, promo_code: promo.code };
    expect(problemOf(await reserve(s, [line(ticket, 1)], withPromo))).toBeNull();
    expect(await reserve(s, [line(ticket, 1)], withPromo)).toEqual({ problem: 'PROMO_CODE_INVALID' });

    const expired = await addPromoCode(t.app, s.event, {
      code: 'TARDE',
      expiry_date: new Date(Date.now() - 1000),
    });
    expect(await reserve(s, [line(ticket, 1)], { promo_code_id: expired.id, promo_code: 'TARDE' })).toEqual({
      problem: 'PROMO_CODE_INVALID',
    });
  });
});

describe('holdUnits: every kind of hold on one path', () => {
  it('an existing order held again: re-checked when expired (promo uses included), only flipped while it still holds', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 0, quantity: 2 }] });
    const promo = await addPromoCode(t.app, s.event, { code: 'UNA', max_uses: 1 });
    const withPromo = { promo_code_id: promo.id, promo_code: promo.code };
    const a = await reserve(s, [line(ticket, 2)], withPromo);
    if ('problem' in a) throw new Error(a.problem);
    const expire = (orderId: string) =>
      t.app.deps.db
        .update(orders)
        .set({ reserved_until: new Date(Date.now() - 1000) })
        .where(eq(orders.id, orderId));
    const again = (orderId: string) => holdUnits(t.app.deps, { orderId, status: 'COMPLETED' });

    // Still holding: its own units are not counted twice.
    expect(problemOf(await again(a.orderId))).toBeNull();
    const statusOf = async (id: string) =>
      (await t.app.deps.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
    expect(await statusOf(a.orderId)).toBe('COMPLETED');

    const b = await reserve(s, [line(ticket, 1)]);
    expect(b).toEqual({ problem: 'SOLD_OUT', ticketId: ticket.id });
    await t.app.deps.db.update(orders).set({ status: 'RESERVED' }).where(eq(orders.id, a.orderId));
    await expire(a.orderId);
    // Expired, and someone else took the code's only use: refused, nothing changed.
    const c = await reserve(s, [line(ticket, 1)], withPromo);
    if ('problem' in c) throw new Error(c.problem);
    expect(await again(a.orderId)).toEqual({ problem: 'PROMO_CODE_INVALID' });
    expect(await statusOf(a.orderId)).toBe('RESERVED');
    // The other order lets the code go; the tier still has 1 unit for A's 2: sold out.
    await expire(c.orderId);
    await reserve(s, [line(ticket, 1)]);
    expect(await again(a.orderId)).toEqual({ problem: 'SOLD_OUT', ticketId: ticket.id });
  });

  it('a manual order holds for good, skips the buyer rules but never a stock limit', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, {
      is_hidden: true,
      sale_end_date: new Date(Date.now() - 1000),
      max_per_order: 1,
      prices: [{ price_cents: 0, quantity: 3 }],
    });
    const manual = async (quantity: number) => {
      const priced = await priceOrder(
        t.app.deps,
        s.event.id,
        { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id ?? '', quantity }] },
        { byOrganizer: true },
      );
      return holdUnits(t.app.deps, {
        order: { ...priced.order, short_id: newShortId('o'), locale: 'es' },
        lines: priced.lines,
        status: 'COMPLETED',
        byOrganizer: true,
      });
    };
    const first = await manual(3);
    if ('problem' in first) throw new Error(first.problem);
    const [row] = await t.app.deps.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(row).toMatchObject({ status: 'COMPLETED', is_manual: true });
    expect(await manual(1)).toEqual({ problem: 'SOLD_OUT', ticketId: ticket.id });
    // The buyer's path still refuses the hidden, ended ticket.
    expect(await reserve(s, [line(ticket, 1)])).toEqual({
      problem: 'TICKET_UNAVAILABLE',
      ticketId: ticket.id,
    });
  });

  it('a waitlist offer is a reservation held until the offer expires', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 0, quantity: 1 }] });
    const offer = await holdUnits(t.app.deps, {
      order: orderOf(s),
      lines: [line(ticket, 1)],
      status: 'RESERVED',
      holdMinutes: 24 * 60,
    });
    if ('problem' in offer) throw new Error(offer.problem);
    expect(offer.reservedUntil.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(await reserve(s, [line(ticket, 1)])).toEqual({ problem: 'SOLD_OUT', ticketId: ticket.id });
  });
});

describe('order_items.holds_until', () => {
  it('follows its order through every status, so the item count equals the order rule', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 0, quantity: null }] });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await reserve(s, [line(ticket, 1)]);
      if ('problem' in r) throw new Error(r.problem);
      ids.push(r.orderId);
    }
    const set = (i: number, values: Partial<typeof orders.$inferInsert>) =>
      t.app.deps.db
        .update(orders)
        .set(values)
        .where(eq(orders.id, at(ids, i)));
    await set(0, { status: 'COMPLETED' });
    await set(1, { status: 'AWAITING_OFFLINE_PAYMENT' });
    await set(2, { status: 'ABANDONED' });
    await set(3, { status: 'CANCELLED' });
    await set(4, { reserved_until: new Date(Date.now() - 1000) });
    // 5 stays RESERVED. An order moved back to RESERVED holds again until its new reserved_until.
    await set(3, { status: 'RESERVED', reserved_until: new Date(Date.now() + 60_000) });

    const rows = rowsOf<{ status: string; holds_until: string; by_item: boolean; by_order: boolean }>(
      await t.app.deps.db.execute(sql`
        select o.status, oi.holds_until::text as holds_until, oi.holds_until > now() as by_item,
          (o.status in ('COMPLETED', 'AWAITING_OFFLINE_PAYMENT')
            or (o.status = 'RESERVED' and o.reserved_until > now())) as by_order
        from order_items oi join orders o on o.id = oi.order_id
        where oi.ticket_id = ${ticket.id}`),
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.by_item, JSON.stringify(row)).toBe(row.by_order);
    expect(rows.filter((r) => r.by_item)).toHaveLength(4);
    expect(rows.find((r) => r.status === 'COMPLETED')?.holds_until).toBe('infinity');
    expect(rows.find((r) => r.status === 'ABANDONED')?.holds_until).toBe('-infinity');
  });
});
