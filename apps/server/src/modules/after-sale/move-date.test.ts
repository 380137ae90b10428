import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendees,
  eventDates,
  jobs,
  orderActivities,
  orderItems,
  orderRefunds,
  orders,
} from '../../db/schema/index.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addCapacity,
  addEventDate,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';
import { MOVE_DATE_ORDERS_JOB } from './move-date.ts';

/**
 * Moving one date's orders to another date (#27): the date is cancelled at once; a job moves each standing
 * order, with its lines and attendees (same codes), in its own transaction through the locked hold path,
 * so the new date is never oversold and an order it has no room for stays where it was; each buyer is
 * told in their language; running it again moves and sends nothing more.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function twoDates(targetCapacity: number | null = null) {
  const s = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2500, quantity: 100 }] });
  const from = await addEventDate(t.app, s.event, { inDays: 10 });
  const to = await addEventDate(t.app, s.event, { inDays: 17, capacity: targetCapacity });
  return { ...s, ticket, from, to };
}

const orderOf = async (short: string) =>
  (await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short)))[0];

const move = (s: Awaited<ReturnType<typeof twoDates>>, dateId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${s.event.id}/dates/${dateId}/move`,
    headers: s.headers,
    payload,
  });

/** Units held on a date by its standing orders. */
async function unitsOn(dateId: string) {
  const [row] = await t.app.deps.db
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .where(and(eq(orderItems.event_date_id, dateId), sql`${orderItems.holds_until} > now()`));
  return row?.n ?? 0;
}

const dateChangedMails = async (orderIds: string[]) =>
  (
    await t.app.deps.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'email.send'),
          sql`${jobs.payload}->>'message_key' like 'order-date-changed.%'`,
          inArray(sql`${jobs.payload}->>'order_id'`, orderIds),
        ),
      )
  ).map((j) => j.payload as unknown as MailMessage & { order_id: string });

describe("moving one date's orders to another date", () => {
  it('moves each order with its attendees, tells each buyer in their language, and does it once', async () => {
    const s = await twoDates();
    const es = await buyWithTestCard(t.app, s.event, s.ticket, { eventDateId: s.from.id, quantity: 2 });
    const en = await buyWithTestCard(t.app, s.event, s.ticket, {
      eventDateId: s.from.id,
      acceptLanguage: 'en',
    });
    const [esBefore] = await Promise.all([orderOf(es)]);
    const codesBefore = await t.app.deps.db
      .select({ short_id: attendees.short_id })
      .from(attendees)
      .where(eq(attendees.order_id, esBefore?.id ?? ''));

    const res = await move(s, s.from.id, { to_event_date_id: s.to.id });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ date: { id: s.from.id, status: 'CANCELLED' }, orders: 2 });
    await t.app.deps.jobs.drain();

    const [esOrder, enOrder] = await Promise.all([orderOf(es), orderOf(en)]);
    for (const order of [esOrder, enOrder]) {
      expect(order?.status).toBe('COMPLETED');
      expect(order?.event_date_id).toBe(s.to.id);
    }
    const moved = await t.app.deps.db
      .select({ date: attendees.event_date_id, short_id: attendees.short_id })
      .from(attendees)
      .where(inArray(attendees.order_id, [esOrder?.id ?? '', enOrder?.id ?? '']));
    expect(moved).toHaveLength(3);
    expect(new Set(moved.map((a) => a.date))).toEqual(new Set([s.to.id]));
    // The same tickets: their codes did not change.
    expect(moved.map((a) => a.short_id)).toEqual(expect.arrayContaining(codesBefore.map((a) => a.short_id)));
    expect(await unitsOn(s.to.id)).toBe(3);
    expect(await unitsOn(s.from.id)).toBe(0);
    const refunds = await t.app.deps.db
      .select()
      .from(orderRefunds)
      .where(inArray(orderRefunds.order_id, [esOrder?.id ?? '', enOrder?.id ?? '']));
    expect(refunds).toEqual([]);
    const logged = await t.app.deps.db
      .select()
      .from(orderActivities)
      .where(and(eq(orderActivities.order_id, esOrder?.id ?? ''), eq(orderActivities.kind, 'DATE_CHANGED')));
    expect(logged).toHaveLength(1);

    // One e-mail each, in the buyer's language, naming the old date and the new one.
    const mails = await dateChangedMails([esOrder?.id ?? '', enOrder?.id ?? '']);
    expect(mails).toHaveLength(2);
    const byOrder = new Map(mails.map((m) => [m.order_id, m]));
    const plain = (m?: MailMessage) => (m?.text ?? '').replace(/\u00a0/g, ' ');
    expect(byOrder.get(esOrder?.id ?? '')?.subject).toContain('cambia de fecha');
    expect(plain(byOrder.get(esOrder?.id ?? ''))).toContain('ya no se celebra el');
    expect(plain(byOrder.get(enOrder?.id ?? ''))).toContain('is no longer on');
    const newDay = new Intl.DateTimeFormat('es-ES', { day: 'numeric', timeZone: 'Europe/Madrid' }).format(
      s.to.starts_at,
    );
    expect(plain(byOrder.get(esOrder?.id ?? ''))).toMatch(new RegExp(`Fecha: [^\\n]*\\b${newDay}\\b`));

    // Run again (a retry after a crash): nothing more moves, nothing is sent twice.
    await t.app.deps.jobs.enqueue(MOVE_DATE_ORDERS_JOB, {
      accountId: s.event.account_id,
      eventId: s.event.id,
      dateId: s.from.id,
      toDateId: s.to.id,
      userId: s.user.id,
      notify: true,
    });
    await t.app.deps.jobs.drain();
    expect(await dateChangedMails([esOrder?.id ?? '', enOrder?.id ?? ''])).toHaveLength(2);
    expect(await unitsOn(s.to.id)).toBe(3);
  });

  it('never oversells the new date: an order it has no room for stays on the old one', async () => {
    const s = await twoDates(2);
    const first = await buyWithTestCard(t.app, s.event, s.ticket, { eventDateId: s.from.id, quantity: 2 });
    const second = await buyWithTestCard(t.app, s.event, s.ticket, { eventDateId: s.from.id });
    const res = await move(s, s.from.id, { to_event_date_id: s.to.id, notify_buyers: false });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.deps.jobs.drain();
    expect((await orderOf(first))?.event_date_id).toBe(s.to.id);
    const stayed = await orderOf(second);
    expect(stayed?.event_date_id).toBe(s.from.id);
    expect(stayed?.status).toBe('COMPLETED');
    expect(await unitsOn(s.to.id)).toBe(2);
    // Asked not to tell the buyers: no e-mail.
    expect(await dateChangedMails([(await orderOf(first))?.id ?? ''])).toHaveLength(0);
  });

  it('counts nothing twice: a capacity shared by every date, exactly full, still lets the orders move', async () => {
    const s = await twoDates();
    await addCapacity(t.app, s.event, 3, [s.ticket.id]);
    const a = await buyWithTestCard(t.app, s.event, s.ticket, { eventDateId: s.from.id, quantity: 2 });
    const b = await buyWithTestCard(t.app, s.event, s.ticket, { eventDateId: s.to.id });
    const res = await move(s, s.from.id, { to_event_date_id: s.to.id });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.deps.jobs.drain();
    expect((await orderOf(a))?.event_date_id).toBe(s.to.id);
    expect((await orderOf(b))?.event_date_id).toBe(s.to.id);
    expect(await unitsOn(s.to.id)).toBe(3);
  });

  it('refuses a target that is not another upcoming, standing date of the event, with a translated 422, and changes nothing', async () => {
    const s = await twoDates();
    const other = await twoDates();
    const cancelled = await addEventDate(t.app, s.event, { inDays: 20, status: 'CANCELLED' });
    const past = await addEventDate(t.app, s.event, { inDays: -2 });
    // The list the organizer chooses from says the same as the refusal: only the upcoming, standing dates.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/events/${s.event.id}/dates?per_page=100`,
      headers: s.headers,
    });
    const takes = Object.fromEntries(
      listed
        .json()
        .data.map((d: { id: string; can_take_moved_orders: boolean }) => [d.id, d.can_take_moved_orders]),
    );
    expect(takes).toEqual({ [s.from.id]: true, [s.to.id]: true, [cancelled.id]: false, [past.id]: false });
    for (const target of [s.from.id, cancelled.id, past.id, other.to.id]) {
      const res = await move(s, s.from.id, { to_event_date_id: target });
      expect(res.statusCode, `${target} ${res.body}`).toBe(422);
      expect(JSON.stringify(res.json())).toContain('Elige otra fecha de este evento');
    }
    const missing = await move(s, s.from.id, {});
    expect(missing.statusCode).toBe(422);
    expect(JSON.stringify(missing.json())).toContain('Elige la fecha a la que pasan los pedidos.');
    const [row] = await t.app.deps.db.select().from(eventDates).where(eq(eventDates.id, s.from.id));
    expect(row?.status).toBe('ON_SALE');
    // Another account's date is not found.
    const foreign = await move({ ...s, event: other.event }, other.from.id, {
      to_event_date_id: other.to.id,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
