import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, jobs, orderRefunds, orders, payments } from '../../db/schema/index.ts';
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
import { RECONCILE_JOB, reconcilePayments, registerPaymentReconciliation } from './payment-reconciliation.ts';

/**
 * The backstop for a webhook that never arrives: the reconciliation job asks Stripe about payments still
 * pending a few minutes after they started and applies the answer the webhook would have brought. Stripe's
 * HTTP API is THE ONE MOCK (test/stripe-connect-stub.ts); payments are made on a connected account, so
 * every question must be asked on that account.
 */
let stub: StripeConnectStub;
let t: TestApp;

beforeAll(async () => {
  stub = await startStripeConnectStub();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_taquilla',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_taquilla',
      STRIPE_WEBHOOK_SECRET: 'whsec_platform_taquilla',
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_URL: stub.url,
      PAYMENT_RECONCILE_AFTER_MINUTES: '5',
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

type Seller = Awaited<ReturnType<typeof connectedSeller>>;

const reserve = (seller: Seller, ticket: { id: string; prices: { id: string }[] }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/events/${seller.event.id}/order`,
    payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
  });

/** A buyer who reached the card step (a PaymentIntent on the connected account) and then vanished. */
async function paying(seller: Seller, units = 10) {
  const ticket = await addTicket(t.app, seller.event, { prices: [{ price_cents: 3000, quantity: units }] });
  const short = (await reserve(seller, ticket)).json().data.short_id as string;
  const base = `/api/public/events/${seller.event.id}/order/${short}`;
  await t.app.inject({ method: 'PUT', url: base, payload: buyer });
  const pay = await t.app.inject({ method: 'POST', url: `${base}/payment`, payload: { provider: 'stripe' } });
  const intent = stub.intents.get(String(pay.json().data.stripe.client_secret).split('_secret_')[0] ?? '');
  if (!intent) throw new Error('no intent');
  return { short, intent, ticket };
}

/** The payment started minutes ago (older than PAYMENT_RECONCILE_AFTER_MINUTES). */
const startedLongAgo = (intent: StubIntent) =>
  t.app.deps.db.execute(
    sql`update payments set created_at = now() - interval '10 minutes' where provider_ref = ${intent.id}`,
  );
const expire = (short: string) =>
  t.app.deps.db.execute(
    sql`update orders set reserved_until = now() - interval '1 minute' where short_id = ${short}`,
  );
const orderRow = async (short: string) =>
  one(await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short)));
const paymentOf = async (intent: StubIntent) =>
  one(await t.app.deps.db.select().from(payments).where(eq(payments.provider_ref, intent.id)));
const succeeded = (intent: StubIntent) =>
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
const pendingRuns = () =>
  t.app.deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, RECONCILE_JOB), isNull(jobs.completed_at), isNull(jobs.failed_at)));

describe('payment reconciliation', () => {
  it('runs as one repeating job, however many processes start it', async () => {
    expect(await pendingRuns()).toHaveLength(1);
    const processes = [t.app.deps, t.app.deps, t.app.deps];
    await Promise.all(processes.map((deps) => registerPaymentReconciliation(deps)));
    expect(await pendingRuns()).toHaveLength(1);
  });

  it('a payment whose webhook never came completes its order, asked on the connected account; a young one waits', async () => {
    const seller = await connectedSeller();
    const { short, intent } = await paying(seller);
    succeeded(intent);
    await reconcilePayments(t.app.deps);
    expect(stub.retrievals.filter((r) => r.id === intent.id)).toHaveLength(0);
    expect((await orderRow(short)).status).toBe('RESERVED');

    await startedLongAgo(intent);
    // Through the queue, as in production: the due run reconciles and queues the next one.
    await t.app.deps.db.update(jobs).set({ run_at: new Date() }).where(eq(jobs.kind, RECONCILE_JOB));
    await t.app.deps.jobs.drain();
    expect(await orderRow(short)).toMatchObject({ status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED' });
    expect(stub.retrievals.filter((r) => r.id === intent.id)).toEqual([
      { id: intent.id, stripe_account: seller.stripeAccount },
    ]);
    const next = await pendingRuns();
    expect(next).toHaveLength(1);
    expect(at(next, 0).run_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('an abandoned payment whose reservation expired is cancelled at Stripe, and its order holds no units', async () => {
    const seller = await connectedSeller();
    const { short, intent, ticket } = await paying(seller, 1);
    await startedLongAgo(intent);
    await expire(short);
    await reconcilePayments(t.app.deps);

    expect(stub.cancellations).toContainEqual({ id: intent.id, stripe_account: seller.stripeAccount });
    expect(intent.status).toBe('canceled');
    expect(await paymentOf(intent)).toMatchObject({ status: 'FAILED' });
    expect(await orderRow(short)).toMatchObject({ status: 'RESERVED', payment_status: 'PAYMENT_FAILED' });
    // Its one unit is for sale again.
    expect((await reserve(seller, ticket)).statusCode).toBe(201);
  });

  it('a pending payment whose reservation is still live is left alone', async () => {
    const seller = await connectedSeller();
    const { short, intent } = await paying(seller);
    await startedLongAgo(intent);
    await reconcilePayments(t.app.deps);
    expect(stub.cancellations.map((c) => c.id)).not.toContain(intent.id);
    expect(await paymentOf(intent)).toMatchObject({ status: 'PENDING' });
    expect(await orderRow(short)).toMatchObject({ status: 'RESERVED', payment_status: 'AWAITING_PAYMENT' });
  });

  it('a payment that goes through while it is being cancelled is honoured as a late payment: units gone, refunded on the connected account', async () => {
    const seller = await connectedSeller();
    const { short, intent, ticket } = await paying(seller, 1);
    await startedLongAgo(intent);
    await expire(short);
    expect((await reserve(seller, ticket)).statusCode).toBe(201);
    // Stripe says "pending" to the check, then the buyer's payment goes through before the cancel.
    intent.then_status = 'succeeded';
    await reconcilePayments(t.app.deps);

    expect(intent.status).toBe('succeeded');
    const order = await orderRow(short);
    expect(order).toMatchObject({
      status: 'CANCELLED',
      payment_status: 'PAYMENT_RECEIVED',
      refund_status: 'REFUND_PENDING',
    });
    const refunds = [...stub.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 3000, stripe_account: seller.stripeAccount, status: 'pending' }),
    ]);
    const [row] = await t.app.deps.db.select().from(orderRefunds).where(eq(orderRefunds.order_id, order.id));
    expect(row).toMatchObject({
      status: 'PENDING',
      reason: 'LATE_PAYMENT',
      created_by: null,
      provider_ref: refunds[0]?.id,
    });

    // Stripe settles it later through the Connect webhook; the buyer is told once.
    Object.assign(at(refunds, 0), { status: 'succeeded' });
    const charge = { id: `ch_${randomBase62(10)}`, object: 'charge', payment_intent: intent.id };
    await connectEvent('charge.refunded', charge, seller.stripeAccount);
    expect(await orderRow(short)).toMatchObject({ status: 'CANCELLED', refund_status: 'REFUNDED' });
    const mails = await t.app.deps.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'email.send' and ${jobs.payload}->>'subject' like 'Hemos devuelto%'`);
    expect(
      mails.filter((m) => m.payload.to === buyer.email && String(m.payload.text).includes('caducado')),
    ).toHaveLength(1);
  });

  it('a payment Stripe cannot answer about does not hold up the others, and waits its turn', async () => {
    const seller = await connectedSeller();
    const lost = await paying(seller);
    const paid = await paying(seller);
    succeeded(paid.intent);
    stub.intents.delete(lost.intent.id);
    for (const p of [lost, paid]) await startedLongAgo(p.intent);
    const before = (await paymentOf(lost.intent)).updated_at;
    await reconcilePayments(t.app.deps);
    expect((await orderRow(paid.short)).status).toBe('COMPLETED');
    const still = await paymentOf(lost.intent);
    expect(still.status).toBe('PENDING');
    expect(still.updated_at.getTime()).toBeGreaterThan(before.getTime());
  });

  it('several runs at once apply each payment once', async () => {
    const seller = await connectedSeller();
    const paid = await paying(seller);
    succeeded(paid.intent);
    const late = await paying(seller, 1);
    succeeded(late.intent);
    await expire(late.short);
    expect((await reserve(seller, late.ticket)).statusCode).toBe(201);
    const abandoned = await paying(seller);
    await expire(abandoned.short);
    for (const p of [paid, late, abandoned]) await startedLongAgo(p.intent);

    await Promise.all([
      reconcilePayments(t.app.deps),
      reconcilePayments(t.app.deps),
      reconcilePayments(t.app.deps),
    ]);

    const completed = await orderRow(paid.short);
    expect(completed.status).toBe('COMPLETED');
    expect(
      await t.app.deps.db.select().from(attendees).where(eq(attendees.order_id, completed.id)),
    ).toHaveLength(1);
    const confirmations = await t.app.deps.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'email.send' and ${jobs.payload}->>'text' like ${`%${paid.short}%`}`);
    expect(confirmations).toHaveLength(1);

    const cancelled = await orderRow(late.short);
    expect(cancelled.status).toBe('CANCELLED');
    expect([...stub.refunds.values()].filter((r) => r.payment_intent === late.intent.id)).toHaveLength(1);
    expect(
      await t.app.deps.db.select().from(orderRefunds).where(eq(orderRefunds.order_id, cancelled.id)),
    ).toHaveLength(1);

    expect(abandoned.intent.status).toBe('canceled');
    expect(await paymentOf(abandoned.intent)).toMatchObject({ status: 'FAILED' });
  });
});
