import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders } from '../../db/schema/index.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * The waiting list's e-mails go out like the order e-mails: in the entry's language (the html lang too),
 * a reply reaching the organizer (the event's support address, else the organizer's), the platform's
 * footer, and the organizer's own texts when written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailsTo = async (to: string) =>
  (
    await t.app.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'email.send'), sql`${jobs.payload}->>'to' = ${to}`))
      .orderBy(jobs.id)
  ).map((j) => j.payload as unknown as MailMessage);

describe('waiting-list e-mails', () => {
  it('carry Reply-To and the entry language, with the organizer texts', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, {
      waitlist_enabled: true,
      prices: [{ price_cents: 2500, quantity: 1 }],
    });
    const sold = await buyWithTestCard(t.app, s.event, ticket);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/email-templates`,
      headers: s.headers,
      payload: {
        kind: 'WAITLIST_OFFER',
        locale: 'ca',
        subject: 'Ja és teva, {buyer_name}!',
        intro: 'Corre: {order_link}',
      },
    });
    expect(put.statusCode, put.body).toBe(200);

    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.event.id}/waitlist`,
      payload: {
        ticket_id: ticket.id,
        first_name: 'Jordi',
        email: 'jordi@example.com',
        quantity: 1,
        consent: true,
        locale: 'ca',
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const [signUp] = await mailsTo('jordi@example.com');
    // No support address: replies reach the organizer's.
    expect(signUp).toMatchObject({
      replyTo: 'hola@apolo.example',
      subject: expect.stringContaining('Concierto de Otoño'),
    });
    expect(signUp?.html).toContain('<html lang="ca">');
    expect(signUp?.html).toContain('Enviat per Taquilla en nom de Sala Apolo.');

    // The event's support address wins; the sold unit comes back and is offered to Jordi.
    await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/settings`,
      headers: s.headers,
      payload: { support_email: 'taquilla@apolo.example' },
    });
    const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, sold));
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/orders/${order?.id}/cancel`,
      headers: s.headers,
      payload: { notify_buyer: false },
    });
    expect(cancel.statusCode).toBe(200);
    await t.app.deps.jobs.drain();
    const offer = (await mailsTo('jordi@example.com'))[1];
    expect(offer).toMatchObject({ replyTo: 'taquilla@apolo.example', subject: 'Ja és teva, Jordi!' });
    expect(offer?.html).toContain('<html lang="ca">');
    expect(offer?.html).toMatch(/Corre: <a href="http:\/\/localhost:3000\/checkout\/[^"]+\/details"/);
    // The deadline stays, in Catalan, under the organizer's words.
    expect(offer?.html).toContain('Et guardem l&#39;entrada fins al');
  });
});
