import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, jobs, orderActivities, orderRefunds, orders, payments } from '../../db/schema/index.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addPromoCode, addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';
import {
  formMetadata,
  postStripeEvent,
  type StripeApiStub,
  type StubAnswer,
  type StubCall,
  startStripeApiStub,
  stripeEnv,
  stripeNotFound,
} from '../../test/stripe-stub.ts';

/** Stripe's API is the local stub of test/stripe-stub.ts (the one mock); it answers what payments use. */
interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { code: string };
}
const intents = new Map<string, StubIntent>();
const refunds: { payment_intent: string }[] = [];

function answer({ method, url, form }: StubCall): StubAnswer {
  if (method === 'POST' && url === '/v1/payment_intents' && form.get('amount') === '666') {
    return [402, { error: { type: 'card_error', code: 'account_invalid', message: 'stub: refused' } }];
  }
  if (method === 'POST' && url === '/v1/payment_intents') {
    const id = `pi_${randomBase62(14)}`;
    const intent: StubIntent = {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      amount_received: 0,
      currency: String(form.get('currency')),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBase62(10)}`,
      metadata: formMetadata(form),
      last_payment_error: null,
    };
    intents.set(id, intent);
    return [200, intent];
  }
  const get = /^\/v1\/payment_intents\/([\w]+)$/.exec(url);
  if (method === 'GET' && get) {
    const intent = intents.get(at(get, 1));
    return intent ? [200, intent] : stripeNotFound;
  }
  if (method === 'POST' && url === '/v1/refunds') {
    const pi = String(form.get('payment_intent'));
    refunds.push({ payment_intent: pi });
    return [200, { id: `re_${randomBase62(10)}`, object: 'refund', status: 'succeeded', payment_intent: pi }];
  }
  return undefined;
}

const WEBHOOK_SECRET = 'whsec_test_taquilla';
let stub: StripeApiStub;
let t: TestApp;

beforeAll(async () => {
  stub = await startStripeApiStub(answer);
  t = await createTestApp({ env: stripeEnv(stub.url, WEBHOOK_SECRET) });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

const base = (eventId: string, short: string) => `/api/public/events/${eventId}/order/${short}`;

/** A reserved order with details, ready to pay with Stripe. */
async function readyOrder(opts: { quantity?: number; units?: number } = {}) {
  const { event, headers } = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, event, {
    prices: [{ price_cents: 3000, quantity: opts.units ?? 10 }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/events/${event.id}/order`,
    payload: {
      tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: opts.quantity ?? 1 }],
    },
  });
  const short = res.json().data.short_id as string;
  await t.app.inject({ method: 'PUT', url: base(event.id, short), payload: buyer });
  return { event, ticket, short, headers };
}

async function startStripe(eventId: string, short: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base(eventId, short)}/payment`,
    payload: { provider: 'stripe' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    order: { status: string };
    stripe: { client_secret: string; publishable_key: string };
  };
}

const webhook = (type: string, intent: StubIntent, opts: { id?: string; secret?: string } = {}) =>
  postStripeEvent(t.app, {
    url: '/api/public/webhooks/stripe',
    secret: opts.secret ?? WEBHOOK_SECRET,
    type,
    object: intent,
    id: opts.id,
  });

const intentOf = (clientSecret: string) => intents.get(at(clientSecret.split('_secret_'), 0))!;
const succeed = (intent: StubIntent) =>
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
const orderRow = async (short: string) =>
  one(await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short)));

describe('stripe payments', () => {
  it('starts a PaymentIntent for the server-computed total and reuses it on a second call', async () => {
    const { event, short } = await readyOrder({ quantity: 2 });
    const first = await startStripe(event.id, short);
    expect(first.stripe.publishable_key).toBe('pk_test_taquilla');
    const intent = intentOf(first.stripe.client_secret);
    expect(intent).toMatchObject({ amount: 6000, currency: 'eur' });
    expect(intent.metadata.order_short_id).toBe(short);
    const second = await startStripe(event.id, short);
    expect(second.stripe.client_secret).toBe(first.stripe.client_secret);
    const row = await orderRow(short);
    expect(row).toMatchObject({
      status: 'RESERVED',
      payment_status: 'AWAITING_PAYMENT',
      payment_provider: 'stripe',
    });
  });

  it('a signed payment_intent.succeeded webhook completes the order once; replays and bad signatures change nothing', async () => {
    const { event, short } = await readyOrder({ quantity: 2 });
    const intent = intentOf((await startStripe(event.id, short)).stripe.client_secret);

    const forged = await webhook('payment_intent.succeeded', succeed({ ...intent }), {
      secret: 'whsec_wrong',
    });
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/public/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: intent } }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderRow(short)).status).toBe('RESERVED');

    succeed(intent);
    const id = `evt_${randomBase62(14)}`;
    const ok = await webhook('payment_intent.succeeded', intent, { id });
    expect(ok.statusCode).toBe(200);
    const done = await orderRow(short);
    expect(done).toMatchObject({ status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED' });

    const replay = await webhook('payment_intent.succeeded', intent, { id });
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // A different delivery of the same outcome (new event id) is idempotent too.
    await webhook('payment_intent.succeeded', intent);
    const list = await t.app.deps.db.select().from(attendees).where(eq(attendees.order_id, done.id));
    expect(list).toHaveLength(2);
    const mails = await t.app.deps.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'email.send' and ${jobs.payload}->>'text' like ${`%${short}%`}`);
    expect(mails).toHaveLength(1);
    const pays = await t.app.deps.db.select().from(payments).where(eq(payments.order_id, done.id));
    expect(pays.map((p) => p.status)).toEqual(['SUCCEEDED']);
  });

  it('out of order: a failure reported after the success does not undo it; a success after a failure completes', async () => {
    const a = await readyOrder();
    const ia = succeed(intentOf((await startStripe(a.event.id, a.short)).stripe.client_secret));
    await webhook('payment_intent.succeeded', ia);
    await webhook('payment_intent.payment_failed', {
      ...ia,
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });
    expect((await orderRow(a.short)).status).toBe('COMPLETED');

    const b = await readyOrder();
    const ib = intentOf((await startStripe(b.event.id, b.short)).stripe.client_secret);
    await webhook('payment_intent.payment_failed', {
      ...ib,
      last_payment_error: { code: 'card_declined' },
    });
    expect(await orderRow(b.short)).toMatchObject({ status: 'RESERVED', payment_status: 'PAYMENT_FAILED' });
    await webhook('payment_intent.succeeded', succeed(ib));
    expect((await orderRow(b.short)).status).toBe('COMPLETED');
  });

  it('the return page asks the server, which retrieves the PaymentIntent and decides', async () => {
    const { event, short } = await readyOrder();
    const intent = intentOf((await startStripe(event.id, short)).stripe.client_secret);
    const pending = await t.app.inject({ method: 'POST', url: `${base(event.id, short)}/payment/refresh` });
    expect(pending.json().data.status).toBe('RESERVED');
    succeed(intent);
    const paid = await t.app.inject({ method: 'POST', url: `${base(event.id, short)}/payment/refresh` });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED' });
    expect(paid.json().data.attendees[0].qr_svg).toContain('<svg');
  });

  it('a payment after the reservation expired completes the order when the units are still free', async () => {
    const { event, short } = await readyOrder({ units: 1 });
    const intent = intentOf((await startStripe(event.id, short)).stripe.client_secret);
    await t.app.deps.db.execute(
      sql`update orders set reserved_until = now() - interval '1 minute' where short_id = ${short}`,
    );
    await webhook('payment_intent.succeeded', succeed(intent));
    expect(await orderRow(short)).toMatchObject({ status: 'COMPLETED', refund_status: null });
  });

  it('a payment after the reservation expired and the units sold out is refunded automatically and the buyer told', async () => {
    const { event, ticket, short } = await readyOrder({ units: 1 });
    const intent = intentOf((await startStripe(event.id, short)).stripe.client_secret);
    await t.app.deps.db.execute(
      sql`update orders set reserved_until = now() - interval '1 minute' where short_id = ${short}`,
    );
    // Someone else takes the last unit meanwhile.
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${event.id}/order`,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
    });
    expect(other.statusCode).toBe(201);

    await webhook('payment_intent.succeeded', succeed(intent));
    const row = await orderRow(short);
    expect(row).toMatchObject({
      status: 'CANCELLED',
      payment_status: 'PAYMENT_RECEIVED',
      refund_status: 'REFUNDED',
    });
    expect(refunds.map((r) => r.payment_intent)).toContain(intent.id);
    // Like every refund: a row through the provider that took the money, settled in one place.
    const payment = one(await t.app.deps.db.select().from(payments).where(eq(payments.order_id, row.id)));
    expect(payment.status).toBe('SUCCEEDED');
    const refundRows = await t.app.deps.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.order_id, row.id));
    expect(refundRows).toEqual([
      expect.objectContaining({
        payment_id: payment.id,
        provider: 'stripe',
        status: 'SUCCEEDED',
        amount_cents: 3000,
        reason: 'LATE_PAYMENT',
        created_by: null,
      }),
    ]);
    const log = await t.app.deps.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.order_id, row.id));
    expect(log.map((a) => a.kind)).toEqual(['REFUND_REQUESTED', 'REFUNDED', 'EMAIL_QUEUED']);
    const refundMail = await t.app.deps.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'email.send' and ${jobs.payload}->>'subject' like 'Hemos devuelto%'`);
    expect(refundMail).toHaveLength(1);
    expect(String(refundMail[0]?.payload.text)).toContain('tu reserva ya había caducado');
    // The buyer's page shows what happened instead of "expired".
    const page = await t.app.inject({ method: 'GET', url: base(event.id, short) });
    expect(page.json().data).toMatchObject({ status: 'CANCELLED', refund_status: 'REFUNDED' });
    // Replaying the success does not refund twice.
    await webhook('payment_intent.succeeded', intent);
    expect(refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });

  it('a second payment of a paid order goes back through a refund row; the order stays paid, the buyer is told once', async () => {
    const { event, short, headers } = await readyOrder();
    // A first attempt is declined; the buyer tries again and pays; then the first one goes through after all.
    const first = intentOf((await startStripe(event.id, short)).stripe.client_secret);
    await webhook('payment_intent.payment_failed', {
      ...first,
      last_payment_error: { code: 'card_declined' },
    });
    const second = intentOf((await startStripe(event.id, short)).stripe.client_secret);
    expect(second.id).not.toBe(first.id);
    await webhook('payment_intent.succeeded', succeed(second));
    await webhook('payment_intent.succeeded', succeed(first));
    await webhook('payment_intent.succeeded', first);

    const row = await orderRow(short);
    expect(row).toMatchObject({
      status: 'COMPLETED',
      payment_status: 'PAYMENT_RECEIVED',
      refund_status: null,
    });
    expect(refunds.filter((r) => r.payment_intent === first.id)).toHaveLength(1);
    expect(refunds.map((r) => r.payment_intent)).not.toContain(second.id);
    const detail = await t.app.inject({ url: `/api/events/${event.id}/orders/${row.id}`, headers });
    expect(detail.json().data).toMatchObject({ refund_status: null, refundable_cents: 3000 });
    const [paidFirst] = detail
      .json()
      .data.payments.filter((p: { provider_ref: string }) => p.provider_ref === first.id);
    expect(detail.json().data.refunds).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        status: 'SUCCEEDED',
        amount_cents: 3000,
        reason: 'DUPLICATE_PAYMENT',
        created_by: null,
      }),
    ]);
    expect(paidFirst.status).toBe('SUCCEEDED');
    // The books: the order was sold once; giving back its second payment is not a refund of the sale.
    const stats = await t.app.inject({ url: `/api/events/${event.id}/stats`, headers });
    expect(stats.json().data.totals).toMatchObject({
      gross_revenue_cents: 3000,
      refunded_cents: 0,
      net_revenue_cents: 3000,
    });
    const mails = await t.app.deps.db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.kind} = 'email.send' and ${jobs.payload}->>'text' like ${`%${short} se pagó dos veces%`}`,
      );
    expect(mails).toHaveLength(1);
  });

  it('a payment after the reservation expired cannot take a promo code use that another order took meanwhile', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 3000, quantity: 10 }] });
    const promo = await addPromoCode(t.app, event, { code: 'SOLOUNO', max_uses: 1 });
    const order = (promoCode: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/events/${event.id}/order`,
        payload: {
          promo_code: promoCode,
          tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }],
        },
      });
    const a = await order('SOLOUNO');
    expect(a.statusCode, a.body).toBe(201);
    const shortA = a.json().data.short_id as string;
    await t.app.inject({ method: 'PUT', url: base(event.id, shortA), payload: buyer });
    const intent = intentOf((await startStripe(event.id, shortA)).stripe.client_secret);
    await t.app.deps.db.execute(
      sql`update orders set reserved_until = now() - interval '1 minute' where short_id = ${shortA}`,
    );
    // A's reservation expired: its use of the code is free again, and B takes it.
    expect((await order('soloUno')).statusCode).toBe(201);

    await webhook('payment_intent.succeeded', succeed(intent));
    expect(await orderRow(shortA)).toMatchObject({
      status: 'CANCELLED',
      payment_status: 'PAYMENT_RECEIVED',
      refund_status: 'REFUNDED',
    });
    expect(refunds.map((r) => r.payment_intent)).toContain(intent.id);
    const uses = await t.app.deps.db
      .select()
      .from(orders)
      .where(sql`${orders.promo_code_id} = ${promo.id} and ${orders.status} <> 'CANCELLED'`);
    expect(uses).toHaveLength(1);
  });

  it('when Stripe refuses to start a payment the buyer gets "payment could not be processed" and may retry', async () => {
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 666 }] });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${event.id}/order`,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
    });
    const short = res.json().data.short_id;
    await t.app.inject({ method: 'PUT', url: base(event.id, short), payload: buyer });
    const pay = await t.app.inject({
      method: 'POST',
      url: `${base(event.id, short)}/payment`,
      payload: { provider: 'stripe' },
    });
    expect(pay.statusCode).toBe(502);
    expect(pay.json().error).toEqual({
      code: 'PAYMENT_NOT_PROCESSED',
      message: 'No se ha podido procesar el pago. Inténtalo de nuevo.',
    });
    expect(await orderRow(short)).toMatchObject({ status: 'RESERVED', payment_status: null });
  });

  it('Stripe is offered only when configured; without keys the webhook does not exist', async () => {
    const bare = await createTestApp();
    try {
      const { event } = await createSellingEvent(bare.app);
      const ticket = await addTicket(bare.app, event);
      const res = await bare.app.inject({
        method: 'POST',
        url: `/api/public/events/${event.id}/order`,
        payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
      });
      expect(res.json().data.payment_providers).toEqual(['test']);
      const hook = await bare.app.inject({ method: 'POST', url: '/api/public/webhooks/stripe', payload: {} });
      expect(hook.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
