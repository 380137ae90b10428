import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, jobs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Seller = Awaited<ReturnType<typeof createSellingEvent>>;
const url = (s: Seller, path = '') => `/api/events/${s.event.id}/attendees${path}`;
const get = (s: Seller, path = '', headers: Record<string, string> = s.headers) =>
  t.app.inject({ url: url(s, path), headers });

/** An event with two tickets and two completed orders: three attendees. */
async function eventWithAttendees() {
  const s = await createSellingEvent(t.app);
  const general = await addTicket(t.app, s.event, { name: 'General' });
  const vip = await addTicket(t.app, s.event, { name: 'VIP', prices: [{ price_cents: 6000, quantity: 10 }] });
  const first = await buyWithTestCard(t.app, s.event, general, {
    quantity: 2,
    attendees: [
      { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' },
      { first_name: 'Pablo', last_name: 'Ruiz', email: 'pablo@example.com' },
    ],
  });
  await buyWithTestCard(t.app, s.event, vip, {
    attendees: [{ first_name: 'Nuria', last_name: 'Vidal', email: 'nuria@example.com' }],
  });
  return { s, general, vip, first };
}

const ticketMails = async (to: string) =>
  (await t.app.deps.db.select().from(jobs).where(eq(jobs.kind, 'email.send'))).filter(
    (j) => (j.payload as { to: string }).to === to,
  );

describe('attendees in the back office', () => {
  it('lists, searches, filters and sorts the event’s attendees', async () => {
    const { s, vip, first } = await eventWithAttendees();
    const all = (await get(s)).json();
    expect(all.meta.total).toBe(3);
    expect(all.data[0]).toMatchObject({
      ticket_name: expect.any(String),
      order_short_id: expect.any(String),
    });
    expect(all.data.map((a: { first_name: string }) => a.first_name).sort()).toEqual([
      'Lucía',
      'Nuria',
      'Pablo',
    ]);

    const byName = (await get(s, `?query=${encodeURIComponent('pablo ruiz')}`)).json();
    expect(byName.data.map((a: { email: string }) => a.email)).toEqual(['pablo@example.com']);
    const byOrder = (await get(s, `?query=${first}`)).json();
    expect(byOrder.meta.total).toBe(2);
    const byTicket = (await get(s, `?filter_fields[ticket_id][eq]=${vip.id}`)).json();
    expect(byTicket.data.map((a: { ticket_name: string }) => a.ticket_name)).toEqual(['VIP']);
    const sorted = (await get(s, '?sort_by=last_name&sort_direction=asc')).json();
    expect(sorted.data.map((a: { last_name: string }) => a.last_name)).toEqual(['Martín', 'Ruiz', 'Vidal']);
    const paged = (await get(s, '?per_page=2&page=2')).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ current_page: 2, last_page: 2, total: 3 });

    expect((await get(s, '?sort_by=qr_secret')).statusCode).toBe(422);
    expect((await get(s, '?filter_fields[qr_secret][eq]=x')).statusCode).toBe(422);
  });

  it('corrects an attendee and resends the ticket to the new address; bad input changes nothing', async () => {
    const { s } = await eventWithAttendees();
    const pablo = (await get(s, '?query=pablo')).json().data[0];
    const put = await t.app.inject({
      method: 'PUT',
      url: url(s, `/${pablo.id}`),
      headers: s.headers,
      payload: { first_name: 'Pablo', last_name: 'Ruiz Gil', email: 'pablo.ruiz@example.com' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      last_name: 'Ruiz Gil',
      email: 'pablo.ruiz@example.com',
      short_id: pablo.short_id,
    });

    for (const payload of [
      { first_name: '', last_name: 'X', email: 'x@example.com' },
      { first_name: 'X'.repeat(51), last_name: 'X', email: 'x@example.com' },
      { first_name: 'X', last_name: 'X', email: 'no-es-correo' },
      { first_name: 'X', last_name: 'X', email: 'x@example.com', status: 'CANCELLED' },
    ]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: url(s, `/${pablo.id}`),
        headers: s.headers,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await get(s, `/${pablo.id}`)).json().data.email).toBe('pablo.ruiz@example.com');

    const before = (await ticketMails('pablo.ruiz@example.com')).length;
    const resend = await t.app.inject({
      method: 'POST',
      url: url(s, `/${pablo.id}/resend`),
      headers: s.headers,
    });
    expect(resend.statusCode).toBe(202);
    const mails = await ticketMails('pablo.ruiz@example.com');
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!.payload as { subject: string; text: string };
    expect(mail.subject).toContain('Tu entrada');
    expect(mail.text).toContain(`/ticket/${s.event.id}/${pablo.short_id}`);
    expect(mail.text).toContain('aquí tienes tu entrada');

    await t.app.deps.db.update(attendees).set({ status: 'CANCELLED' }).where(eq(attendees.id, pablo.id));
    const cancelled = await t.app.inject({
      method: 'POST',
      url: url(s, `/${pablo.id}/resend`),
      headers: s.headers,
    });
    expect(cancelled.statusCode).toBe(409);
  });

  it('exports the attendees as CSV with the list filters', async () => {
    const { s, vip } = await eventWithAttendees();
    const res = await get(s, '/export?sort_by=first_name&sort_direction=asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Entrada nº,Nombre,Apellidos,Correo electrónico,Entrada,Tarifa,Estado,Pedido,Registrado en la puerta,Creado,' +
        'Total del pedido,Impuestos del pedido,Gastos del pedido,Reembolsado del pedido,Neto del pedido,Moneda',
    );
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Lucía', 'Nuria', 'Pablo']);
    expect(lines[2]).toContain(',Nuria,Vidal,nuria@example.com,VIP,,Válida,');
    const vipOnly = await get(s, `/export?filter_fields[ticket_id][eq]=${vip.id}`);
    expect(vipOnly.body.split('\r\n')).toHaveLength(2);
  });

  it('is scoped to the account: another account gets 404 and changes nothing', async () => {
    const { s } = await eventWithAttendees();
    const intruder = await createAccountWithUser(t.app);
    const one = (await get(s)).json().data[0];
    const h = intruder.headers;
    const responses = await Promise.all([
      get(s, '', h),
      get(s, `/${one.id}`, h),
      t.app.inject({
        method: 'PUT',
        url: url(s, `/${one.id}`),
        headers: h,
        payload: { first_name: 'Robado', last_name: 'X', email: 'robado@example.com' },
      }),
      t.app.inject({ method: 'POST', url: url(s, `/${one.id}/resend`), headers: h }),
      get(s, '/export', h),
    ]);
    for (const res of responses) expect(res.statusCode).toBe(404);
    expect((await get(s, `/${one.id}`)).json().data.email).toBe(one.email);
    // Through the intruder's own event, the attendee does not exist either.
    const own = await createSellingEvent(t.app);
    const cross = await t.app.inject({
      url: `/api/events/${own.event.id}/attendees/${one.id}`,
      headers: own.headers,
    });
    expect(cross.statusCode).toBe(404);
    expect((await t.app.inject({ url: url(s) })).statusCode).toBe(401);
  });
});
