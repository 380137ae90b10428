import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, jobs, orders, payments, paymentWebhookEvents } from '../../db/schema/index.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyer } from '../../test/factories/checkout.ts';
import {
  CONNECT_SECRET,
  connectEvent as connectEventOf,
  connectedSeller as connectedSellerOf,
  type StripeConnectStub,
  type StubIntent,
  startStripeConnectStub,
} from '../../test/stripe-connect-stub.ts';
import { postStripeEvent } from '../../test/stripe-stub.ts';

/**
 * Stripe sends the events of direct charges on a connected account only to the Connect endpoint: the
 * payments and refunds of an account selling through its own Stripe account must be applied from there,
 * like the platform's from its own endpoint. Stripe's HTTP API is THE ONE MOCK (test/stripe-connect-stub.ts);
 * events are signed with the SDK's own `generateTestHeaderString`.
 */
const PLATFORM_SECRET = 'whsec_platform_taquilla';
let stub: StripeConnectStub;
let t: TestApp;

beforeAll(async () => {
  stub = await startStripeConnectStub();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_taquilla',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_taquilla',
      STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_URL: stub.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

const connectEvent = (type: string, object: unknown, account: string, id?: string) =>
  connectEventOf(t.app, type, object, account, id);
const connectedSeller = () => connectedSellerOf(t.app, stub);

/** A buyer at the card step: the PaymentIntent made on the connected account. */
async function paying(seller: Awaited<ReturnType<typeof connectedSeller>>, priceCents = 3000) {
  const ticket = await addTicket(t.app, seller.event, {
    prices: [{ price_cents: priceCents, quantity: 10 }],
  });
  const base = `/api/public/events/${seller.event.id}/order`;
  const reserved = await t.app.inject({
    method: 'POST',
    url: base,
    payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
  });
  const short = reserved.json().data.short_id as string;
  await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
  const pay = await t.app.inject({
    method: 'POST',
    url: `${base}/${short}/payment`,
    payload: { provider: 'stripe' },
  });
  const intent = stub.intents.get(String(pay.json().data.stripe.client_secret).split('_secret_')[0] ?? '');
  if (!intent) throw new Error('no intent');
  expect(intent.stripe_account).toBe(seller.stripeAccount);
  return { short, intent };
}

const succeeded = (intent: StubIntent) =>
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
const declined = (intent: StubIntent) => ({
  ...intent,
  status: 'requires_payment_method',
  last_payment_error: { code: 'card_declined' },
});
const orderRow = async (short: string) =>
  one(await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short)));

describe('the Connect webhook applies connected accounts’ payments', () => {
  it('payment_intent.succeeded of a connected account completes the order once; a redelivery is skipped', async () => {
    const seller = await connectedSeller();
    const { short, intent } = await paying(seller);
    const id = `evt_${randomBase62(14)}`;
    const first = await connectEvent('payment_intent.succeeded', succeeded(intent), seller.stripeAccount, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const done = await orderRow(short);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      payment_status: 'PAYMENT_RECEIVED',
      payment_provider: 'stripe',
    });

    const again = await connectEvent('payment_intent.succeeded', intent, seller.stripeAccount, id);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    // Another delivery of the same outcome under a new event id changes nothing either.
    await connectEvent('payment_intent.succeeded', intent, seller.stripeAccount);
    expect(await t.app.deps.db.select().from(attendees).where(eq(attendees.order_id, done.id))).toHaveLength(
      1,
    );
    const pays = await t.app.deps.db.select().from(payments).where(eq(payments.order_id, done.id));
    expect(pays.map((p) => p.status)).toEqual(['SUCCEEDED']);
    const mails = await t.app.deps.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'email.send' and ${jobs.payload}->>'text' like ${`%${short}%`}`);
    expect(mails).toHaveLength(1);
    const recorded = await t.app.deps.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.event_id, id));
    expect(recorded).toHaveLength(1);
  });

  it('a signature made with the other endpoint’s secret is refused and changes nothing', async () => {
    const seller = await connectedSeller();
    const { short, intent } = await paying(seller);
    const forged = await postStripeEvent(t.app, {
      url: '/api/public/webhooks/stripe-connect',
      secret: PLATFORM_SECRET,
      type: 'payment_intent.succeeded',
      object: succeeded(intent),
      account: seller.stripeAccount,
    });
    expect(forged.statusCode).toBe(400);
    expect((await orderRow(short)).status).toBe('RESERVED');
  });

  it('a failure leaves the order payable; out of order, a failure after the success changes nothing and a success after a failure completes', async () => {
    const seller = await connectedSeller();
    const a = await paying(seller);
    await connectEvent('payment_intent.payment_failed', declined(a.intent), seller.stripeAccount);
    expect(await orderRow(a.short)).toMatchObject({ status: 'RESERVED', payment_status: 'PAYMENT_FAILED' });
    await connectEvent('payment_intent.succeeded', succeeded(a.intent), seller.stripeAccount);
    expect(await orderRow(a.short)).toMatchObject({
      status: 'COMPLETED',
      payment_status: 'PAYMENT_RECEIVED',
    });

    const b = await paying(seller);
    await connectEvent('payment_intent.succeeded', succeeded(b.intent), seller.stripeAccount);
    await connectEvent('payment_intent.payment_failed', declined(b.intent), seller.stripeAccount);
    await connectEvent('payment_intent.canceled', { ...b.intent, status: 'canceled' }, seller.stripeAccount);
    expect(await orderRow(b.short)).toMatchObject({
      status: 'COMPLETED',
      payment_status: 'PAYMENT_RECEIVED',
    });
    const row = await orderRow(b.short);
    const pays = await t.app.deps.db.select().from(payments).where(eq(payments.order_id, row.id));
    expect(pays.map((p) => p.status)).toEqual(['SUCCEEDED']);
  });

  it('a refund of a connected account’s payment is made on that account and settled by charge.refunded through the Connect endpoint', async () => {
    const seller = await connectedSeller();
    const { short, intent } = await paying(seller);
    await connectEvent('payment_intent.succeeded', succeeded(intent), seller.stripeAccount);
    const order = await orderRow(short);
    const url = `/api/events/${seller.event.id}/orders/${order.id}`;

    const asked = await t.app.inject({
      method: 'POST',
      url: `${url}/refund`,
      headers: seller.headers,
      payload: { amount_cents: 1000, notify_buyer: true },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data.refund_status).toBe('REFUND_PENDING');
    const [row] = asked.json().data.refunds;
    const sent = stub.refunds.get(row.provider_ref);
    expect(sent).toMatchObject({
      amount: 1000,
      payment_intent: intent.id,
      stripe_account: seller.stripeAccount,
    });

    if (sent) sent.status = 'succeeded';
    const charge = { id: `ch_${randomBase62(10)}`, object: 'charge', payment_intent: intent.id };
    const eventId = `evt_${randomBase62(14)}`;
    expect((await connectEvent('charge.refunded', charge, seller.stripeAccount, eventId)).statusCode).toBe(
      200,
    );
    const detail = (await t.app.inject({ url, headers: seller.headers })).json().data;
    expect(detail).toMatchObject({ refund_status: 'PARTIALLY_REFUNDED', refundable_cents: 2000 });
    expect(detail.refunds[0]).toMatchObject({ status: 'SUCCEEDED', amount_cents: 1000 });
    expect(detail.activity.map((a: { kind: string }) => a.kind)).toEqual(
      expect.arrayContaining(['REFUND_REQUESTED', 'REFUNDED', 'EMAIL_QUEUED']),
    );
    // Redelivered: applied once (one refund e-mail).
    const replay = await connectEvent('charge.refunded', charge, seller.stripeAccount, eventId);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const mails = await t.app.deps.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'email.send' and ${jobs.payload}->>'subject' like 'Te hemos devuelto%'`);
    expect(mails.filter((m) => String(m.payload.text).includes(short))).toHaveLength(1);

    // The rest: refund.updated names the refund itself; it settles the same way.
    const rest = await t.app.inject({
      method: 'POST',
      url: `${url}/refund`,
      headers: seller.headers,
      payload: { amount_cents: 2000 },
    });
    const restRefund = stub.refunds.get(rest.json().data.refunds[1].provider_ref);
    if (!restRefund) throw new Error('no refund');
    await connectEvent('refund.updated', { ...restRefund, status: 'succeeded' }, seller.stripeAccount);
    const settled = (await t.app.inject({ url, headers: seller.headers })).json().data;
    expect(settled).toMatchObject({ refund_status: 'REFUNDED', refundable_cents: 0 });
  });
});
