import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, jobs, orderActivities, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import {
  addQuestion,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

/** The organizer's notes on an order, and corrections of an attendee's answers, over HTTP. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const api = (method: 'GET' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });

async function soldOrder() {
  const s = await createSellingEvent(t.app);
  const general = await addTicket(t.app, s.event, { name: 'General' });
  const vip = await addTicket(t.app, s.event, { name: 'VIP' });
  const size = await addQuestion(t.app, s.event, {
    title: 'Talla',
    belongs_to: 'ATTENDEE',
    type: 'DROPDOWN',
    options: ['S', 'M', 'L'],
    required: true,
  });
  const diet = await addQuestion(t.app, s.event, { title: 'Dieta', belongs_to: 'ATTENDEE' });
  const vipOnly = await addQuestion(t.app, s.event, {
    title: 'Mesa',
    belongs_to: 'ATTENDEE',
    ticket_ids: [vip.id],
  });
  const short = await buyWithTestCard(t.app, s.event, general, {
    attendees: [
      {
        first_name: 'Lucía',
        last_name: 'Martín',
        email: 'lucia@example.com',
        answers: { [size.id]: 'S', [diet.id]: 'Vegana' },
      },
    ],
  });
  const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short));
  if (!order) throw new Error('no order');
  const [attendee] = await t.app.deps.db.select().from(attendees).where(eq(attendees.order_id, order.id));
  if (!attendee) throw new Error('no attendee');
  const orderUrl = `/api/events/${s.event.id}/orders/${order.id}`;
  const attendeeUrl = `/api/events/${s.event.id}/attendees/${attendee.id}`;
  return { ...s, order, attendee, size, diet, vipOnly, orderUrl, attendeeUrl };
}

const activity = async (orderId: string) =>
  t.app.deps.db.select().from(orderActivities).where(eq(orderActivities.order_id, orderId));

describe('organizer notes on an order', () => {
  it('adds and edits a note in any state, logs each version, and never shows it to the buyer', async () => {
    const s = await soldOrder();
    const before = await api('GET', s.orderUrl, s.headers);
    expect(before.json().data).toMatchObject({ organizer_notes: '', actions: { notes: true } });
    const jobsBefore = (await t.app.deps.db.select().from(jobs)).length;

    const first = await api('PUT', `${s.orderUrl}/notes`, s.headers, {
      notes: '  Llamó para pedir factura a nombre de la empresa.  ',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.organizer_notes).toBe('Llamó para pedir factura a nombre de la empresa.');
    const edited = await api('PUT', `${s.orderUrl}/notes`, s.headers, { notes: 'Factura enviada el lunes.' });
    expect(edited.json().data.organizer_notes).toBe('Factura enviada el lunes.');
    // The same text again is no change: no new line.
    await api('PUT', `${s.orderUrl}/notes`, s.headers, { notes: 'Factura enviada el lunes.' });
    const lines = edited.json().data.activity.filter((a: { kind: string }) => a.kind === 'NOTES_EDITED');
    expect(lines.map((l: { details: unknown; user_name: string }) => [l.details, l.user_name])).toEqual([
      [{ notes: 'Llamó para pedir factura a nombre de la empresa.' }, expect.any(String)],
      [{ notes: 'Factura enviada el lunes.' }, expect.any(String)],
    ]);
    expect((await activity(s.order.id)).filter((a) => a.kind === 'NOTES_EDITED')).toHaveLength(2);
    // Nothing queued (no e-mail, no webhook) and nothing on the buyer's page.
    expect((await t.app.deps.db.select().from(jobs)).length).toBe(jobsBefore);
    const buyerPage = await t.app.inject({
      url: `/api/public/events/${s.event.id}/order/${s.order.short_id}`,
    });
    expect(buyerPage.statusCode).toBe(200);
    expect(buyerPage.body).not.toContain('Factura enviada');
    expect(buyerPage.body).not.toContain('organizer_notes');

    // A cancelled order still takes notes.
    await t.app.deps.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, s.order.id));
    const late = await api('PUT', `${s.orderUrl}/notes`, s.headers, { notes: '' });
    expect(late.statusCode).toBe(200);
    expect(late.json().data.organizer_notes).toBe('');
  });

  it('refuses a note too long, a READ_ONLY user and another account, changing nothing', async () => {
    const s = await soldOrder();
    const long = await api('PUT', `${s.orderUrl}/notes`, s.headers, { notes: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.fields).toEqual({ notes: 'Las notas no pueden superar los 5000 caracteres.' });
    const en = await t.app.inject({
      method: 'PUT',
      url: `${s.orderUrl}/notes`,
      headers: { ...s.headers, 'accept-language': 'en' },
      payload: { notes: 3 },
    });
    expect(en.statusCode).toBe(422);
    const reader = await addUser(t.app, s.account.id, { role: 'READ_ONLY' });
    const readOnly = await api('PUT', `${s.orderUrl}/notes`, reader.headers, { notes: 'hola' });
    expect(readOnly.statusCode).toBe(403);
    expect((await api('GET', s.orderUrl, reader.headers)).json().data.actions.notes).toBe(false);
    const other = await createAccountWithUser(t.app);
    expect((await api('PUT', `${s.orderUrl}/notes`, other.headers, { notes: 'hola' })).statusCode).toBe(404);
    const [row] = await t.app.deps.db.select().from(orders).where(eq(orders.id, s.order.id));
    expect(row?.organizer_notes).toBe('');
    expect(await activity(s.order.id)).not.toContainEqual(expect.objectContaining({ kind: 'NOTES_EDITED' }));
  });
});

describe("correcting an attendee's answers", () => {
  it('checks them as checkout does (questions of their ticket only), saves and logs on the order', async () => {
    const s = await soldOrder();
    const holder = { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' };
    const refused = await api('PUT', s.attendeeUrl, s.headers, {
      ...holder,
      answers: { [s.size.id]: 'XL', [s.vipOnly.id]: 'Mesa 3' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({
      [`answers.${s.size.id}`]: 'Elige una de las opciones.',
      [`answers.${s.vipOnly.id}`]: 'Pregunta desconocida.',
    });
    const missing = await api('PUT', s.attendeeUrl, s.headers, { ...holder, answers: { [s.diet.id]: 'x' } });
    expect(missing.json().error.fields).toEqual({
      [`answers.${s.size.id}`]: 'Esta pregunta es obligatoria.',
    });
    const [unchanged] = await t.app.deps.db.select().from(attendees).where(eq(attendees.id, s.attendee.id));
    expect(unchanged?.answers).toEqual({ [s.size.id]: 'S', [s.diet.id]: 'Vegana' });

    const fixed = await api('PUT', s.attendeeUrl, s.headers, {
      ...holder,
      answers: { [s.size.id]: 'L', [s.diet.id]: '' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.answers).toEqual({ [s.size.id]: 'L', [s.diet.id]: '' });
    const order = await api('GET', s.orderUrl, s.headers);
    const line = order.json().data.activity.find((a: { kind: string }) => a.kind === 'ATTENDEE_EDITED');
    expect(line).toMatchObject({ details: { attendee: 'Lucía Martín', fields: ['answers'] } });
    expect(line.user_name).toBeTruthy();
    // Without answers, the holder's details alone are corrected (as before) and the answers stay.
    const renamed = await api('PUT', s.attendeeUrl, s.headers, { ...holder, first_name: 'Lucia' });
    expect(renamed.json().data).toMatchObject({ first_name: 'Lucia', answers: { [s.size.id]: 'L' } });
  });
});
