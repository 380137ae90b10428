import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRefunds, orders } from '../../db/schema/index.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';
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

/** Stripe's API is the local stub of test/stripe-stub.ts (the one mock); it answers what refunds use. */
interface StubRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: string;
  failure_reason: string | null;
  metadata: Record<string, string>;
}
const intents = new Map<string, { id: string; amount: number; status: string; client_secret: string }>();
const stubRefunds = new Map<string, StubRefund>();

function answer({ method, url, form }: StubCall): StubAnswer {
  if (method === 'POST' && url === '/v1/payment_intents') {
    const id = `pi_${randomBase62(14)}`;
    const intent = {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      amount_received: 0,
      currency: String(form.get('currency')),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBase62(10)}`,
      metadata: {},
      last_payment_error: null,
    };
    intents.set(id, intent);
    return [200, intent];
  }
  if (method === 'POST' && url === '/v1/refunds') {
    // An amount of 13 cents stands for a refund Stripe refuses outright.
    if (form.get('amount') === '13') {
      return [400, { error: { type: 'invalid_request_error', message: 'stub: charge disputed' } }];
    }
    const refund: StubRefund = {
      id: `re_${randomBase62(14)}`,
      object: 'refund',
      amount: Number(form.get('amount')),
      payment_intent: String(form.get('payment_intent')),
      status: 'pending',
      failure_reason: null,
      metadata: formMetadata(form),
    };
    stubRefunds.set(refund.id, refund);
    return [200, refund];
  }
  const list = /^\/v1\/refunds\?(.*)$/.exec(url);
  if (method === 'GET' && list) {
    const intent = new URLSearchParams(list[1]).get('payment_intent');
    const data = [...stubRefunds.values()].filter((r) => r.payment_intent === intent);
    return [200, { object: 'list', data, has_more: false, url: '/v1/refunds' }];
  }
  const get = /^\/v1\/refunds\/(\w+)$/.exec(url);
  if (method === 'GET' && get?.[1]) {
    const refund = stubRefunds.get(get[1]);
    return refund ? [200, refund] : stripeNotFound;
  }
  return undefined;
}

const WEBHOOK_SECRET = 'whsec_test_refunds';
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

const webhook = (type: string, object: unknown, id?: string) =>
  postStripeEvent(t.app, { url: '/api/public/webhooks/stripe', secret: WEBHOOK_SECRET, type, object, id });

/** A 2 × 30,00 € order paid with Stripe (PaymentIntent succeeded through its webhook). */
async function paidWithStripe() {
  const s = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 3000, quantity: 10 }] });
  const base = `/api/public/events/${s.event.id}/order`;
  const reserved = await t.app.inject({
    method: 'POST',
    url: base,
    payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 2 }] },
  });
  const short = reserved.json().data.short_id as string;
  await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
  const pay = await t.app.inject({
    method: 'POST',
    url: `${base}/${short}/payment`,
    payload: { provider: 'stripe' },
  });
  const intent = intents.get(String(pay.json().data.stripe.client_secret).split('_secret_')[0] ?? '');
  if (!intent) throw new Error('no intent');
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
  await webhook('payment_intent.succeeded', intent);
  const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short));
  if (order?.status !== 'COMPLETED') throw new Error('not paid');
  const url = `/api/events/${s.event.id}/orders/${order.id}`;
  const refund = (amount_cents: number, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${url}/refund`,
      headers: s.headers,
      payload: { amount_cents, ...extra },
    });
  const detail = async () => (await t.app.inject({ url, headers: s.headers })).json().data;
  return { ...s, order, intent, refund, detail };
}

const stubRefundOf = (providerRef: string) => {
  const found = stubRefunds.get(providerRef);
  if (!found) throw new Error(`stub has no ${providerRef}`);
  return found;
};

describe('stripe refunds', () => {
  it('stays REFUND_PENDING (blocking another refund) until charge.refunded settles it; replays change nothing', async () => {
    const o = await paidWithStripe();
    const first = await o.refund(1000, { reason: 'Cambio de planes' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.refund_status).toBe('REFUND_PENDING');
    const [row] = first.json().data.refunds;
    expect(row).toMatchObject({ provider: 'stripe', status: 'PENDING', amount_cents: 1000 });
    const sent = stubRefundOf(row.provider_ref);
    expect(sent).toMatchObject({ amount: 1000, payment_intent: o.intent.id });
    expect(sent.metadata.refund_id).toBe(row.id);

    const blocked = await o.refund(500);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe(
      'Este pedido ya tiene una devolución pendiente; espera a que termine.',
    );

    sent.status = 'succeeded';
    const eventId = `evt_${randomBase62(14)}`;
    const hook = await webhook(
      'charge.refunded',
      { id: 'ch_1', object: 'charge', payment_intent: o.intent.id },
      eventId,
    );
    expect(hook.statusCode).toBe(200);
    expect(await o.detail()).toMatchObject({ refund_status: 'PARTIALLY_REFUNDED', refundable_cents: 5000 });
    const replay = await webhook(
      'charge.refunded',
      { id: 'ch_1', object: 'charge', payment_intent: o.intent.id },
      eventId,
    );
    expect(replay.json()).toEqual({ received: true, duplicate: true });

    // The rest, settled through refund.updated; a stale "pending" delivered afterwards changes nothing.
    const rest = await o.refund(5000);
    const restRef = rest.json().data.refunds[1].provider_ref as string;
    const settled = { ...stubRefundOf(restRef), status: 'succeeded' };
    await webhook('refund.updated', settled);
    await webhook('refund.updated', { ...settled, status: 'pending' });
    const done = await o.detail();
    expect(done).toMatchObject({ refund_status: 'REFUNDED', refundable_cents: 0, status: 'COMPLETED' });
    expect(done.refunds.map((r: { status: string }) => r.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
  });

  it('a refund Stripe fails later, or refuses at once, is REFUND_FAILED and may be tried again', async () => {
    const o = await paidWithStripe();
    const pending = await o.refund(2000);
    const ref = pending.json().data.refunds[0].provider_ref as string;
    await webhook('refund.failed', {
      ...stubRefundOf(ref),
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    const failed = await o.detail();
    expect(failed).toMatchObject({ refund_status: 'REFUND_FAILED', refundable_cents: 6000 });
    expect(failed.refunds[0]).toMatchObject({ status: 'FAILED', failure_reason: 'expired_or_canceled_card' });
    expect(failed.activity.map((a: { kind: string }) => a.kind)).toContain('REFUND_FAILED');

    const refused = await o.refund(13);
    expect(refused.json().data.refund_status).toBe('REFUND_FAILED');
    expect(refused.json().data.refunds[1]).toMatchObject({ status: 'FAILED', provider_ref: null });

    const retry = await o.refund(2000, { cancel_order: true });
    expect(retry.json().data).toMatchObject({ refund_status: 'REFUND_PENDING', status: 'CANCELLED' });
  });

  it('a webhook that arrives before the refund id was stored finds the refund by its metadata', async () => {
    const o = await paidWithStripe();
    const res = await o.refund(700);
    const row = res.json().data.refunds[0];
    await t.app.deps.db.update(orderRefunds).set({ provider_ref: null }).where(eq(orderRefunds.id, row.id));
    await webhook('refund.updated', { ...stubRefundOf(row.provider_ref), status: 'succeeded' });
    expect(await o.detail()).toMatchObject({ refund_status: 'PARTIALLY_REFUNDED' });
  });
});
