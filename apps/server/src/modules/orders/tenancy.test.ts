import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, orders, payments } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';
import * as paymentsService from '../payments/payments.service.ts';
import * as repo from './orders.repository.ts';

/**
 * Issue 16: the order/payment path reads and writes an order, its payment and its attendees only with
 * the account they belong to. Another account's id finds nothing and writes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('order and payment storage by account', () => {
  it('finds, updates and completes nothing of another account', async () => {
    const mine = await createSellingEvent(t.app);
    const other = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, mine.event, { prices: [{ price_cents: 1500, quantity: 10 }] });
    const short = await buyWithTestCard(t.app, mine.event, ticket);
    const db = t.app.deps.db;
    const order = one(
      await db
        .select()
        .from(orders)
        .where(and(eq(orders.event_id, mine.event.id), eq(orders.short_id, short))),
    );
    const payment = one(await db.select().from(payments).where(eq(payments.order_id, order.id)));
    const stranger = other.event.account_id;

    expect(await repo.findOrderById(db, stranger, order.id)).toBeUndefined();
    expect((await repo.findOrderById(db, order.account_id, order.id))?.id).toBe(order.id);
    const forged = { id: order.id, account_id: stranger };
    await expect(repo.updateOrder(db, forged, { status: 'CANCELLED' })).rejects.toThrow();
    expect(
      await repo.updateUnexpiredOrder(db, stranger, order.id, 'RESERVED', { first_name: 'X' }),
    ).toBeUndefined();
    await repo.setAttendeeStatus(db, forged, 'CANCELLED');
    await expect(paymentsService.postponeReconciliation(db, stranger, payment.id)).rejects.toThrow();

    expect(one(await db.select().from(orders).where(eq(orders.id, order.id)))).toMatchObject({
      status: 'COMPLETED',
      first_name: order.first_name,
    });
    const untouched = one(await db.select().from(payments).where(eq(payments.id, payment.id)));
    expect(untouched.updated_at).toEqual(payment.updated_at);
    const rows = await db.select().from(attendees).where(eq(attendees.order_id, order.id));
    expect(rows.map((a) => a.status)).toEqual(['ACTIVE']);

    // The order's own account does write.
    const updated = await paymentsService.postponeReconciliation(db, order.account_id, payment.id);
    expect(updated.updated_at.getTime()).toBeGreaterThan(payment.updated_at.getTime());
  });
});
