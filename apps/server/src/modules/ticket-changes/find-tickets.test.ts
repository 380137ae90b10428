import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { SEND_EMAIL_JOB } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

/** «¿Has perdido tus entradas?»: the e-mailed link, once, short-lived, rate-limited, revealing nothing. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = (eventId: string, email: string, lang = 'es', ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/events/${eventId}/find-tickets`,
    headers: { 'accept-language': lang },
    remoteAddress: ip,
    payload: { email },
  });

async function linkSentTo(email: string) {
  const rows = rowsOf<{ payload: { text: string; subject: string } }>(
    await t.app.deps.db.execute(
      sql`select payload from jobs where kind = ${SEND_EMAIL_JOB} and payload->>'to' = ${email}
          and payload->>'email_kind' = 'FIND_TICKETS' order by id desc`,
    ),
  );
  const text = rows[0]?.payload.text ?? '';
  const token = /\/find-tickets\/[^/]+\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  return { count: rows.length, token, subject: rows[0]?.payload.subject };
}

const open = (token: string, lang = 'es') =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/find-tickets/${token}`,
    headers: { 'accept-language': lang },
  });

describe('find my tickets', () => {
  it('e-mails a one-time link listing every order and ticket of the address for the organizer', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event);
    const order = await buyWithTestCard(t.app, s.event, ticket, { quantity: 2 });
    const buyerEmail = 'lucia@example.com';

    const res = await ask(s.event.id, 'Lucia@Example.com', 'en');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.message).toMatch(/^If there are tickets bought with this address/);
    const mail = await linkSentTo(buyerEmail);
    expect(mail.count).toBe(1);
    expect(mail.subject).toBe('Your tickets from Sala Apolo');
    expect(mail.token).toBeTruthy();

    const found = await open(mail.token ?? '');
    expect(found.statusCode, found.body).toBe(200);
    const [first] = found.json().data;
    expect(first).toMatchObject({ short_id: order, event_id: s.event.id, event_name: 'Concierto de Otoño' });
    expect(first.tickets).toHaveLength(2);
    expect(first.tickets[0].ticket_url).toBe(
      `http://localhost:3000/ticket/${s.event.id}/${first.tickets[0].short_id}`,
    );
    expect(first.order_url).toBe(`http://localhost:3000/checkout/${s.event.id}/${order}/summary`);

    // Once only.
    const again = await open(mail.token ?? '', 'en');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(
      'This link has expired or has already been used. Ask for a new one.',
    );
  });

  it('answers the same whether or not the address bought anything, and the link then shows nothing', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event);
    await buyWithTestCard(t.app, s.event, ticket);
    const withOrders = await ask(s.event.id, 'lucia@example.com', 'es', '203.0.113.20');
    const without = await ask(s.event.id, 'nadie@example.com', 'es', '203.0.113.21');
    expect(without.statusCode).toBe(withOrders.statusCode);
    expect(without.body).toBe(withOrders.body);
    expect((await linkSentTo('lucia@example.com')).count).toBeGreaterThan(0);
    const mail = await linkSentTo('nadie@example.com');
    expect(mail.count).toBe(1);
    expect((await open(mail.token ?? '')).json().data).toEqual([]);
  });

  it('refuses an expired link, and rate-limits per e-mail', async () => {
    const s = await createSellingEvent(t.app);
    await ask(s.event.id, 'tarde@example.com', 'es', '203.0.113.30');
    const mail = await linkSentTo('tarde@example.com');
    await t.app.deps.db.execute(
      sql`update ticket_lookup_tokens set expires_at = now() - interval '1 minute' where email = 'tarde@example.com'`,
    );
    expect((await open(mail.token ?? '')).statusCode).toBe(404);

    for (let i = 0; i < 2; i++)
      expect((await ask(s.event.id, 'tarde@example.com', 'es', `203.0.113.${40 + i}`)).statusCode).toBe(202);
    const limited = await ask(s.event.id, 'tarde@example.com', 'en', '203.0.113.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many requests/);
    expect((await linkSentTo('tarde@example.com')).count).toBe(3);

    const bad = await ask(s.event.id, 'no-es-correo', 'en', '203.0.113.60');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.email).toBe('Enter a valid e-mail address.');
  });
});
