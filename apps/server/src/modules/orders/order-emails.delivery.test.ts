import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { SEND_EMAIL_JOB } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, createSellingEvent } from '../../test/factories/checkout.ts';
import { buyOrder } from '../messages/messages.test-fixtures.ts';
import { mimeParts, SmtpPeer } from '../messages/smtp-peer.ts';

/**
 * An order's e-mails through a real SMTP peer (smtp-server): the activity log says EMAIL_QUEUED when they
 * are queued, EMAIL_SENT only once the server accepted them, EMAIL_FAILED when they are given up; each
 * e-mail's Message-ID says what it is (order + kind), the same after a crash, new and numbered on a resend.
 */
let peer: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  peer = new SmtpPeer();
  const smtpUrl = await peer.start();
  t = await createTestApp({ env: { SMTP_URL: smtpUrl } });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

async function sellingEvent() {
  const owner = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, owner.event, { prices: [{ price_cents: 1500, quantity: null }] });
  return { ...owner, ticket };
}
type Owner = Awaited<ReturnType<typeof sellingEvent>>;

/** An order bought over HTTP: one ticket for the buyer, one for a friend at another address. */
async function boughtOrder(o: Owner, buyerEmail: string, friendEmail: string) {
  const short = await buyOrder(t.app, o.event.id, { first_name: 'Ana', email: buyerEmail }, [
    { ticket: o.ticket, first_name: 'Ana', email: buyerEmail },
    { ticket: o.ticket, first_name: 'Luis', email: friendEmail },
  ]);
  const [row] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short));
  if (!row) throw new Error('no order');
  return row;
}

const detail = async (o: Owner, orderId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/events/${o.event.id}/orders/${orderId}`,
    headers: o.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    activity: { kind: string; details: Record<string, unknown> }[];
    attendees: { id: string; email: string }[];
  };
};

/** The order's e-mail lines, sorted (lines written by one statement share their time, so their order is not). */
const emailLines = async (o: Owner, orderId: string) =>
  (await detail(o, orderId)).activity
    .filter((a) => a.kind.startsWith('EMAIL_'))
    .map((a) => `${a.kind} ${a.details.email} ${a.details.to}`)
    .sort();

const inboxFor = (to: string) => peer.inbox.filter((m) => m.to === to);

describe('the activity log of an order e-mail', () => {
  it('says queued when queued and sent only once the SMTP server accepted it', async () => {
    const o = await sellingEvent();
    const order = await boughtOrder(o, 'ana.log@example.com', 'luis.log@example.com');
    expect(await emailLines(o, order.id)).toEqual([
      'EMAIL_QUEUED CONFIRMATION ana.log@example.com',
      'EMAIL_QUEUED TICKET luis.log@example.com',
    ]);
    expect(inboxFor('ana.log@example.com')).toHaveLength(0);

    await t.app.deps.jobs.drain();
    expect(inboxFor('ana.log@example.com')).toHaveLength(1);
    expect(inboxFor('luis.log@example.com')).toHaveLength(1);
    expect(await emailLines(o, order.id)).toEqual([
      'EMAIL_QUEUED CONFIRMATION ana.log@example.com',
      'EMAIL_QUEUED TICKET luis.log@example.com',
      'EMAIL_SENT CONFIRMATION ana.log@example.com',
      'EMAIL_SENT TICKET luis.log@example.com',
    ]);
    const kinds = (await detail(o, order.id)).activity.map((a) => a.kind);
    expect(kinds.lastIndexOf('EMAIL_QUEUED')).toBeLessThan(kinds.indexOf('EMAIL_SENT'));
  });

  it('a refused e-mail stays queued while it is retried, and is logged failed (with the reason) when given up', async () => {
    const o = await sellingEvent();
    peer.refuse.add('ana.refused@example.com');
    try {
      const order = await boughtOrder(o, 'ana.refused@example.com', 'luis.ok@example.com');
      await t.app.deps.jobs.drain();
      expect(inboxFor('ana.refused@example.com')).toHaveLength(0);
      // Refused once: tried again later, nothing sent, nothing failed yet.
      expect(await emailLines(o, order.id)).toEqual([
        'EMAIL_QUEUED CONFIRMATION ana.refused@example.com',
        'EMAIL_QUEUED TICKET luis.ok@example.com',
        'EMAIL_SENT TICKET luis.ok@example.com',
      ]);
      // Three days of refusals later, the next refusal gives it up.
      await t.app.deps.db.execute(sql`
        update jobs set run_at = now(), failing_since = now() - interval '3 days'
        where kind = ${SEND_EMAIL_JOB} and failed_at is null and completed_at is null
          and payload->>'order_id' = ${order.id}`);
      await t.app.deps.jobs.drain();
      const { activity } = await detail(o, order.id);
      const failed = activity.filter((a) => a.kind === 'EMAIL_FAILED');
      expect(failed).toHaveLength(1);
      expect(failed[0]?.details).toMatchObject({ email: 'CONFIRMATION', to: 'ana.refused@example.com' });
      expect(String(failed[0]?.details.error)).toMatch(/550/);
      expect(activity.filter((a) => a.kind === 'EMAIL_SENT')).toHaveLength(1);
    } finally {
      peer.refuse.delete('ana.refused@example.com');
    }
  });
});

describe('Message-IDs say what the e-mail is', () => {
  it('order + kind; a copy sent again after a crash has the same one; a resend is a new, numbered one', async () => {
    const o = await sellingEvent();
    const order = await boughtOrder(o, 'ana.ids@example.com', 'luis.ids@example.com');
    const friend = (await detail(o, order.id)).attendees.find((a) => a.email === 'luis.ids@example.com');
    await t.app.deps.jobs.drain();
    const confirmation = `<order-confirmation.${order.id}@localhost>`;
    const ticket = `<order-ticket.${order.id}.${friend?.id}@localhost>`;
    expect(inboxFor('ana.ids@example.com').map((m) => m.messageId)).toEqual([confirmation]);
    expect(inboxFor('luis.ids@example.com').map((m) => m.messageId)).toEqual([ticket]);

    // As if the process died after the server's 250 and before the jobs were marked done.
    await t.app.deps.db.execute(sql`
      update jobs set completed_at = null, locked_until = null, run_at = now()
      where kind = ${SEND_EMAIL_JOB} and payload->>'order_id' = ${order.id}`);
    await t.app.deps.jobs.drain();
    expect(inboxFor('ana.ids@example.com').map((m) => m.messageId)).toEqual([confirmation, confirmation]);
    expect(inboxFor('luis.ids@example.com').map((m) => m.messageId)).toEqual([ticket, ticket]);

    // The organizer resends twice: two new messages, numbered.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${o.event.id}/orders/${order.id}/resend`,
        headers: o.headers,
      });
      expect(res.statusCode).toBeLessThan(300);
    }
    await t.app.deps.jobs.drain();
    expect(inboxFor('ana.ids@example.com').map((m) => m.messageId)).toEqual([
      confirmation,
      confirmation,
      `<order-confirmation.${order.id}.resend-1@localhost>`,
      `<order-confirmation.${order.id}.resend-2@localhost>`,
    ]);
    expect(
      inboxFor('luis.ids@example.com')
        .map((m) => m.messageId)
        .slice(2),
    ).toEqual([
      `<order-ticket.${order.id}.${friend?.id}.resend-1@localhost>`,
      `<order-ticket.${order.id}.${friend?.id}.resend-2@localhost>`,
    ]);

    // One attendee's ticket resent on its own continues that ticket's numbering.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${o.event.id}/attendees/${friend?.id}/resend`,
      headers: o.headers,
    });
    expect(res.statusCode).toBeLessThan(300);
    await t.app.deps.jobs.drain();
    expect(inboxFor('luis.ids@example.com').at(-1)?.messageId).toBe(
      `<order-ticket.${order.id}.${friend?.id}.resend-3@localhost>`,
    );
  });
});

describe('the organizer sees failed e-mails', () => {
  it("lists the order's e-mails and the event's failed ones, and a retry sends the same message", async () => {
    const o = await sellingEvent();
    peer.refuse.add('ana.retry@example.com');
    const order = await boughtOrder(o, 'ana.retry@example.com', 'luis.retry@example.com');
    await t.app.deps.jobs.drain();
    await t.app.deps.db.execute(sql`
      update jobs set run_at = now(), failing_since = now() - interval '3 days'
      where kind = ${SEND_EMAIL_JOB} and completed_at is null and payload->>'order_id' = ${order.id}`);
    await t.app.deps.jobs.drain();

    const emailsUrl = `/api/events/${o.event.id}/orders/${order.id}/emails`;
    const emails = await t.app.inject({ url: emailsUrl, headers: o.headers });
    expect(emails.statusCode).toBe(200);
    const byKind = new Map(emails.json().data.map((e: { kind: string }) => [e.kind, e]));
    expect(byKind.get('CONFIRMATION')).toMatchObject({
      to: 'ana.retry@example.com',
      status: 'FAILED',
      attempts: 2,
      actions: { retry: true },
    });
    expect(String((byKind.get('CONFIRMATION') as { last_error: string }).last_error)).toMatch(/550/);
    expect(byKind.get('TICKET')).toMatchObject({ status: 'SENT', attempts: 1, actions: { retry: false } });

    const failedUrl = `/api/events/${o.event.id}/failed-emails`;
    const failed = (await t.app.inject({ url: failedUrl, headers: o.headers })).json().data;
    expect(failed).toEqual([
      expect.objectContaining({ order_id: order.id, kind: 'CONFIRMATION', status: 'FAILED' }),
    ]);
    const emailId = failed[0].id as number;

    // Another account: 404 for the list, the order's e-mails and the retry; nothing changes.
    const stranger = await createAccountWithUser(t.app, { accountName: 'Otra' });
    expect((await t.app.inject({ url: failedUrl, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: emailsUrl, headers: stranger.headers })).statusCode).toBe(404);
    const retryUrl = `${failedUrl}/${emailId}/retry`;
    const foreign = await t.app.inject({ method: 'POST', url: retryUrl, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    // Another event of the same account does not reach it either.
    const other = await sellingEvent();
    const wrongEvent = await t.app.inject({
      method: 'POST',
      url: `/api/events/${other.event.id}/failed-emails/${emailId}/retry`,
      headers: o.headers,
    });
    expect(wrongEvent.statusCode).toBe(404);

    peer.refuse.delete('ana.retry@example.com');
    const retried = await t.app.inject({ method: 'POST', url: retryUrl, headers: o.headers });
    expect(retried.statusCode).toBe(202);
    expect(retried.json().data).toMatchObject({ id: emailId, status: 'QUEUED' });
    await t.app.deps.jobs.drain();
    expect(inboxFor('ana.retry@example.com').map((m) => m.messageId)).toEqual([
      `<order-confirmation.${order.id}@localhost>`,
    ]);
    expect((await t.app.inject({ url: failedUrl, headers: o.headers })).json().data).toEqual([]);
    const after = (await t.app.inject({ url: emailsUrl, headers: o.headers })).json().data;
    expect(after.map((e: { status: string }) => e.status)).toEqual(['SENT', 'SENT']);
    const again = await t.app.inject({ method: 'POST', url: retryUrl, headers: o.headers });
    expect(again.statusCode).toBe(404);
    expect(await emailLines(o, order.id)).toEqual([
      'EMAIL_FAILED CONFIRMATION ana.retry@example.com',
      'EMAIL_QUEUED CONFIRMATION ana.retry@example.com',
      'EMAIL_QUEUED CONFIRMATION ana.retry@example.com',
      'EMAIL_QUEUED TICKET luis.retry@example.com',
      'EMAIL_SENT CONFIRMATION ana.retry@example.com',
      'EMAIL_SENT TICKET luis.retry@example.com',
    ]);
  });
});

describe("the e-mails of an order for one of the event's dates", () => {
  it("say that date's day, time and venue, and the calendar file holds that date", async () => {
    const o = await sellingEvent();
    const dated = await t.app.inject({
      method: 'POST',
      url: `/api/events/${o.event.id}/dates`,
      headers: o.headers,
      payload: {
        starts_at: '2027-03-14T19:30:00Z',
        ends_at: '2027-03-14T22:00:00Z',
        location: { venue_name: 'Teatre Grec', city: 'Barcelona' },
      },
    });
    expect(dated.statusCode, dated.body).toBe(201);
    const short = await buyOrder(
      t.app,
      o.event.id,
      { first_name: 'Ana', email: 'ana.dated@example.com' },
      [
        { ticket: o.ticket, first_name: 'Ana', email: 'ana.dated@example.com' },
        { ticket: o.ticket, first_name: 'Luis', email: 'luis.dated@example.com' },
      ],
      { eventDateId: dated.json().data.id },
    );
    expect(short).toBeTruthy();
    await t.app.deps.jobs.drain();
    for (const to of ['ana.dated@example.com', 'luis.dated@example.com']) {
      const [mail] = inboxFor(to);
      const parts = mimeParts(mail?.raw ?? '');
      const text = parts.find((p) => /text\/plain/i.test(p.headers))?.body ?? '';
      // 20:30 in Madrid (the event's zone) on Sunday 14 March 2027, at the date's own venue.
      expect(text).toMatch(/domingo, 14 de marzo de 2027.*20:30/);
      expect(text).toContain('Teatre Grec, Barcelona');
      const ics = parts.find((p) => /text\/calendar/i.test(p.headers))?.body ?? '';
      expect(ics).toContain('DTSTART:20270314T193000Z');
      expect(ics).toContain('DTEND:20270314T220000Z');
    }
  });
});
