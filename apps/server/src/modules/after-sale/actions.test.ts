import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyer, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * The organizer's order and attendee answers carry `actions`, the server's verdicts (order-lifecycle and
 * the caller's permission): each action the answer offers goes through, and each it withholds is refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });

const orderId = async (short: string) => {
  const [row] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short));
  if (!row) throw new Error(`no order ${short}`);
  return row.id;
};

/** The order's detail and its row in the organizer's list (all statuses): both carry the same actions. */
async function answers(s: { event: { id: string }; headers: Headers }, id: string) {
  const detail = (await api('GET', `/api/events/${s.event.id}/orders/${id}`, s.headers)).json().data;
  const list = await api('GET', `/api/events/${s.event.id}/orders?per_page=100`, s.headers);
  const row = list.json().data.find((o: { id: string }) => o.id === id);
  return { detail, row };
}

// Notes stay open to whoever manages orders, in every state: "nothing" below still lets them write notes.
const none = { refund: false, cancel: false, edit: false, resend: false, mark_paid: false, notes: true };

describe('order actions', () => {
  it('a paid order offers refund, cancel, edit and resend; each change moves them, in the list too', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 3000, quantity: 10 }] });
    const id = await orderId(await buyWithTestCard(t.app, s.event, ticket, { quantity: 2 }));
    const url = `/api/events/${s.event.id}/orders/${id}`;

    const paid = await answers(s, id);
    const offered = { refund: true, cancel: true, edit: true, resend: true, mark_paid: false, notes: true };
    expect(paid.detail.actions).toEqual(offered);
    expect(paid.row.actions).toEqual(offered);
    expect(paid.detail.attendees.map((a: { actions: unknown }) => a.actions)).toEqual([
      { cancel: true, reactivate: false, resend: true, edit: true },
      { cancel: true, reactivate: false, resend: true, edit: true },
    ]);

    // Refunded in full: nothing left to refund, the rest stays.
    expect((await api('POST', `${url}/refund`, s.headers, { amount_cents: 6000 })).statusCode).toBe(200);
    const refunded = await answers(s, id);
    expect(refunded.detail.actions).toEqual({ ...offered, refund: false });
    expect(refunded.row.actions).toEqual({ ...offered, refund: false });

    // Cancelled: only the buyer's details may still be corrected; the withheld actions are refused.
    expect((await api('POST', `${url}/cancel`, s.headers, { notify_buyer: false })).statusCode).toBe(200);
    const cancelled = await answers(s, id);
    expect(cancelled.detail.actions).toEqual({ ...none, edit: true });
    expect(cancelled.row.actions).toEqual({ ...none, edit: true });
    expect((await api('POST', `${url}/cancel`, s.headers, { notify_buyer: false })).statusCode).toBe(409);
    expect((await api('POST', `${url}/resend`, s.headers)).statusCode).toBe(409);
    expect((await api('POST', `${url}/mark-paid`, s.headers)).statusCode).toBe(409);
    // The attendees of a cancelled order can be neither cancelled again nor given their place back.
    expect(cancelled.detail.attendees[0].actions).toEqual({
      cancel: false,
      reactivate: false,
      resend: false,
      edit: true,
    });
  });

  it('an order awaiting an offline payment offers mark paid and cancel; once paid, resend and refund', async () => {
    const s = await createSellingEvent(t.app, {
      settings: { offline_payment_instructions: 'Transferencia.' },
    });
    const ticket = await addTicket(t.app, s.event);
    const base = `/api/public/events/${s.event.id}/order`;
    const reserved = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
    });
    const short = reserved.json().data.short_id;
    await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
    await t.app.inject({ method: 'POST', url: `${base}/${short}/payment`, payload: { provider: 'offline' } });
    const id = await orderId(short);

    const waiting = await answers(s, id);
    expect(waiting.detail.actions).toEqual({ ...none, cancel: true, edit: true, mark_paid: true });
    expect(waiting.row.actions).toEqual(waiting.detail.actions);
    const url = `/api/events/${s.event.id}/orders/${id}`;
    expect((await api('POST', `${url}/resend`, s.headers)).statusCode).toBe(409);

    const marked = await api('POST', `${url}/mark-paid`, s.headers);
    expect(marked.json().data.actions).toEqual({
      refund: true,
      cancel: true,
      edit: true,
      resend: true,
      mark_paid: false,
      notes: true,
    });
  });

  it('a manual order is never refundable; an unfinished cart offers nothing', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 4000, quantity: 10 }] });
    const manual = await api('POST', `/api/events/${s.event.id}/orders`, s.headers, {
      buyer: { first_name: 'Ana', last_name: 'Paz', email: 'ana@example.com' },
      tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
      amount_paid_cents: 4000,
      send_emails: false,
    });
    expect(manual.statusCode).toBe(201);
    expect(manual.json().data.actions).toEqual({
      refund: false,
      cancel: true,
      edit: true,
      resend: true,
      mark_paid: false,
      notes: true,
    });

    const reserved = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.event.id}/order`,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
    });
    const cart = await orderId(reserved.json().data.short_id);
    const open = await answers(s, cart);
    expect(open.detail.actions).toEqual(none);
    const edit = await api('PUT', `/api/events/${s.event.id}/orders/${cart}`, s.headers, {
      first_name: 'X',
      last_name: 'Y',
      email: 'x@example.com',
    });
    expect(edit.statusCode).toBe(409);
  });
});

describe('attendee actions', () => {
  it('cancel and reactivate follow the attendee and their order, in the list and the detail', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 1000, quantity: 10 }] });
    await buyWithTestCard(t.app, s.event, ticket, { quantity: 1 });
    const list = await api('GET', `/api/events/${s.event.id}/attendees`, s.headers);
    const attendee = at(list.json().data as { id: string; actions: unknown }[], 0);
    expect(attendee.actions).toEqual({ cancel: true, reactivate: false, resend: true, edit: true });

    const url = `/api/events/${s.event.id}/attendees/${attendee.id}`;
    const cancelled = await api('POST', `${url}/cancel`, s.headers);
    expect(cancelled.json().data.actions).toEqual({
      cancel: false,
      reactivate: true,
      resend: false,
      edit: true,
    });
    expect((await api('POST', `${url}/resend`, s.headers)).statusCode).toBe(409);
    expect((await api('POST', `${url}/cancel`, s.headers)).statusCode).toBe(409);

    const back = await api('POST', `${url}/reactivate`, s.headers);
    expect(back.json().data.actions).toEqual({ cancel: true, reactivate: false, resend: true, edit: true });
  });
});
