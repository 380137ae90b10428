import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganizer } from '../api.ts';
import { baseUrl, DESKTOP, launch, PHONE, screenshot } from '../browser.ts';

/**
 * Payment settings (issue 12) on an installation with platform Stripe keys: a second real Taquilla
 * server started here, whose Stripe is THE ONE ALLOWED MOCK — the local stub of Stripe's HTTP API
 * (apps/server/src/test/stripe-connect-stub.ts) and, in the browser, Stripe's hosted onboarding page
 * answered by a stand-in that sends the admin back. The admin connects, comes back with onboarding
 * pending, a signed `account.updated` webhook enables charges, then disconnects; an organizer-role user
 * is refused; an event with only test payments warns before publishing and its public pages say
 * "test mode".
 */
interface Stub {
  url: string;
  links: { account: string; return_url: string; url: string }[];
  intents: Map<string, { id: string; amount: number; currency: string; client_secret: string }>;
  close(): Promise<void>;
}
const root = path.resolve(import.meta.dirname, '../..');
const CONNECT_SECRET = 'whsec_connect_e2e';
let stub: Stub;
let server: ChildProcess;
let base = '';
let dataDir = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/api/${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

async function register(tag: string) {
  const email = `pay-${tag}-${Date.now()}@example.com`;
  return { token: await registerAs(email), email };
}

/** An admin whose e-mail is confirmed (its link read from the mail), as inviting requires. */
async function registerConfirmed(tag: string) {
  const { token, email } = await register(tag);
  const link = await mailLink(email, '/confirm-email-address/');
  const me = await api<{ id: string }>('GET', 'users/me', undefined, token);
  await api('POST', `users/${me.id}/confirm-email/${link.split('/confirm-email-address/')[1]}`, {}, token);
  return token;
}

async function registerAs(email: string) {
  const { token } = await api<{ token: string }>('POST', 'auth/register', {
    first_name: 'Marta',
    last_name: 'Soler',
    email,
    password: 'una-contraseña-larga',
    password_confirmation: 'una-contraseña-larga',
    accept_terms: true,
  });
  return token;
}

async function signedIn(browser: Browser, token: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'es-ES', baseURL: base });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  // Stripe's hosted onboarding (no internet here): a stand-in page that sends the admin back.
  await context.route('https://connect.stripe.com/**', (route) => {
    const link = stub.links.find((l) => l.url === route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: `<h1>Stripe (stand-in)</h1><a id="back" href="${link?.return_url}">Volver a Taquilla</a>`,
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

async function accountUpdated(account: string, charges: boolean) {
  const payload = JSON.stringify({
    id: `evt_${Date.now()}`,
    object: 'event',
    type: 'account.updated',
    account,
    data: { object: { id: account, object: 'account', details_submitted: true, charges_enabled: charges } },
  });
  const header = new Stripe('sk_test_e2e').webhooks.generateTestHeaderString({
    payload,
    secret: CONNECT_SECRET,
  });
  return fetch(`${base}/api/public/webhooks/stripe-connect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
}

describe('payment settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    const stubModule = path.join(root, 'apps/server/src/test/stripe-connect-stub.ts');
    const { startStripeConnectStub } = (await import(stubModule)) as {
      startStripeConnectStub: () => Promise<Stub>;
    };
    stub = await startStripeConnectStub();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'taquilla-e2e-pay-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        DATABASE_URL: undefined,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: base,
        LOG_LEVEL: 'warn',
        TEST_PAYMENTS: 'true',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_platform_e2e',
        STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
        STRIPE_API_URL: stub.url,
        STRIPE_PLATFORM_FEE_PERCENT: '2.5',
        STRIPE_PLATFORM_FEE_FIXED_CENTS: '30',
      },
    });
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 300));
    }
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
    await stub?.close();
  });

  it('an admin connects Stripe, finishes onboarding by webhook, sees the fee, disconnects and sets offline instructions', async () => {
    const { token } = await register('admin');
    const page = await signedIn(browser, token);
    await page.goto('/account/payment');
    const state = page.getByTestId('stripe-state');
    await expect.poll(() => state.getAttribute('data-state')).toBe('NOT_CONNECTED');
    await page.getByTestId('payments-test-mode').waitFor();
    await page.getByTestId('platform-fee').getByText('2,5 % + 0,30 €').waitFor();
    await screenshot(page, 'payments-not-connected');

    // Onboarding at Stripe, and back with the account still pending.
    await page.getByRole('button', { name: 'Conectar con Stripe' }).click();
    await page.waitForURL(/connect\.stripe\.com/);
    await page.locator('#back').click();
    await page.waitForURL(/\/account\/payment\?stripe=return$/);
    await expect.poll(() => state.getAttribute('data-state')).toBe('ONBOARDING_INCOMPLETE');
    await page.getByRole('button', { name: 'Continuar en Stripe' }).waitFor();
    await screenshot(page, 'payments-onboarding-incomplete');

    // A forged webhook changes nothing; Stripe's signed one enables charges.
    const account = stub.links.at(-1)?.account ?? '';
    const forged = await fetch(`${base}/api/public/webhooks/stripe-connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      body: JSON.stringify({ id: 'evt_forged', type: 'account.updated', data: { object: { id: account } } }),
    });
    expect(forged.status).toBe(400);
    expect((await accountUpdated(account, true)).status).toBe(200);
    await page.goto('/account/payment');
    await expect.poll(() => state.getAttribute('data-state')).toBe('CHARGES_ENABLED');
    await page.getByText(account).waitFor();
    expect(await page.getByTestId('payments-test-mode').count()).toBe(0);
    await screenshot(page, 'payments-charges-enabled');

    // Disconnect, after a confirmation.
    await page.getByRole('button', { name: 'Desconectar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desconectar' }).click();
    await page.getByText('Cuenta de Stripe desconectada').waitFor();
    await expect.poll(() => state.getAttribute('data-state')).toBe('NOT_CONNECTED');

    // Default offline instructions make a real provider usable: the test-mode notice goes.
    await page
      .getByLabel('Instrucciones por defecto')
      .fill('Transferencia a ES12 3456 7890 indicando el pedido.');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Instrucciones guardadas').waitFor();
    await page.getByTestId('payments-test-mode').waitFor({ state: 'detached' });
    const phone = await signedIn(browser, token, PHONE);
    await phone.goto('/account/payment');
    await phone.getByTestId('stripe-state').waitFor();
    await screenshot(phone, 'payments-phone');
  });

  it('an organizer-role user is refused by the API and the page', async () => {
    const adminToken = await registerConfirmed('owner');
    const email = `pay-org-${Date.now()}@example.com`;
    await api(
      'POST',
      'users',
      { first_name: 'Olga', last_name: 'Ruiz', email, role: 'ORGANIZER' },
      adminToken,
    );
    const link = await mailLink(email, '/auth/accept-invitation/');
    const invitation = link.split('/auth/accept-invitation/')[1] ?? '';
    const { token } = await api<{ token: string }>('POST', `auth/invitations/${invitation}`, {
      password: 'otra-contraseña-larga',
      password_confirmation: 'otra-contraseña-larga',
      accept_terms: true,
    });
    for (const [method, url] of [
      ['GET', 'accounts/me/payment-settings'],
      ['POST', 'accounts/me/stripe-connect'],
      ['DELETE', 'accounts/me/stripe-connect'],
    ]) {
      const res = await fetch(`${base}/api/${url}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    const page = await signedIn(browser, token);
    await page.goto('/account/payment');
    await page.getByText('No tienes permiso para acceder a esta página.').waitFor();
    await screenshot(page, 'payments-organizer-refused');
  });

  it('an event with only test payments warns before publishing, and its public pages say "test mode"', async () => {
    const { token } = await register('testmode');
    const organizer = await api<{ id: string }>('POST', 'organizers', { name: 'Sala Luna' }, token);
    const event = await api<{ id: string; slug: string }>(
      'POST',
      'events',
      {
        name: 'Ensayo abierto',
        organizer_id: organizer.id,
        start_date: new Date(Date.now() + 20 * 86400_000).toISOString(),
      },
      token,
    );
    await api(
      'POST',
      `events/${event.id}/tickets`,
      { name: 'General', type: 'PAID', prices: [{ price_cents: 1000, quantity: 20 }] },
      token,
    );
    await api('PUT', `events/${event.id}/settings`, { payment_providers: ['test'] }, token);

    const page = await signedIn(browser, token);
    await page.goto(`/manage/event/${event.id}/getting-started`);
    await page.getByText('1 de 5').waitFor();
    await page.getByRole('button', { name: 'Publicar' }).first().click();
    const warning = page.getByTestId('publish-test-mode-warning');
    await warning.getByText('no se cobrará dinero real').waitFor();
    // The modal's opening transition is over before the picture.
    await page.waitForTimeout(500);
    await screenshot(page, 'payments-publish-warning');
    await warning.getByRole('button', { name: 'Publicar en modo de prueba' }).click();
    await page.getByText('Evento publicado').first().waitFor();

    const buyer = await browser.newContext({
      viewport: PHONE,
      locale: 'es-ES',
      baseURL: base,
      isMobile: true,
      hasTouch: true,
    });
    const pub = await buyer.newPage();
    await pub.goto(`/e/${event.id}/${event.slug}`);
    await pub.getByTestId('test-mode-banner').getByText('Modo de prueba: no se cobra dinero real').waitFor();
    await screenshot(pub, 'payments-test-mode-event-page-phone');
    await pub.locator('html[data-page-ready]').waitFor({ state: 'attached' });
    await pub.getByRole('button', { name: 'Añadir una: General' }).click();
    await pub.getByRole('button', { name: 'Continuar' }).click();
    await pub.waitForURL(/\/checkout\/[^/]+\/[^/]+\/details$/);
    await pub.getByTestId('test-mode-banner').waitFor();
    await buyer.close();
  });

  it('inside the widget, Stripe opens in a tab of its own and the frame learns the result', async () => {
    const { token } = await register('widget-stripe');
    const organizer = await api<{ id: string }>('POST', 'organizers', { name: 'Sala Luna' }, token);
    const event = await api<{ id: string }>(
      'POST',
      'events',
      {
        name: 'Jazz con Stripe',
        organizer_id: organizer.id,
        start_date: new Date(Date.now() + 20 * 86400_000).toISOString(),
      },
      token,
    );
    await api(
      'POST',
      `events/${event.id}/tickets`,
      { name: 'General', type: 'PAID', prices: [{ price_cents: 2500, quantity: 20 }] },
      token,
    );
    await api('PUT', `events/${event.id}/status`, { status: 'LIVE' }, token);
    // The organizer's site, on an origin of its own.
    const site = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><meta name="viewport" content="width=device-width"><h1>Sala Luna</h1>
<div data-taquilla-event="${event.id}"></div><script src="${base}/widget.js" async></script>`);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

    const context = await browser.newContext({
      viewport: PHONE,
      locale: 'es-ES',
      isMobile: true,
      hasTouch: true,
    });
    // No internet here: Stripe.js cannot load in the payment tab; the payment is settled by Stripe's webhook.
    await context.route('https://js.stripe.com/**', (route) => route.abort());
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(siteUrl);
    const widgetFrame = () => page.frames().find((f) => f.url().startsWith(`${base}/widget/`));
    await expect.poll(() => Boolean(widgetFrame())).toBe(true);
    // One frame object across the frame's navigations (widget page, then the checkout steps).
    const details = widgetFrame() as Frame;
    await details.getByRole('button', { name: 'Añadir una: General' }).click();
    await details.getByRole('button', { name: 'Continuar' }).click();
    await details.waitForURL(/\/checkout\/[^/]+\/details$/);
    // The step is rendered by the server; the form is the script's once the page says so.
    await details.locator('html[data-page-ready]').waitFor({ state: 'attached' });
    await details.getByLabel('Nombre').first().fill('Lucía');
    await details.getByLabel('Apellidos').first().fill('Martín');
    await details.getByLabel('Correo electrónico', { exact: false }).first().fill('lucia@example.com');
    await details.getByLabel('Confirma el correo electrónico').fill('lucia@example.com');
    await details.getByTestId('attendee-block').getByRole('button', { name: 'Usar mis datos' }).click();
    await details.getByRole('button', { name: 'Continuar al pago' }).click();
    await details.waitForURL(/\/payment$/);
    expect(await details.getByTestId('test-mode-banner').count()).toBe(0);

    const before = new Set(stub.intents.keys());
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      details.getByRole('button', { name: 'Pagar 25,00 €' }).click(),
    ]);
    await details.getByTestId('waiting-payment').waitFor();
    // The tab is Taquilla's own checkout, not framed: it creates the PaymentIntent.
    await tab.waitForURL(new RegExp(`^${base}/checkout/${event.id}/[^/]+/payment$`));
    let intent: { id: string; amount: number; currency: string } | undefined;
    await expect
      .poll(() => (intent = [...stub.intents.values()].find((i) => !before.has(i.id))), { timeout: 30_000 })
      .toBeTruthy();
    expect(intent?.amount).toBe(2500);
    await screenshot(page, 'widget-stripe-waiting-phone');

    const payload = JSON.stringify({
      id: `evt_${Date.now()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          ...intent,
          object: 'payment_intent',
          status: 'succeeded',
          amount_received: intent?.amount,
          last_payment_error: null,
        },
      },
    });
    const header = new Stripe('sk_test_e2e').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_platform_e2e',
    });
    const hook = await fetch(`${base}/api/public/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    expect(hook.status).toBe(200);
    // The frame notices by itself and shows the summary.
    await details.waitForURL(/\/summary$/, { timeout: 30_000 });
    await details.getByRole('heading', { name: '¡Gracias por tu pedido!' }).waitFor();
    expect(page.url()).toBe(siteUrl);
    await screenshot(page, 'widget-stripe-summary-phone');
    await context.close();
    await new Promise((r) => site.close(r));
  });

  it("without platform keys (the journeys' main server) Connect is shown as not available", async () => {
    const token = await registerOrganizer('no-stripe');
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES', baseURL: baseUrl() });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    await page.goto('/account/payment');
    await expect
      .poll(() => page.getByTestId('stripe-state').getAttribute('data-state'))
      .toBe('NOT_AVAILABLE');
    await page.getByText('no tiene claves de Stripe').waitFor();
    expect(await page.getByRole('button', { name: 'Conectar con Stripe' }).count()).toBe(0);
    await screenshot(page, 'payments-not-available');
    await context.close();
  });
});

/** The invitation link e-mailed to `to` by the second server (its mail is written under its DATA_DIR). */
async function mailLink(to: string, fragment: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  for (let i = 0; i < 100; i++) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(`${to}.eml`)) : [];
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
      const link = text.match(/https?:\/\/[^\s"'<>]+/g)?.find((l) => l.includes(fragment));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail for ${to} with ${fragment}`);
}
