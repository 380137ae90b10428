import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDates, jobs, orderRefunds, orders } from '../../db/schema/index.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser } from '../../test/factories/accounts.ts';
import {
  addEventDate,
  addTicket,
  buyer,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

/**
 * Cancelling one date of an event (#27): it stops selling at once; a job cancels each of its standing
 * orders in its own transaction, refunding what was paid through the provider that took it and telling
 * each buyer in their language; the other dates' orders are untouched; asking again refunds nothing twice.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function twoDates() {
  const s = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2500, quantity: 100 }] });
  const cancelled = await addEventDate(t.app, s.event, { inDays: 10 });
  const kept = await addEventDate(t.app, s.event, { inDays: 17 });
  return { ...s, ticket, cancelled, kept };
}

const orderOf = async (short: string) =>
  (await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short)))[0];

const cancel = (s: Awaited<ReturnType<typeof twoDates>>, dateId: string, headers = s.headers, payload = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${s.event.id}/dates/${dateId}/cancel`,
    headers,
    payload,
  });

describe('cancelling one date of an event', () => {
  it("cancels and refunds that date's orders only, tells each buyer in their language, and does it once", async () => {
    const s = await twoDates();
    const es = await buyWithTestCard(t.app, s.event, s.ticket, { eventDateId: s.cancelled.id, quantity: 2 });
    const en = await buyWithTestCard(t.app, s.event, s.ticket, {
      eventDateId: s.cancelled.id,
      acceptLanguage: 'en',
    });
    const other = await buyWithTestCard(t.app, s.event, s.ticket, { eventDateId: s.kept.id });
    // A buyer still in checkout on that date.
    const base = `/api/public/events/${s.event.id}/order`;
    const open = await t.app.inject({
      method: 'POST',
      url: base,
      payload: {
        tickets: [{ ticket_id: s.ticket.id, price_id: s.ticket.prices[0]?.id, quantity: 1 }],
        event_date_id: s.cancelled.id,
      },
    });
    expect(open.statusCode, open.body).toBe(201);
    const openShort: string = open.json().data.short_id;
    await t.app.inject({ method: 'PUT', url: `${base}/${openShort}`, payload: buyer });

    const res = await cancel(s, s.cancelled.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ date: { id: s.cancelled.id, status: 'CANCELLED' }, orders: 2 });
    // It stops selling at once, before the job has run.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.event.id}/order`,
      payload: {
        tickets: [{ ticket_id: s.ticket.id, price_id: s.ticket.prices[0]?.id, quantity: 1 }],
        event_date_id: s.cancelled.id,
      },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    // The checkout in progress cannot complete on the cancelled date.
    const late = await t.app.inject({
      method: 'POST',
      url: `${base}/${openShort}/payment`,
      payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
    });
    expect(late.json().data?.status).not.toBe('COMPLETED');
    expect((await orderOf(openShort))?.status).not.toBe('COMPLETED');
    await t.app.deps.jobs.drain();

    const [esOrder, enOrder, otherOrder] = await Promise.all([orderOf(es), orderOf(en), orderOf(other)]);
    expect(esOrder?.status).toBe('CANCELLED');
    expect(enOrder?.status).toBe('CANCELLED');
    expect(otherOrder?.status).toBe('COMPLETED');
    const refunds = await t.app.deps.db
      .select()
      .from(orderRefunds)
      .where(inArray(orderRefunds.order_id, [esOrder?.id ?? '', enOrder?.id ?? '', otherOrder?.id ?? '']));
    expect(refunds.map((r) => [r.order_id, r.amount_cents, r.status]).sort()).toEqual(
      [
        [esOrder?.id, 5000, 'SUCCEEDED'],
        [enOrder?.id, 2500, 'SUCCEEDED'],
      ].sort(),
    );

    // One e-mail each, the cancellation with its money line, in the buyer's language.
    const mails = await t.app.deps.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'email.send'),
          sql`${jobs.payload}->>'message_key' like 'order-cancelled.%'`,
          sql`${jobs.payload}->>'order_id' in (${esOrder?.id}, ${enOrder?.id}, ${otherOrder?.id})`,
        ),
      );
    const byOrder = new Map(mails.map((j) => [j.payload.order_id, j.payload as unknown as MailMessage]));
    expect(byOrder.size).toBe(2);
    const plain = (m?: MailMessage) => (m?.text ?? '').replace(/\u00a0/g, ' ');
    expect(plain(byOrder.get(esOrder?.id))).toContain('Te devolvemos 50,00 €');
    expect(plain(byOrder.get(enOrder?.id))).toContain('We are refunding €25.00');

    // Asked again: nothing left to cancel, nothing refunded twice.
    const twice = await cancel(s, s.cancelled.id);
    expect(twice.statusCode).toBe(202);
    expect(twice.json().data.orders).toBe(0);
    await t.app.deps.jobs.drain();
    const after = await t.app.deps.db
      .select()
      .from(orderRefunds)
      .where(inArray(orderRefunds.order_id, [esOrder?.id ?? '', enOrder?.id ?? '']));
    expect(after).toHaveLength(2);
  });

  it('cancels without refunding when asked, and the other date still sells', async () => {
    const s = await twoDates();
    const short = await buyWithTestCard(t.app, s.event, s.ticket, { eventDateId: s.cancelled.id });
    const res = await cancel(s, s.cancelled.id, s.headers, { refund: false, notify_buyers: false });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.deps.jobs.drain();
    const order = await orderOf(short);
    expect(order?.status).toBe('CANCELLED');
    expect(
      await t.app.deps.db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.order_id, order?.id ?? '')),
    ).toEqual([]);
    expect(await buyWithTestCard(t.app, s.event, s.ticket, { eventDateId: s.kept.id })).toBeTruthy();
  });

  it("is refused to a role that may not refund, to another account, for another event's date and with a bad body", async () => {
    const s = await twoDates();
    const finance = await addUser(t.app, s.event.account_id, { role: 'FINANCE' });
    expect((await cancel(s, s.cancelled.id, finance.headers)).statusCode).toBe(403);
    const stranger = await createSellingEvent(t.app);
    expect((await cancel(s, s.cancelled.id, stranger.headers)).statusCode).toBe(404);
    const elsewhere = await addEventDate(t.app, stranger.event, {});
    expect((await cancel(s, elsewhere.id)).statusCode).toBe(404);
    const bad = await cancel(s, s.cancelled.id, s.headers, { refund: 'yes' });
    expect(bad.statusCode).toBe(422);
    const [date] = await t.app.deps.db.select().from(eventDates).where(eq(eventDates.id, s.cancelled.id));
    expect(date?.status).toBe('ON_SALE');
  });
});
