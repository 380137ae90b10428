import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { baseUrl, collectErrors, launch, newPage, PHONE_360, screenshot } from '../browser.ts';

/**
 * Integrations from the account screens on a 360 px phone: the organizer adds a webhook pointing to a
 * receiver on this machine (the journeys' server allows private targets, global-setup.ts), copies its
 * secret, a buyer's order arrives signed, the delivery log shows it (its request in a drawer), «Reenviar»
 * sends the same message again and «Enviar prueba» a webhook.test; then an API key is created, works over
 * HTTP, is revoked and gets 401.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let receiverUrl = '';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('recibido');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/taquilla`;
});
afterAll(async () => {
  await browser?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Standard Webhooks: base64 HMAC-SHA256 of `id.timestamp.body` keyed by the secret's decoded part. */
function signedBy(secret: string, r: Received) {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const mac = createHmac('sha256', key)
    .update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`)
    .digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${mac}`);
}

async function waitForMessages(count: number) {
  await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return received.map((r) => ({ ...r, json: JSON.parse(r.body) }));
}

/** A screenshot once the modals and drawers have finished sliding in. */
async function settledScreenshot(page: Page, name: string) {
  await page.waitForTimeout(600);
  await screenshot(page, name);
}

/** The text of the secret modal (shown once), then the modal closed. */
async function takeSecret(page: Page) {
  const secret = (await page.getByTestId('secret').innerText()).trim();
  await page.getByRole('button', { name: 'Ya lo he guardado' }).click();
  await page.getByTestId('secret').waitFor({ state: 'detached' });
  return secret;
}

describe('integrations journey', () => {
  it('webhooks: add, receive a sale, see it in the log, resend it, send a test', async () => {
    const token = await registerOrganizer('webhooks');
    const event = await liveEventWithTicket(token, 'Jazz en la Azotea', { payment_providers: ['test'] });
    const { context, page } = await newPage(browser, { viewport: PHONE_360 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = collectErrors(page);

    // From the account area: its tabs lead to «Webhooks».
    await page.goto('/account/settings');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByText('Aún no hay webhooks.').waitFor();
    await page.getByRole('button', { name: 'Añadir webhook' }).click();
    // Refused before anything is sent, next to its fields.
    await page.getByLabel('URL del destino').fill('ftp://ejemplo.com/x');
    await page.getByRole('dialog').getByRole('button', { name: 'Añadir webhook' }).click();
    await page.getByText('Introduce una dirección http:// o https:// completa').waitFor();
    await page.getByText('Elige al menos un tipo de evento.').waitFor();
    await settledScreenshot(page, 'integrations-webhook-form-errors-360');
    await page.getByLabel('URL del destino').fill(receiverUrl);
    await page.getByLabel('Descripción').fill('Contabilidad');
    await page.getByRole('checkbox', { name: /Pedido completado/ }).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Añadir webhook' }).click();
    await page.getByText('no volverás a verlo').waitFor();
    await settledScreenshot(page, 'integrations-webhook-secret-360');
    // The copy button puts the secret on the clipboard.
    await page.getByRole('button', { name: 'Copiar' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const secret = await takeSecret(page);
    expect(secret).toMatch(/^whsec_/);
    expect(copied).toBe(secret);
    const card = page.getByTestId('webhook-endpoint');
    await card.getByText('Activo').waitFor();
    await card.getByText('1 tipo de evento · todos los eventos').waitFor();
    await card.getByText('ninguna').waitFor();

    // A buyer's order: the receiver gets order.completed, signed with the secret the screen showed.
    const order = await placeOrder(
      event,
      { first_name: 'Lucía', last_name: 'Prats', email: 'lucia.prats@example.com' },
      2,
      { provider: 'test', card_number: '4242 4242 4242 4242' },
    );
    const [sale] = await waitForMessages(1);
    expect(sale?.json).toMatchObject({
      type: 'order.completed',
      version: 1,
      data: { object: 'order', short_id: order.short_id, status: 'COMPLETED' },
    });
    expect(signedBy(secret, at(received, 0))).toBe(true);

    // The list shows the last delivery; the endpoint's page shows the log.
    await page.reload();
    await card.getByText('Entregado').waitFor();
    await screenshot(page, 'integrations-webhooks-list-360');
    await card.getByRole('link', { name: receiverUrl }).click();
    const row = page.getByTestId('delivery-card').first();
    await row.getByText('order.completed').waitFor();
    await row.getByText('200').waitFor();
    await row.getByText('1 intento').waitFor();
    await screenshot(page, 'integrations-webhook-log-360');
    await row.getByRole('button', { name: 'Ver la entrega order.completed' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByTestId('request-body').innerText()).toContain(order.short_id);
    await expect.poll(() => drawer.getByTestId('response-body').innerText()).toBe('recibido');
    await settledScreenshot(page, 'integrations-webhook-delivery-drawer-360');

    // «Reenviar»: the same message (same webhook-id and body) again.
    await drawer.getByRole('button', { name: 'Reenviar' }).click();
    await page.getByText('Mensaje puesto de nuevo en la cola de envío.').waitFor();
    const [first, again] = await waitForMessages(2);
    expect(again?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(again?.body).toBe(first?.body);
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await row.getByText('2 intentos').waitFor();

    // «Enviar prueba»: a webhook.test message, then in the log.
    await page.getByRole('button', { name: 'Enviar prueba' }).click();
    const all = await waitForMessages(3);
    expect(all[2]?.json).toMatchObject({ type: 'webhook.test', data: { object: 'test' } });
    expect(signedBy(secret, at(received, 2))).toBe(true);
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await page.getByTestId('delivery-card').getByText('webhook.test').waitFor();

    // Pausing stops «Enviar prueba»; resuming brings it back.
    await page.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Pausar' }).click();
    await page.getByText('Webhook en pausa.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Enviar prueba' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Reactivar' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Enviar prueba' }).isEnabled()).toBe(true);
    expect(page.viewportSize()?.width).toBe(360);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(errors).toEqual([]);
  });

  it('API keys: create one with the keyboard, call the API with it, revoke it and get 401', async () => {
    const token = await registerOrganizer('api-keys');
    const event = await liveEventWithTicket(token, 'Teatro de Guiñol');
    const { context, page } = await newPage(browser, { viewport: PHONE_360 });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = collectErrors(page);
    await page.goto('/account/settings');
    await page.getByRole('tab', { name: 'Claves de API' }).click();
    await page.getByText('Aún no hay claves de API.').waitFor();
    await page.getByRole('button', { name: 'Crear clave' }).click();
    // The keyboard alone: the name, then Enter submits (the permission stays «Solo lectura»).
    await page.getByLabel('Nombre').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Este campo es obligatorio.').waitFor();
    await page.keyboard.type('CRM de la sala');
    await page.keyboard.press('Enter');
    await page.getByText('no volverás a verlo').waitFor();
    await settledScreenshot(page, 'integrations-api-key-created-360');
    const key = await takeSecret(page);
    expect(key).toMatch(/^tqk_[0-9A-Za-z]{40}$/);
    const keyCard = page.getByTestId('api-key-card');
    await keyCard.getByText('CRM de la sala').waitFor();
    await keyCard.getByText('Solo lectura').waitFor();
    await keyCard.getByText('Sin usar').waitFor();

    // The key works over HTTP on the documented API, with its rate-limit headers.
    const events = await fetch(`${baseUrl()}/api/events`, { headers: { authorization: `Bearer ${key}` } });
    expect(events.status).toBe(200);
    expect(events.headers.get('ratelimit-limit')).toBe('360');
    const body = (await events.json()) as { data: { id: string }[] };
    expect(body.data.map((e) => e.id)).toEqual([event.id]);
    // A read-only key changes nothing.
    const write = await fetch(`${baseUrl()}/api/organizers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Otra' }),
    });
    expect(write.status).toBe(403);
    await page.reload();
    await keyCard.getByText('CRM de la sala').waitFor();
    expect(await keyCard.getByText('Sin usar').count()).toBe(0);
    await keyCard.getByText(/^Último uso: \d/).waitFor();
    await screenshot(page, 'integrations-api-keys-360');

    await keyCard.getByRole('button', { name: 'Revocar CRM de la sala' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revocar' }).click();
    await page.getByText('Clave revocada.').waitFor();
    await keyCard.getByText('Revocada').waitFor();
    const revoked = await fetch(`${baseUrl()}/api/events`, { headers: { authorization: `Bearer ${key}` } });
    expect(revoked.status).toBe(401);
    const keys = await call<{ status: string }[]>('GET', 'accounts/me/api-keys', undefined, token);
    expect(keys.map((k) => k.status)).toEqual(['REVOKED']);
    expect(errors).toEqual([]);
  });
});
