import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaymentSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';
import { type StripeConnectStub, startStripeConnectStub } from '../../test/stripe-connect-stub.ts';
import { postStripeEvent } from '../../test/stripe-stub.ts';

/**
 * Payment settings and Stripe Connect over HTTP on the real app and database. Stripe's HTTP API is
 * THE ONE MOCK: a local stub (test/stripe-connect-stub.ts) the official SDK talks to through
 * STRIPE_API_URL; webhook signatures are made with the SDK's own `generateTestHeaderString`.
 */
const CONNECT_SECRET = 'whsec_connect_taquilla';
let stub: StripeConnectStub;
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  stub = await startStripeConnectStub();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_taquilla',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_taquilla',
      STRIPE_WEBHOOK_SECRET: 'whsec_platform_taquilla',
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_URL: stub.url,
      STRIPE_PLATFORM_FEE_PERCENT: '2.5',
      STRIPE_PLATFORM_FEE_FIXED_CENTS: '30',
    },
  });
  // An installation without platform keys: Connect is not available there.
  plain = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await plain.close();
  await stub.close();
});

const settingsUrl = '/api/accounts/me/payment-settings';
const connectUrl = '/api/accounts/me/stripe-connect';
const get = (app: TestApp, headers: Record<string, string>, query = '') =>
  app.app.inject({ method: 'GET', url: `${settingsUrl}${query}`, headers });

const connectWebhook = (account: { id?: string }, opts: { secret?: string; id?: string } = {}) =>
  postStripeEvent(t.app, {
    url: '/api/public/webhooks/stripe-connect',
    secret: opts.secret ?? CONNECT_SECRET,
    type: 'account.updated',
    account: account.id,
    object: account,
    id: opts.id,
  });

describe('payment settings', () => {
  it('starts empty, stores the default offline instructions and offers them to new events', async () => {
    const a = await createAccountWithUser(t.app);
    const first = await get(t, a.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      stripe: { state: 'NOT_CONNECTED', account_id: null, platform_fee: { percent: 2.5, fixed_cents: 30 } },
      offline_payment_instructions: null,
      test_payments: true,
      real_provider_ready: false,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: a.headers,
      payload: { offline_payment_instructions: '  Transferencia a ES12 3456 7890  ' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      offline_payment_instructions: 'Transferencia a ES12 3456 7890',
      real_provider_ready: true,
    });

    const organizer = await t.app.inject({
      method: 'POST',
      url: '/api/organizers',
      headers: a.headers,
      payload: { name: 'Sala Apolo', email: 'hola@apolo.example' },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: a.headers,
      payload: {
        name: 'Jazz',
        organizer_id: organizer.json().data.id,
        start_date: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.settings).toMatchObject({
      payment_providers: ['stripe', 'offline'],
      offline_payment_instructions: 'Transferencia a ES12 3456 7890',
    });
  });

  it('rejects bad input with a translated 422 and changes nothing', async () => {
    const a = await createAccountWithUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: { ...a.headers, cookie: 'locale=en' },
      payload: { offline_payment_instructions: 'x'.repeat(5001) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({
      offline_payment_instructions: 'The instructions can be at most 5000 characters long.',
    });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: a.headers,
      payload: { offline_payment_instructions: 'ok', stripe_account_id: 'acct_mine' },
    });
    expect(unknown.statusCode).toBe(422);
    expect((await get(t, a.headers)).json().data.offline_payment_instructions).toBeNull();
  });

  it('organizer-role users get 403 on every call; another account never sees or changes these settings', async () => {
    const a = await createAccountWithUser(t.app);
    const b = await createAccountWithUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: a.headers,
      payload: { offline_payment_instructions: 'Solo A' },
    });
    const organizer = await addUser(t.app, a.account.id, { role: 'ORGANIZER' });
    for (const [method, url] of [
      ['GET', settingsUrl],
      ['PUT', settingsUrl],
      ['POST', connectUrl],
      ['DELETE', connectUrl],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: organizer.headers,
        ...(method === 'PUT' ? { payload: { offline_payment_instructions: 'hack' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // B's admin reads and writes B's own settings: A's are neither shown nor touched.
    expect((await get(t, b.headers)).json().data.offline_payment_instructions).toBeNull();
    await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: b.headers,
      payload: { offline_payment_instructions: 'Solo B' },
    });
    expect((await get(t, a.headers)).json().data.offline_payment_instructions).toBe('Solo A');
    expect((await t.app.inject({ method: 'GET', url: settingsUrl })).statusCode).toBe(401);
  });

  it('getting started counts payments as set up only with a real provider, never with test payments alone', async () => {
    const checklist = async (app: TestApp, providers: string[], instructions?: string) => {
      const { event, headers } = await createSellingEvent(app.app);
      const put = await app.app.inject({
        method: 'PUT',
        url: `/api/events/${event.id}/settings`,
        headers,
        payload: {
          payment_providers: providers,
          ...(instructions ? { offline_payment_instructions: instructions } : {}),
        },
      });
      expect(put.statusCode).toBe(200);
      return (await app.app.inject({ url: `/api/events/${event.id}`, headers })).json().data.checklist
        .payment_set_up;
    };
    expect(await checklist(plain, ['test'])).toBe(false);
    expect(await checklist(plain, ['test', 'offline'], 'Pago en taquilla')).toBe(true);
    expect(await checklist(t, ['stripe'])).toBe(true);
    // Stripe chosen on an installation without keys moves no money: it is refused, payments stay unset.
    const { event, headers } = await createSellingEvent(plain.app);
    const stripeless = await plain.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/settings`,
      headers,
      payload: { payment_providers: ['stripe', 'test'] },
    });
    expect(stripeless.statusCode).toBe(422);
    expect(stripeless.json().error.fields.payment_providers).toMatch(/^Tarjeta \(Stripe\) no puede cobrar/);
    expect(
      (await plain.app.inject({ url: `/api/events/${event.id}`, headers })).json().data.checklist
        .payment_set_up,
    ).toBe(false);
  });

  it('Connect is not available without platform keys', async () => {
    const a = await createAccountWithUser(plain.app);
    expect((await get(plain, a.headers)).json().data.stripe).toEqual({
      state: 'NOT_AVAILABLE',
      account_id: null,
      platform_fee: null,
    });
    const res = await plain.app.inject({ method: 'POST', url: connectUrl, headers: a.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('no tiene claves de Stripe');
  });
});

describe('Stripe Connect', () => {
  it('onboards through account links, follows account.updated, creates payments for the connected account and disconnects', async () => {
    const { event, ...owner } = await createSellingEvent(t.app, {
      settings: { payment_providers: ['stripe'] },
    });
    const other = await createAccountWithUser(t.app);

    // Start: one Stripe account for this Taquilla account, and an onboarding link back to the page.
    const start = await t.app.inject({ method: 'POST', url: connectUrl, headers: owner.headers });
    expect(start.statusCode).toBe(200);
    const link = stub.links.at(-1);
    expect(start.json().data.url).toBe(link?.url);
    expect(link).toMatchObject({
      refresh_url: 'http://localhost:3000/account/payment?stripe=refresh',
      return_url: 'http://localhost:3000/account/payment?stripe=return',
    });
    const account = stub.accounts.get(link?.account ?? '');
    expect(account).toMatchObject({ type: 'standard', metadata: { taquilla_account_id: owner.account.id } });
    expect((await get(t, owner.headers)).json().data.stripe).toMatchObject({
      state: 'ONBOARDING_INCOMPLETE',
      account_id: account?.id,
    });
    // Resuming reuses the same Stripe account with a fresh link.
    await t.app.inject({ method: 'POST', url: connectUrl, headers: owner.headers });
    expect(stub.accounts.size).toBe(1);
    expect(stub.links.at(-1)?.account).toBe(account?.id);

    // Until charges are enabled, card payments still go through the platform, without a fee.
    const pay = async () => {
      const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 4000 }] });
      const order = await t.app.inject({
        method: 'POST',
        url: `/api/public/events/${event.id}/order`,
        payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }] },
      });
      const short = order.json().data.short_id as string;
      await t.app.inject({
        method: 'PUT',
        url: `/api/public/events/${event.id}/order/${short}`,
        payload: buyer,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/events/${event.id}/order/${short}/payment`,
        payload: { provider: 'stripe' },
      });
      expect(res.statusCode).toBe(200);
      const secret = res.json().data.stripe.client_secret as string;
      return { res: res.json().data, short, intent: stub.intents.get(secret.split('_secret_')[0] ?? '') };
    };
    expect((await pay()).intent).toMatchObject({ stripe_account: null, application_fee_amount: null });

    // A webhook with a bad signature is refused and changes nothing.
    const enabled = { ...account, details_submitted: true, charges_enabled: true };
    const forged = await connectWebhook(enabled, { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    expect((await get(t, owner.headers)).json().data.stripe.state).toBe('ONBOARDING_INCOMPLETE');

    // A signed account.updated turns charges on; a redelivery is acknowledged and skipped.
    const ok = await connectWebhook(enabled, { id: 'evt_account_enabled' });
    expect(ok.json()).toEqual({ received: true });
    expect((await connectWebhook(enabled, { id: 'evt_account_enabled' })).json()).toMatchObject({
      duplicate: true,
    });
    expect((await get(t, owner.headers)).json().data).toMatchObject({
      stripe: { state: 'CHARGES_ENABLED', account_id: account?.id },
      real_provider_ready: true,
    });
    // Another account's admin sees its own state, not this one.
    expect((await get(t, other.headers)).json().data.stripe.state).toBe('NOT_CONNECTED');

    // Payments are now created on the connected account, with the platform fee (2.5 % + 0,30 €).
    const connected = await pay();
    expect(connected.intent).toMatchObject({
      stripe_account: account?.id,
      amount: 4000,
      application_fee_amount: 130,
    });
    expect(connected.res.stripe.account_id).toBe(account?.id);
    // The return page's check asks Stripe about that PaymentIntent on the connected account too.
    const refresh = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${event.id}/order/${connected.short}/payment/refresh`,
    });
    expect(refresh.statusCode).toBe(200);
    expect(stub.retrievals.at(-1)).toEqual({ id: connected.intent?.id, stripe_account: account?.id });

    // Disconnect: back to NOT_CONNECTED, payments no longer go to that account; twice is a 409.
    const gone = await t.app.inject({ method: 'DELETE', url: connectUrl, headers: owner.headers });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data.stripe).toMatchObject({ state: 'NOT_CONNECTED', account_id: null });
    expect(
      (await t.app.inject({ method: 'DELETE', url: connectUrl, headers: owner.headers })).statusCode,
    ).toBe(409);
    expect((await pay()).intent?.stripe_account).toBeNull();
    const [row] = await t.app.deps.db
      .select()
      .from(accountPaymentSettings)
      .where(eq(accountPaymentSettings.account_id, owner.account.id));
    expect(row?.stripe_account_id).toBeNull();
  });

  it('back from Stripe, refresh=true reads the account from Stripe before the webhook arrives', async () => {
    const a = await createAccountWithUser(t.app);
    await t.app.inject({ method: 'POST', url: connectUrl, headers: a.headers });
    const id = stub.links.at(-1)?.account ?? '';
    const account = stub.accounts.get(id);
    if (account) Object.assign(account, { details_submitted: true, charges_enabled: true });
    expect((await get(t, a.headers)).json().data.stripe.state).toBe('ONBOARDING_INCOMPLETE');
    expect((await get(t, a.headers, '?refresh=true')).json().data.stripe.state).toBe('CHARGES_ENABLED');
  });
});
