import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { at } from '../../lib/rows.ts';
import { WEBHOOK_EMIT_JOB } from '../../lib/webhook-events.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { takeMail } from '../../test/factories/auth.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';
import { startReceiver, verifiedBy } from '../../test/webhook-receiver.ts';
import { fanOut } from './fanout.ts';

/**
 * Webhooks over HTTP, delivered by the real job queue to a receiver on 127.0.0.1 (so the app allows
 * private targets here; outbound.test.ts proves the refusals): signatures checked with openssl.
 */
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.respond = (_req, res) => res.end('ok');
});

type Selling = Awaited<ReturnType<typeof createSellingEvent>>;
const BASE = '/api/accounts/me/webhooks';

async function createEndpoint(s: { headers: Record<string, string> }, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: BASE,
    headers: s.headers,
    payload: { url: receiver.url, event_types: ['order.completed'], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; secret: string; status: string };
}

async function sale(s: Selling) {
  const ticket = await addTicket(t.app, s.event);
  const shortId = await buyWithTestCard(t.app, s.event, ticket, { quantity: 2 });
  await t.app.deps.jobs.drain();
  return shortId;
}

const bodies = () => receiver.received.map((r) => JSON.parse(r.body));

describe('endpoints', () => {
  it('creates an endpoint and answers its secret once', async () => {
    const s = await createSellingEvent(t.app);
    const created = await createEndpoint(s, { description: 'Contabilidad', event_ids: [s.event.id] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    const list = await t.app.inject({ method: 'GET', url: BASE, headers: s.headers });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: created.id,
        description: 'Contabilidad',
        event_ids: [s.event.id],
        status: 'ACTIVE',
        last_delivery: null,
      }),
    ]);
    expect(list.body).not.toContain(created.secret);
    const one = await t.app.inject({ method: 'GET', url: `${BASE}/${created.id}`, headers: s.headers });
    expect(one.json().data).not.toHaveProperty('secret');
  });

  it('refuses bad input with translated field errors and writes nothing', async () => {
    const s = await createAccountWithUser(t.app);
    for (const [payload, field] of [
      [{ url: 'ftp://example.com/x', event_types: ['order.completed'] }, 'url'],
      [{ url: 'https://user:pw@example.com/x', event_types: ['order.completed'] }, 'url'],
      [{ url: 'https://example.com/x', event_types: [] }, 'event_types'],
      [{ url: 'https://example.com/x', event_types: ['order.exploded'] }, 'event_types.0'],
      [
        {
          url: 'https://example.com/x',
          event_types: ['order.created'],
          event_ids: ['7f3d1c8e-1111-4111-8111-111111111111'],
        },
        'event_ids',
      ],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: BASE, headers: s.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error.fields).toHaveProperty([field]);
    }
    const es = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: s.headers,
      payload: { url: 'nope', event_types: ['order.created'] },
    });
    expect(es.json().error.fields.url).toBe(
      'Introduce una dirección http:// o https:// completa, sin usuario ni contraseña.',
    );
    const count = await t.app.deps.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.account_id, s.account.id));
    expect(count).toHaveLength(0);
  });

  it("another account's endpoint answers 404 to every route", async () => {
    const a = await createAccountWithUser(t.app);
    const b = await createAccountWithUser(t.app);
    const endpoint = await createEndpoint(a);
    for (const [method, url] of [
      ['GET', `${BASE}/${endpoint.id}`],
      ['PUT', `${BASE}/${endpoint.id}`],
      ['DELETE', `${BASE}/${endpoint.id}`],
      ['POST', `${BASE}/${endpoint.id}/rotate-secret`],
      ['POST', `${BASE}/${endpoint.id}/test`],
      ['GET', `${BASE}/${endpoint.id}/deliveries`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: b.headers,
        ...(method === 'PUT' ? { payload: { description: 'x' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: BASE, headers: b.headers })).json().data).toEqual([]);
  });
});

describe('delivery', () => {
  it('delivers a sale to each subscribed endpoint once, signed per Standard Webhooks', async () => {
    const s = await createSellingEvent(t.app);
    const orders = await createEndpoint(s, { event_types: ['order.created', 'order.completed'] });
    const people = await createEndpoint(s, {
      event_types: ['attendee.created'],
      url: `${receiver.url}?people`,
    });
    const shortId = await sale(s);
    const got = bodies();
    expect(got.map((b) => b.type).sort()).toEqual([
      'attendee.created',
      'attendee.created',
      'order.completed',
      'order.created',
    ]);
    const completed = got.find((b) => b.type === 'order.completed');
    expect(completed).toMatchObject({
      version: 1,
      account_id: s.account.id,
      data: {
        object: 'order',
        short_id: shortId,
        status: 'COMPLETED',
        total_cents: 5000,
        event_id: s.event.id,
      },
    });
    expect(completed.data.items).toEqual([expect.objectContaining({ quantity: 2, unit_price_cents: 2500 })]);
    for (const r of receiver.received) {
      const secret = r.url.endsWith('?people') ? people.secret : orders.secret;
      expect(verifiedBy([secret], r.headers, r.body)).toEqual([secret]);
      expect(JSON.parse(r.body).id).toBe(r.headers['webhook-id']);
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(r.headers['content-type']).toBe('application/json');
    }
    // A tampered body does not verify.
    const first = at(receiver.received, 0);
    expect(
      verifiedBy([orders.secret, people.secret], first.headers, first.body.replace('COMPLETED', 'CANCELLED')),
    ).toEqual([]);
    const log = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${orders.id}/deliveries`,
      headers: s.headers,
    });
    expect(log.json().meta.total).toBe(2);
    const list = await t.app.inject({ method: 'GET', url: BASE, headers: s.headers });
    const listed = list.json().data.find((e: { id: string }) => e.id === orders.id);
    expect(listed.last_delivery).toEqual({
      status: 'SUCCEEDED',
      response_status: 200,
      created_at: log.json().data[0].created_at,
    });
    expect(log.json().data[0]).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 1,
      response_status: 200,
      response_excerpt: 'ok',
    });
  });

  it('skips endpoints limited to other events, paused endpoints and unsubscribed types', async () => {
    const s = await createSellingEvent(t.app);
    const other = await createSellingEvent(t.app);
    await createEndpoint(s, { event_ids: [s.event.id] });
    await createEndpoint(s, { event_types: ['ticket.updated'] });
    const paused = await createEndpoint(s);
    await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${paused.id}`,
      headers: s.headers,
      payload: { status: 'PAUSED' },
    });
    await sale(s);
    expect(bodies().map((b) => b.type)).toEqual(['order.completed']);
    // An event of the same account that the endpoint is not limited to: nothing.
    const sameAccountEvent = { ...other.event, account_id: s.account.id };
    await t.app.deps.db.execute(
      sql`update events set account_id = ${s.account.id}, organizer_id = ${s.organizer.id} where id = ${other.event.id}`,
    );
    receiver.received.length = 0;
    await sale({ ...s, event: sameAccountEvent });
    expect(receiver.received).toHaveLength(0);
  });

  it('writes each message once per endpoint even when the emit job runs twice', async () => {
    const s = await createSellingEvent(t.app);
    const endpoint = await createEndpoint(s);
    const ticket = await addTicket(t.app, s.event);
    await buyWithTestCard(t.app, s.event, ticket);
    const [job] = await t.app.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, WEBHOOK_EMIT_JOB), sql`${jobs.payload}->>'accountId' = ${s.account.id}`));
    if (!job) throw new Error('no emit job');
    const info = { id: Number(job.id), kind: job.kind, attempts: 1, createdAt: job.created_at };
    // As after a crash between the commit and the job's mark: the handler runs again.
    await fanOut(t.app.deps, job.payload as never, info);
    await fanOut(t.app.deps, job.payload as never, info);
    await t.app.deps.jobs.drain();
    const rows = await t.app.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpoint_id, endpoint.id));
    expect(rows).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('signs with both secrets during a rotation overlap, then with the new one', async () => {
    const s = await createSellingEvent(t.app);
    const created = await createEndpoint(s);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${created.id}/rotate-secret`,
      headers: s.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().data;
    expect(next.secret).not.toBe(created.secret);
    expect(Date.parse(next.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    await sale(s);
    const r = at(receiver.received, 0);
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifiedBy([created.secret, next.secret], r.headers, r.body)).toEqual([
      created.secret,
      next.secret,
    ]);
    // Overlap over: only the new secret signs.
    await t.app.deps.db
      .update(webhookEndpoints)
      .set({ previous_secret_expires_at: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, created.id));
    receiver.received.length = 0;
    await sale(s);
    const after = at(receiver.received, 0);
    expect(verifiedBy([created.secret, next.secret], after.headers, after.body)).toEqual([next.secret]);
  });

  it('410 Gone disables the endpoint and stops retrying', async () => {
    const s = await createSellingEvent(t.app);
    const endpoint = await createEndpoint(s);
    receiver.respond = (_req, res) => {
      res.statusCode = 410;
      res.end('gone');
    };
    await sale(s);
    const got = (
      await t.app.inject({ method: 'GET', url: `${BASE}/${endpoint.id}`, headers: s.headers })
    ).json().data;
    expect(got).toMatchObject({ status: 'DISABLED', status_reason: 'GONE' });
    const [delivery] = await t.app.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpoint_id, endpoint.id));
    expect(delivery).toMatchObject({ status: 'FAILED', response_status: 410, attempts: 1 });
    const pending = await t.app.deps.db.execute(
      sql`select count(*)::int as n from jobs where kind = 'webhooks.deliver' and completed_at is null and failed_at is null and payload->>'deliveryId' = ${delivery?.id}`,
    );
    expect((pending as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0).toBe(0);
  });

  it('a failure is logged and retried with back-off; repeated failures pause the endpoint and e-mail the admins; resuming re-sends', async () => {
    const s = await createSellingEvent(t.app);
    const endpoint = await createEndpoint(s);
    receiver.respond = (_req, res) => {
      res.statusCode = 503;
      res.end('maintenance '.repeat(200));
    };
    await sale(s);
    const [delivery] = await t.app.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpoint_id, endpoint.id));
    expect(delivery).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      response_status: 503,
      error: 'HTTP 503',
    });
    expect(delivery?.response_excerpt).toHaveLength(1000);
    const [job] = await t.app.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhooks.deliver'), sql`${jobs.payload}->>'deliveryId' = ${delivery?.id}`));
    const delay = (job?.run_at.getTime() ?? 0) - Date.now();
    expect(delay).toBeGreaterThan(3000);
    expect(delay).toBeLessThan(6000);

    // 19 failures in a row already: the next one pauses it.
    await t.app.deps.db
      .update(webhookEndpoints)
      .set({ consecutive_failures: 19 })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await t.app.deps.db
      .update(jobs)
      .set({ run_at: new Date() })
      .where(eq(jobs.id, job?.id ?? 0));
    await t.app.deps.jobs.drain();
    const paused = (
      await t.app.inject({ method: 'GET', url: `${BASE}/${endpoint.id}`, headers: s.headers })
    ).json().data;
    expect(paused).toMatchObject({ status: 'PAUSED', status_reason: 'FAILING', consecutive_failures: 20 });
    const mails = (await takeMail(t.app)).filter((m) => m.subject.startsWith('Webhook'));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [s.user.email, `Webhook en pausa: ${receiver.url}`],
    ]);
    // The retry that comes while paused is not sent.
    await t.app.deps.db
      .update(jobs)
      .set({ run_at: new Date() })
      .where(eq(jobs.id, job?.id ?? 0));
    receiver.received.length = 0;
    await t.app.deps.jobs.drain();
    expect(receiver.received).toHaveLength(0);

    receiver.respond = (_req, res) => res.end('ok');
    const resumed = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${endpoint.id}`,
      headers: s.headers,
      payload: { status: 'ACTIVE' },
    });
    expect(resumed.json().data).toMatchObject({
      status: 'ACTIVE',
      status_reason: null,
      consecutive_failures: 0,
    });
    await t.app.deps.jobs.drain();
    expect(bodies().map((b) => b.id)).toEqual([delivery?.message_id]);
  });

  it('«Reenviar» sends the same message again and «Enviar prueba» sends a webhook.test', async () => {
    const s = await createSellingEvent(t.app);
    const endpoint = await createEndpoint(s);
    await sale(s);
    const [delivery] = await t.app.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpoint_id, endpoint.id));
    const resent = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${endpoint.id}/deliveries/${delivery?.id}/resend`,
      headers: s.headers,
    });
    expect(resent.statusCode).toBe(202);
    await t.app.deps.jobs.drain();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      delivery?.message_id,
      delivery?.message_id,
    ]);
    expect(at(receiver.received, 1).body).toBe(at(receiver.received, 0).body);

    const test = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${endpoint.id}/test`,
      headers: s.headers,
    });
    expect(test.statusCode).toBe(202);
    await t.app.deps.jobs.drain();
    expect(JSON.parse(at(receiver.received, 2).body)).toMatchObject({
      type: 'webhook.test',
      data: { object: 'test', endpoint_id: endpoint.id },
    });
    const log = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${endpoint.id}/deliveries?filter_fields[event_type][eq]=webhook.test`,
      headers: s.headers,
    });
    expect(log.json().data).toEqual([
      expect.objectContaining({ event_type: 'webhook.test', status: 'SUCCEEDED' }),
    ]);
  });

  it('keeps the delivery log 30 days', async () => {
    const s = await createSellingEvent(t.app);
    const endpoint = await createEndpoint(s);
    await sale(s);
    await t.app.deps.db
      .update(webhookDeliveries)
      .set({ created_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(webhookDeliveries.endpoint_id, endpoint.id));
    await t.app.inject({ method: 'POST', url: `${BASE}/${endpoint.id}/test`, headers: s.headers });
    await t.app.deps.db.update(jobs).set({ run_at: new Date() }).where(eq(jobs.kind, 'webhooks.retention'));
    await t.app.deps.jobs.drain();
    const log = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${endpoint.id}/deliveries`,
      headers: s.headers,
    });
    expect(log.json().data.map((d: { event_type: string }) => d.event_type)).toEqual(['webhook.test']);
  });
});

describe('retries', () => {
  /** The delivery job of the endpoint's only delivery, and the delivery. */
  async function pending(endpointId: string) {
    const [delivery] = await t.app.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpoint_id, endpointId));
    const [job] = await t.app.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhooks.deliver'), sql`${jobs.payload}->>'deliveryId' = ${delivery?.id}`));
    if (!delivery || !job) throw new Error('no delivery');
    return { delivery, job };
  }
  const runNow = (jobId: number) =>
    t.app.deps.db.update(jobs).set({ run_at: new Date() }).where(eq(jobs.id, jobId));

  it('an endpoint that does not answer within 10 s is a failed attempt, logged with its duration', async () => {
    const s = await createSellingEvent(t.app);
    const endpoint = await createEndpoint(s);
    receiver.respond = () => {};
    await sale(s);
    const { delivery } = await pending(endpoint.id);
    expect(delivery).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      response_status: null,
      error: 'no answer within 10000 ms',
    });
    expect(delivery.duration_ms).toBeGreaterThanOrEqual(9900);
    expect(delivery.duration_ms).toBeLessThan(15_000);
    expect(receiver.received).toHaveLength(1);
    // Its retry (due in 5 s) would reach the receiver during a later test: the endpoint goes, and its log.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/${endpoint.id}`,
      headers: s.headers,
    });
    expect(deleted.statusCode).toBe(204);
  }, 30_000);

  it('waits twice as long after each failure, and after 3 days of failing marks the delivery FAILED', async () => {
    const s = await createSellingEvent(t.app);
    const endpoint = await createEndpoint(s);
    receiver.respond = (_req, res) => {
      res.statusCode = 500;
      res.end('boom');
    };
    await sale(s);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { job } = await pending(endpoint.id);
      delays.push((job.run_at.getTime() - Date.now()) / 1000);
      await runNow(job.id);
      await t.app.deps.jobs.drain();
    }
    // 5 s, 10 s, 20 s (a little less: the clock moved since the attempt).
    expect(delays.map(Math.round)).toEqual([5, 10, 20]);
    const { delivery, job } = await pending(endpoint.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 4 });

    // The message has been failing for 3 days: this attempt is the last one.
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000 - 1000);
    await t.app.deps.db
      .update(jobs)
      .set({ run_at: new Date(), created_at: threeDaysAgo, failing_since: threeDaysAgo })
      .where(eq(jobs.id, job.id));
    await t.app.deps.jobs.drain();
    const last = await pending(endpoint.id);
    expect(last.delivery).toMatchObject({ status: 'FAILED', attempts: 5, response_status: 500 });
    expect(last.job.failed_at).not.toBeNull();
    receiver.received.length = 0;
    await runNow(job.id);
    await t.app.deps.jobs.drain();
    expect(receiver.received).toHaveLength(0);
  });
});

describe('emitted where the state changes', () => {
  it('attendee, check-in, refund, cancellation and event changes each send their type', async () => {
    const s = await createSellingEvent(t.app, { status: 'DRAFT' });
    const ticket = await addTicket(t.app, s.event);
    await createEndpoint(s, {
      event_types: [
        'event.published',
        'attendee.updated',
        'checkin.created',
        'checkin.undone',
        'order.refunded',
        'order.cancelled',
        'attendee.cancelled',
      ],
    });
    const live = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/status`,
      headers: s.headers,
      payload: { status: 'LIVE' },
    });
    expect(live.statusCode, live.body).toBe(200);
    const shortId = await buyWithTestCard(t.app, s.event, ticket);
    const [order] = await t.app.deps.db
      .execute(sql`select id from orders where short_id = ${shortId}`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    const [attendee] = await t.app.deps.db
      .execute(sql`select id, short_id from attendees where order_id = ${order?.id}`)
      .then((r) => (r as unknown as { rows: { id: string; short_id: string }[] }).rows);
    const eventUrl = `/api/events/${s.event.id}`;
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `${eventUrl}/attendees/${attendee?.id}`,
      headers: s.headers,
      payload: { first_name: 'Lucía', last_name: 'Martín Ruiz', email: 'lucia@example.com' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const list = await t.app.inject({
      method: 'POST',
      url: `${eventUrl}/check-in-lists`,
      headers: s.headers,
      payload: { name: 'Puerta' },
    });
    const door = `/api/public/check-in-lists/${list.json().data.short_id}`;
    const scan = await t.app.inject({
      method: 'POST',
      url: `${door}/check-ins`,
      payload: {
        check_ins: [
          { client_id: 'scan-0001', code: attendee?.short_id, scanned_at: new Date().toISOString() },
        ],
      },
    });
    expect(scan.json().data[0].verdict, scan.body).toBe('ADMITTED');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${door}/check-ins/${attendee?.short_id}` })).statusCode,
    ).toBe(200);
    const refund = await t.app.inject({
      method: 'POST',
      url: `${eventUrl}/orders/${order?.id}/refund`,
      headers: s.headers,
      payload: { amount_cents: 2500, notify_buyer: false, cancel_order: true },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.app.deps.jobs.drain();
    const got = bodies();
    expect(got.map((b) => b.type)).toEqual([
      'event.published',
      'attendee.updated',
      'checkin.created',
      'checkin.undone',
      ...(got.findIndex((b) => b.type === 'order.refunded') <
      got.findIndex((b) => b.type === 'order.cancelled')
        ? ['order.refunded', 'order.cancelled', 'attendee.cancelled']
        : ['order.cancelled', 'attendee.cancelled', 'order.refunded']),
    ]);
    const byType = Object.fromEntries(got.map((b) => [b.type, b.data]));
    expect(byType['event.published']).toMatchObject({ object: 'event', id: s.event.id, status: 'LIVE' });
    expect(byType['attendee.updated']).toMatchObject({ object: 'attendee', last_name: 'Martín Ruiz' });
    expect(byType['checkin.created']).toMatchObject({ object: 'check_in', attendee_id: attendee?.id });
    expect(byType['checkin.undone']).toMatchObject({ object: 'check_in', checked_in_at: null });
    expect(byType['order.refunded']).toMatchObject({ object: 'order', refund_status: 'REFUNDED' });
  });
  it('order edits, event and ticket changes and the waiting list send theirs', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, {
      waitlist_enabled: true,
      prices: [{ price_cents: 2500, quantity: 1 }],
    });
    await createEndpoint(s, {
      event_types: [
        'order.updated',
        'event.updated',
        'ticket.updated',
        'waitlist_entry.created',
        'waitlist_entry.offered',
      ],
    });
    const shortId = await buyWithTestCard(t.app, s.event, ticket);
    const [order] = await t.app.deps.db
      .execute(sql`select id from orders where short_id = ${shortId}`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    const eventUrl = `/api/events/${s.event.id}`;
    const edit = (payload: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: `${eventUrl}/orders/${order?.id}`, headers: s.headers, payload });
    // The same details again change nothing, so they send nothing; new ones send one order.updated.
    expect(
      (await edit({ first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' })).statusCode,
    ).toBe(200);
    const edited = await edit({ first_name: 'Lucía', last_name: 'Martín Ruiz', email: 'lmr@example.com' });
    expect(edited.statusCode, edited.body).toBe(200);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: eventUrl,
      headers: s.headers,
      payload: { name: 'Concierto de Invierno' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.event.id}/waitlist`,
      payload: {
        ticket_id: ticket.id,
        first_name: 'Pau',
        email: 'pau@example.com',
        quantity: 1,
        consent: true,
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    // A message carries the resource as it is when it is built: built now, the entry is still waiting.
    await t.app.deps.jobs.drain();
    // One more unit: the ticket changed and the waiting list's first entry is offered it.
    const more = await t.app.inject({
      method: 'PUT',
      url: `${eventUrl}/tickets/${ticket.id}`,
      headers: s.headers,
      payload: {
        name: ticket.name,
        type: 'PAID',
        waitlist_enabled: true,
        prices: [{ id: at(ticket.prices, 0).id, price_cents: 2500, quantity: 2 }],
      },
    });
    expect(more.statusCode, more.body).toBe(200);
    await t.app.deps.jobs.drain();
    const byType = Object.fromEntries(bodies().map((b) => [b.type, b]));
    expect(Object.keys(byType).sort()).toEqual([
      'event.updated',
      'order.updated',
      'ticket.updated',
      'waitlist_entry.created',
      'waitlist_entry.offered',
    ]);
    expect(byType['order.updated'].data).toMatchObject({ object: 'order', id: order?.id });
    expect(bodies().filter((b) => b.type === 'order.updated')).toHaveLength(1);
    expect(JSON.stringify(byType['order.updated'].data)).toContain('lmr@example.com');
    expect(byType['event.updated'].data).toMatchObject({ object: 'event', name: 'Concierto de Invierno' });
    expect(byType['ticket.updated'].data).toMatchObject({ object: 'ticket', id: ticket.id });
    expect(byType['waitlist_entry.created'].data).toMatchObject({
      object: 'waitlist_entry',
      state: 'WAITING',
    });
    expect(byType['waitlist_entry.offered'].data).toMatchObject({
      object: 'waitlist_entry',
      state: 'OFFERED',
    });
    for (const b of bodies()) expect(b).toMatchObject({ version: 1, account_id: s.account.id });
  });
});
