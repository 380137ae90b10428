import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call } from '../api.ts';
import {
  ARTIFACTS,
  baseUrl,
  collectErrors,
  DESKTOP,
  launch,
  newPage,
  openEventPage,
  PHONE,
  screenshot,
} from '../browser.ts';

/**
 * The buyer's journey (issue 6): an organizer sets up and publishes an event through the API; a buyer
 * opens the public page (server-rendered, then hydrated without a single console error), applies a
 * promo code, buys two tickets with the test card, sees the summary, opens a ticket and its print page;
 * the QR code in the screenshot decodes to the attendee's secret.
 */

/** Organizer set-up through the API: account, organizer, event, a ticket, a promo code, published. */
async function setUpEvent(tag: string) {
  const email = `org-${tag}-${Date.now()}@example.com`;
  const { token } = await call<{ token: string }>('POST', 'auth/register', {
    first_name: 'Marta',
    last_name: 'Soler',
    email,
    password: 'una-contraseña-larga',
    password_confirmation: 'una-contraseña-larga',
    accept_terms: true,
  });
  const organizer = await call<{ id: string }>('POST', 'organizers', { name: 'Sala Luna' }, token);
  const start = new Date(Date.now() + 21 * 86400_000);
  start.setUTCHours(19, 0, 0, 0);
  const event = await call<{ id: string; slug: string }>(
    'POST',
    'events',
    {
      name: `Noche de jazz ${tag}`,
      organizer_id: organizer.id,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3 * 3600_000).toISOString(),
      timezone: 'Europe/Madrid',
      currency: 'EUR',
      description: '<p>Un cuarteto de <strong>jazz</strong> en directo. Puertas a las 20:30.</p>',
    },
    token,
  );
  await call(
    'POST',
    `events/${event.id}/tickets`,
    { name: 'General', type: 'PAID', prices: [{ price_cents: 2500, quantity: 50 }], max_per_order: 6 },
    token,
  );
  await call(
    'POST',
    `events/${event.id}/promo-codes`,
    { code: 'AMIGOS', discount_type: 'PERCENTAGE', discount: 20 },
    token,
  );
  await call('PUT', `events/${event.id}/status`, { status: 'LIVE' }, token);
  return { ...event, token, name: `Noche de jazz ${tag}` };
}

/** Decodes every QR code in a PNG with zbarimg (Debian's zbar-tools). */
function decodeQr(file: string): string[] {
  const out = execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

async function buyTwoTickets(page: Page, event: Awaited<ReturnType<typeof setUpEvent>>, shot: string) {
  const errors = collectErrors(page);
  await openEventPage(page, `/e/${event.id}/${event.slug}`);
  await page.getByRole('heading', { name: event.name }).waitFor();
  // The HTML arrived with the event inlined and its share tags.
  expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(event.name);
  expect(await page.getByTestId('event-date').textContent()).toMatch(/20:00/);
  await screenshot(page, `${shot}-event`);

  // A wrong code shows the spec's message; the right one applies 20 % off.
  await page.getByRole('button', { name: '¿Tienes un código promocional?' }).click();
  await page.getByPlaceholder('Código promocional').fill('NOVALE');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByText('El código promocional no es válido o no se reconoce.').waitFor();
  await page.getByPlaceholder('Código promocional').fill('AMIGOS');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByTestId('promo-applied').waitFor();
  expect(page.url()).toContain('promo_code=AMIGOS');
  await page.getByText('20,00 €').first().waitFor();

  const add = page.getByRole('button', { name: 'Añadir una: General' });
  await add.click();
  await add.click();
  expect(await page.getByTestId('selector-total').textContent()).toMatch(/40,00\s€/);
  await screenshot(page, `${shot}-selected`);
  // Hydrated and used without a console error or a hydration mismatch (React reports those as errors).
  expect(errors).toEqual([]);
  // Checkout is a screen of the web app: a full document load that reads the order from the API.
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Details: buyer, then one block per ticket.
  await page.waitForURL(/\/checkout\/[^/]+\/[^/]+\/details$/);
  await page.getByTestId('countdown').waitFor();
  await page.getByLabel('Nombre').first().fill('Lucía');
  await page.getByLabel('Apellidos').first().fill('Martín');
  await page.getByLabel('Correo electrónico', { exact: false }).first().fill('lucia@example.com');
  await page.getByLabel('Confirma el correo electrónico').fill('lucia@example.com');
  const blocks = page.getByTestId('attendee-block');
  expect(await blocks.count()).toBe(2);
  await blocks.nth(0).getByRole('button', { name: 'Usar mis datos' }).click();
  await blocks.nth(1).getByLabel('Nombre').fill('Pablo');
  await blocks.nth(1).getByLabel('Apellidos').fill('Ruiz');
  await blocks.nth(1).getByLabel('Correo electrónico').fill('pablo@example.com');
  await screenshot(page, `${shot}-details`);
  await page.getByRole('button', { name: 'Continuar al pago' }).click();

  // Back to the details, and after a reload too: what the buyer gave for each ticket is still there.
  await page.waitForURL(/\/payment$/);
  await page.goBack();
  await page.waitForURL(/\/details$/);
  expect(await blocks.nth(1).getByLabel('Nombre').inputValue()).toBe('Pablo');
  // Back at once, before the payment step had shown: the button works again.
  await page.getByRole('button', { name: 'Continuar al pago' }).click({ timeout: 10_000 });
  await page.waitForURL(/\/payment$/);
  await page.goBack();
  await page.waitForURL(/\/details$/);
  await page.reload();
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
  expect(await blocks.nth(1).getByLabel('Correo electrónico').inputValue()).toBe('pablo@example.com');
  expect(await blocks.nth(0).getByLabel('Nombre').inputValue()).toBe('Lucía');
  await page.getByRole('button', { name: 'Continuar al pago' }).click();

  // Payment: test mode, a declined card first, then the good one.
  await page.waitForURL(/\/payment$/);
  await page.getByTestId('test-mode').waitFor();
  expect(await page.getByTestId('order-total').textContent()).toMatch(/40,00\s€/);
  // Nothing is announced on arrival: the test cards hint is a note, not an alert.
  expect(await page.getByRole('alert').count()).toBe(0);
  // A number cut short is said to be incomplete, not missing.
  await page.getByLabel('Número de tarjeta').fill('4242');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await page.getByText('El número de la tarjeta está incompleto.').waitFor();
  await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await page.getByRole('alert').filter({ hasText: 'El pago no se ha completado' }).waitFor();
  await screenshot(page, `${shot}-payment-declined`);
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /Reintentar el pago/ }).click();

  // Summary.
  await page.waitForURL(/\/summary$/);
  await page.getByRole('heading', { name: '¡Gracias por tu pedido!' }).waitFor();
  expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('COMPLETED');
  expect(await page.getByTestId('summary-attendee').count()).toBe(2);
  await screenshot(page, `${shot}-summary`);
  const orderShortId = page.url().split('/').at(-2) ?? '';
  return { orderShortId };
}

describe('buyer journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`buys two tickets with a promo code and the test card, then prints a readable QR (${label})`, async () => {
      const event = await setUpEvent(label);
      const { page, context } = await newPage(browser, { viewport });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const shot = `buyer-${label}`;
      const { orderShortId } = await buyTwoTickets(page, event, shot).catch(async (err) => {
        await screenshot(page, `${shot}-failure`).catch(() => undefined);
        throw err;
      });

      // The server's view of the order agrees with the page.
      const order = await call<{ status: string; total_cents: number; attendees: { short_id: string }[] }>(
        'GET',
        `public/events/${event.id}/order/${orderShortId}`,
      );
      expect(order).toMatchObject({ status: 'COMPLETED', total_cents: 4000 });
      expect(order.attendees).toHaveLength(2);

      // The ticket page.
      await page.getByRole('link', { name: 'Ver entrada' }).first().click();
      await page.waitForURL(/\/ticket\/[^/]+\/[^/]+$/);
      await page.getByTestId('ticket-qr').waitFor();
      await screenshot(page, `${shot}-ticket`);
      const attendeeShortId = page.url().split('/').at(-1) ?? '';
      const ticket = await call<{ qr_code: string; first_name: string }>(
        'GET',
        `public/events/${event.id}/attendees/${attendeeShortId}`,
      );
      expect(await page.getByTestId('ticket-card').textContent()).toContain(ticket.first_name);
      const ics = await page.getByRole('link', { name: 'Añadir al calendario' }).getAttribute('href');
      expect((await fetch(`${baseUrl()}${ics}`)).headers.get('content-type')).toMatch(/text\/calendar/);

      // The print page, emulating print media; the QR in the screenshot decodes to the attendee's secret.
      await page.getByRole('link', { name: 'Imprimir' }).click();
      await page.waitForURL(/\/print$/);
      await page.getByTestId('ticket-qr').waitFor();
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
      const printShot = await screenshot(page, `${shot}-ticket-print`);
      expect(decodeQr(printShot)).toEqual([ticket.qr_code]);

      // The order's print page: both tickets, each readable.
      await page.emulateMedia({ media: 'screen' });
      await page.goto(`/order/${event.id}/${orderShortId}/print`);
      await page.getByTestId('ticket-qr').first().waitFor();
      expect(await page.getByTestId('ticket-qr').count()).toBe(2);
      const qrShot = path.join(ARTIFACTS, `${shot}-order-qr-2.png`);
      await page.getByTestId('ticket-qr').nth(1).screenshot({ path: qrShot });
      const second = await call<{ qr_code: string }>(
        'GET',
        `public/events/${event.id}/attendees/${at(order.attendees, 1).short_id}`,
      );
      expect(decodeQr(qrShot)).toEqual([second.qr_code]);
      await screenshot(page, `${shot}-order-print`);

      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the event page is rendered by the server: all its content shows with JavaScript disabled', async () => {
    const event = await setUpEvent('nojs');
    const { page, context } = await newPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    const res = await page.goto(`/e/${event.id}/${event.slug}?promo_code=AMIGOS`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: event.name }).waitFor();
    expect(await page.getByTestId('event-date').textContent()).toMatch(/20:00/);
    expect(await page.getByTestId('ticket').count()).toBe(1);
    expect(await page.getByTestId('ticket').textContent()).toMatch(/General.*20,00\s€.*25,00\s€/);
    expect(await page.getByTestId('promo-applied').textContent()).toContain('AMIGOS');
    expect(await page.getByRole('heading', { name: 'Acerca del evento' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continuar' }).isVisible()).toBe(true);
    // Nothing ran: the markup is the server's.
    expect(await page.locator('html').getAttribute('data-page-ready')).toBeNull();
    await screenshot(page, 'buyer-event-no-javascript-phone');
    await context.close();
  });

  it('a page whose markup differs from what the browser renders is reported (control for the checks above)', async () => {
    const event = await setUpEvent('mismatch');
    const { page, context } = await newPage(browser, { viewport: PHONE });
    const errors = collectErrors(page);
    const url = `${baseUrl()}/e/${event.id}/${event.slug}`;
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('>General<', '>Generalísima<');
      await route.fulfill({ response, body: html });
    });
    await openEventPage(page, url);
    await expect.poll(() => errors.join('\n')).toMatch(/react\.dev\/errors\/418|[Hh]ydrat/);
    await context.close();
  });
});
