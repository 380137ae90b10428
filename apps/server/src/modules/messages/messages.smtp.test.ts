import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageDeliveries } from '../../db/schema/index.ts';
import { JobQueue } from '../../lib/jobs.ts';
import { Mailer } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, createSellingEvent } from '../../test/factories/checkout.ts';
import { PARALLEL, registerMessageJobs } from './messages.sender.ts';
import { buyOrder, insertCrowd } from './messages.test-fixtures.ts';
import { mimeParts, SmtpPeer } from './smtp-peer.ts';

/**
 * Messages and order e-mails through a real SMTP peer (smtp-server): a sender frozen in the middle of a
 * send is replaced by a new worker and every recipient gets exactly one copy; a refused address is
 * retried with backoff while the others get theirs; the ticket e-mail carries its QR inline and the .ics.
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

async function audienceEvent() {
  const owner = await createSellingEvent(t.app, { settings: { support_email: 'ayuda@apolo.example' } });
  const ticket = await addTicket(t.app, owner.event, { prices: [{ price_cents: 1000, quantity: null }] });
  return { ...owner, ticket };
}

const sendToAll = async (o: Awaited<ReturnType<typeof audienceEvent>>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${o.event.id}/messages`,
    headers: o.headers,
    payload: {
      subject: 'Cambio de horario',
      body: '<p>Las puertas abren a las 21:00.</p>',
      audience: { type: 'ALL_ATTENDEES' },
      acknowledged: true,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
};

const detail = async (o: Awaited<ReturnType<typeof audienceEvent>>, id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/events/${o.event.id}/messages/${id}`, headers: o.headers })
  ).json().data;

const countBy = (addresses: string[]) => {
  const counts = new Map<string, number>();
  for (const a of addresses) counts.set(a, (counts.get(a) ?? 0) + 1);
  return counts;
};

describe('a send that dies half-way', () => {
  it('resumes in a new worker: every recipient receives exactly one copy, nobody is skipped', async () => {
    const o = await audienceEvent();
    const total = 130;
    await insertCrowd(
      t.app,
      {
        accountId: o.account.id,
        eventId: o.event.id,
        ticketId: o.ticket.id,
        priceId: o.ticket.prices[0]?.id as string,
      },
      total,
    );
    peer.inbox.length = 0;
    const id = await sendToAll(o);

    // Worker A: the app's own queue. The mail server stops answering after 70 e-mails; once every one of
    // A's sending lanes waits on it, A is frozen mid-batch with claimed deliveries, as a killed process
    // would leave them.
    peer.holdAfter = 70;
    const workerA = t.app.deps.jobs.drain();
    await peer.waitFor(70);
    while (peer.heldCount() < PARALLEL) await new Promise((r) => setTimeout(r, 20));
    expect(peer.inbox).toHaveLength(70);
    const [claimed] = await t.app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messageDeliveries)
      .where(sql`${messageDeliveries.message_id} = ${id} and ${messageDeliveries.status} = 'SENDING'`);
    expect(claimed?.n).toBeGreaterThan(0);

    // Time passes: the dead worker's claims and its job lock run out. A new process starts: a new queue
    // and mailer on the same database, with the messages jobs registered.
    await t.app.deps.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where locked_until is not null and completed_at is null`,
    );
    await t.app.deps.db.execute(
      sql`update message_deliveries set locked_until = now() - interval '1 second' where status = 'SENDING'`,
    );
    peer.holdAfter = null;
    const workerB = new JobQueue(t.app.deps.db, t.app.log);
    const mailerB = new Mailer(
      { smtpUrl: `smtp://127.0.0.1:${peer.port}`, dataDir: t.config.dataDir, from: 'x@y.z' },
      t.app.log,
    );
    registerMessageJobs(workerB, { db: t.app.deps.db, mailer: mailerB });
    await workerB.drain();
    mailerB.close();

    // The frozen worker finally hears back (refused): it must not count or resend anything.
    peer.releaseHeld();
    await workerA;

    const counts = countBy(peer.inbox.map((m) => m.to));
    expect(counts.size).toBe(total);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    for (let n = 1; n <= total; n++) expect(counts.get(`asistente-${n}@example.com`)).toBe(1);
    expect(await detail(o, id)).toMatchObject({
      status: 'SENT',
      recipients_count: total,
      sent_count: total,
      failed_count: 0,
    });
    // A copy in English for orders in English (every fourth).
    const english = peer.inbox.find((m) => m.to === 'asistente-4@example.com');
    expect(english?.raw).toContain('is writing to you about');
  });
});

describe('an address that fails', () => {
  it('is recorded and retried with backoff; the others get theirs; after five tries it is FAILED', async () => {
    const o = await audienceEvent();
    await buyOrder(t.app, o.event.id, { first_name: 'Lucía', email: 'lucia@example.com' }, [
      { ticket: o.ticket, first_name: 'Lucía', email: 'lucia@example.com' },
      { ticket: o.ticket, first_name: 'Rebeca', email: 'rebota@example.com' },
      { ticket: o.ticket, first_name: 'Nuria', email: 'nunca@example.com' },
      { ticket: o.ticket, first_name: 'Mario', email: 'mario@example.com' },
    ]);
    await t.app.deps.jobs.drain();
    peer.inbox.length = 0;
    peer.refuse.add('rebota@example.com');
    peer.refuse.add('nunca@example.com');
    const id = await sendToAll(o);
    await t.app.deps.jobs.drain();
    expect(peer.inbox.map((m) => m.to).sort()).toEqual(['lucia@example.com', 'mario@example.com']);
    expect(await detail(o, id)).toMatchObject({ status: 'SENDING', sent_count: 2, failed_count: 0 });
    const [bounced] = await t.app.deps.db
      .select()
      .from(messageDeliveries)
      .where(
        sql`${messageDeliveries.message_id} = ${id} and ${messageDeliveries.email} = 'rebota@example.com'`,
      );
    expect(bounced).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(bounced?.last_error).toContain('550');
    // Backoff: the next try is about 30 s later, not now.
    const wait = (bounced?.next_attempt_at.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThan(31_000);

    // The mailbox works again; time moves on to each retry.
    peer.refuse.delete('rebota@example.com');
    for (let attempt = 2; attempt <= 5; attempt++) {
      await t.app.deps.db.execute(sql`
        update message_deliveries set next_attempt_at = now() where message_id = ${id} and status = 'PENDING'`);
      await t.app.deps.db.execute(sql`update jobs set run_at = now() where completed_at is null`);
      await t.app.deps.jobs.drain();
    }
    expect(countBy(peer.inbox.map((m) => m.to))).toEqual(
      new Map([
        ['lucia@example.com', 1],
        ['mario@example.com', 1],
        ['rebota@example.com', 1],
      ]),
    );
    const [never] = await t.app.deps.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.email, 'nunca@example.com'));
    expect(never).toMatchObject({ status: 'FAILED', attempts: 5 });
    expect(await detail(o, id)).toMatchObject({
      status: 'SENT',
      recipients_count: 4,
      sent_count: 3,
      failed_count: 1,
    });

    // The organizer sees who was missed, and tries them again once the mailbox works.
    const failedList = async (headers: Record<string, string>) =>
      t.app.inject({ url: `/api/events/${o.event.id}/messages/failed-deliveries`, headers });
    const listed = await failedList(o.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ message_id: id, email: 'nunca@example.com', attempts: 5 }),
    ]);
    expect(listed.json().data[0].last_error).toContain('550');
    const stranger = await createAccountWithUser(t.app, { accountName: 'Otra' });
    expect((await failedList(stranger.headers)).statusCode).toBe(404);
    const retryUrl = `/api/events/${o.event.id}/messages/${id}/retry-failed`;
    const foreign = await t.app.inject({ method: 'POST', url: retryUrl, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    peer.refuse.delete('nunca@example.com');
    const retried = await t.app.inject({ method: 'POST', url: retryUrl, headers: o.headers });
    expect(retried.statusCode).toBe(202);
    expect(retried.json().data).toEqual({ retried: 1 });
    await t.app.deps.jobs.drain();
    expect(countBy(peer.inbox.map((m) => m.to)).get('nunca@example.com')).toBe(1);
    expect(await detail(o, id)).toMatchObject({ status: 'SENT', sent_count: 4, failed_count: 0 });
    expect((await failedList(o.headers)).json().data).toEqual([]);
    const again = await t.app.inject({ method: 'POST', url: retryUrl, headers: o.headers });
    expect(again.json().data).toEqual({ retried: 0 });
  });
});

describe('order e-mails', () => {
  it('carry Reply-To, the date with end time and zone, the QR inline (cid) and the .ics attached', async () => {
    const o = await audienceEvent();
    peer.inbox.length = 0;
    await buyOrder(t.app, o.event.id, { first_name: 'Lucía', email: 'lucia@example.com' }, [
      { ticket: o.ticket, first_name: 'Lucía', email: 'lucia@example.com' },
      { ticket: o.ticket, first_name: 'Pedro', last_name: 'Ruiz', email: 'pedro@example.com' },
    ]);
    await t.app.deps.jobs.drain();
    expect(peer.inbox.map((m) => m.to).sort()).toEqual(['lucia@example.com', 'pedro@example.com']);
    for (const mail of peer.inbox) {
      expect(mail.raw).toMatch(/^Reply-To: ayuda@apolo\.example$/m);
      const parts = mimeParts(mail.raw);
      const html = parts.find((p) => /content-type: text\/html/i.test(p.headers))?.body ?? '';
      const text = parts.find((p) => /content-type: text\/plain/i.test(p.headers))?.body ?? '';
      // One QR image for the one ticket with this address, shown from the attachment, never fetched.
      const images = parts.filter((p) => /content-type: image\/png/i.test(p.headers));
      expect(images).toHaveLength(1);
      const cid = /content-id: <([^>]+)>/i.exec(images[0]?.headers ?? '')?.[1];
      expect(cid).toMatch(/^qr-.+@taquilla$/);
      expect(html).toContain(`src="cid:${cid}"`);
      expect(
        Buffer.from(images[0]?.encoded.replace(/\s+/g, '') ?? '', 'base64')
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
      expect(html).not.toMatch(/<img[^>]+src="https?:/);
      const ics = parts.find((p) => /content-type: text\/calendar/i.test(p.headers));
      expect(ics?.headers).toMatch(/filename=evento\.ics/);
      expect(ics?.body).toContain('BEGIN:VEVENT');
      expect(ics?.body).toContain('SUMMARY:Concierto de Otoño');
      expect(ics?.body).toMatch(/DTEND:\d{8}T\d{6}Z/);
      // "… 2026, 20:00 – 23:00 (Europe/Madrid)": end time and zone on the date line.
      expect(text).toMatch(/Fecha: .+\d{1,2}:\d{2} – \d{1,2}:\d{2} \(Europe\/Madrid\)\./);
    }
    const pedro = peer.inbox.find((m) => m.to === 'pedro@example.com');
    expect(mimeParts(pedro?.raw ?? '').find((p) => /text\/plain/i.test(p.headers))?.body).toContain(
      '/ticket/',
    );
  });
});
