import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent, insertOrder } from '../../test/factories/selling.ts';
import { loadPromoCodeLevels, loadSalesByPrice, loadStockLevels } from './availability.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('availability', () => {
  it('counts completed, offline and live reservations; never expired, cancelled or abandoned ones', async () => {
    const owner = await createAccountWithUser(t.app);
    const { event } = await createEvent(t.app, owner.account.id);
    const create = async (name: string, quantity: number | null) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/events/${event.id}/tickets`,
          headers: owner.headers,
          payload: { name, type: 'PAID', prices: [{ price_cents: 100, quantity }] },
        })
      ).json().data as { id: string; prices: { id: string; quantity: number | null }[] };
    const a = await create('A', 10);
    const b = await create('B', null);
    const cap = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/capacity-assignments`,
      headers: owner.headers,
      payload: { name: 'Sala', capacity: 12, ticket_ids: [a.id, b.id] },
    });
    expect(cap.statusCode).toBe(201);
    const base = { accountId: owner.account.id, eventId: event.id };
    const line = (tk: typeof a, quantity: number) => [
      { ticketId: tk.id, priceId: at(tk.prices, 0).id, quantity },
    ];
    await insertOrder(t.app, { ...base, status: 'COMPLETED', items: line(a, 2) });
    await insertOrder(t.app, { ...base, status: 'AWAITING_OFFLINE_PAYMENT', items: line(a, 1) });
    await insertOrder(t.app, { ...base, items: line(b, 4) });
    await insertOrder(t.app, { ...base, reservedUntil: new Date(Date.now() - 1), items: line(b, 50) });
    await insertOrder(t.app, { ...base, status: 'CANCELLED', items: line(a, 5) });
    await insertOrder(t.app, { ...base, status: 'ABANDONED', items: line(a, 5) });

    const levels = await loadStockLevels(t.app.deps.db, event.id);
    expect(levels.tickets.get(a.id)?.held).toBe(3);
    expect(levels.tickets.get(b.id)?.held).toBe(4);
    expect([...levels.capacities.values()]).toEqual([{ capacity: 12, used: 7, remaining: 5 }]);
    // A: tier 10 − 3 = 7, room 12 − 7 = 5 → 5. B: unlimited tier, room → 5.
    expect(levels.tickets.get(a.id)?.remaining).toBe(5);
    expect(levels.prices.get(at(b.prices, 0).id)).toEqual({
      held: 4,
      remaining: 5,
      sale_state: 'ON_SALE',
    });
    const sales = await loadSalesByPrice(t.app.deps.db, event.id);
    expect(sales.get(at(a.prices, 0).id)).toEqual({ sold: 3, reserved: 0 });
    expect(sales.get(at(b.prices, 0).id)).toEqual({ sold: 0, reserved: 4 });
    expect((await loadPromoCodeLevels(t.app.deps.db, [])).size).toBe(0);
  });
});
