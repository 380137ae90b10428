import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { seriousViolations } from '../axe.ts';
import {
  baseUrl,
  DESKTOP,
  fillBuyerDetails,
  launch,
  newPage,
  openEventPage,
  PHONE,
  screenshot,
} from '../browser.ts';

/**
 * The buyer's other paths: free tickets (no payment step), offline payment (awaiting, orange badge,
 * instructions), donations below the minimum, leaving a checkout, an unavailable event, English.
 */

async function setUp() {
  const { token } = await call<{ token: string }>('POST', 'auth/register', {
    first_name: 'Jordi',
    last_name: 'Vidal',
    email: `org-states-${Date.now()}@example.com`,
    password: 'una-contraseña-larga',
    password_confirmation: 'una-contraseña-larga',
    accept_terms: true,
  });
  const organizer = await call<{ id: string }>('POST', 'organizers', { name: 'Ateneu Popular' }, token);
  const start = new Date(Date.now() + 10 * 86400_000);
  const event = await call<{ id: string; slug: string }>(
    'POST',
    'events',
    {
      name: 'Mercado de invierno',
      organizer_id: organizer.id,
      start_date: start.toISOString(),
      timezone: 'Europe/Madrid',
      currency: 'EUR',
      location: { venue_name: 'Ateneu Popular', address_line_1: 'Carrer de Peru 1', city: 'Barcelona' },
    },
    token,
  );
  const tickets = [
    { name: 'Entrada libre', type: 'FREE', prices: [{ price_cents: 0, quantity: 100 }] },
    {
      name: 'Cena',
      type: 'PAID',
      prices: [{ price_cents: 1500, quantity: 3 }],
      show_quantity_remaining: true,
    },
    { name: 'Aportación', type: 'DONATION', prices: [{ price_cents: 500 }] },
  ];
  for (const t of tickets) await call('POST', `events/${event.id}/tickets`, t, token);
  await call(
    'PUT',
    `events/${event.id}/settings`,
    {
      payment_providers: ['offline'],
      offline_payment_instructions: 'Transferencia a ES12 3456 7890 1234 indicando el número de pedido.',
      post_checkout_message: '¡Nos vemos en el mercado!',
    },
    token,
  );
  await call('PUT', `events/${event.id}/status`, { status: 'LIVE' }, token);
  return { ...event, token };
}

describe('buyer: other paths', () => {
  let browser: Browser;
  let event: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    browser = await launch();
    event = await setUp();
  });
  afterAll(() => browser?.close());

  it('a free ticket completes at the details step, with no payment', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await openEventPage(page, `/e/${event.id}/${event.slug}`);
    await page.getByRole('link', { name: 'Ver en el mapa' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href')).toContain(
      'openstreetmap.org/search?query=Ateneu%20Popular',
    );
    expect(await page.getByText('Quedan 3').isVisible()).toBe(true);
    await screenshot(page, 'buyer-states-event-phone');
    await page.getByRole('button', { name: 'Añadir una: Entrada libre' }).click();
    expect(await page.getByTestId('selector-total').textContent()).toMatch(/0,00/);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/details$/);
    await fillBuyerDetails(page);
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await page.waitForURL(/\/summary$/);
    await page.getByRole('heading', { name: '¡Gracias por tu pedido!' }).waitFor();
    expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('COMPLETED');
    expect(await page.getByText('¡Nos vemos en el mercado!').isVisible()).toBe(true);
    await context.close();
  });

  it('an offline payment leaves the order awaiting payment with the instructions and an orange badge', async () => {
    const { page, context } = await newPage(browser, { viewport: DESKTOP });
    await openEventPage(page, `/e/${event.id}/${event.slug}`);
    await page.getByRole('button', { name: 'Añadir una: Cena' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/details$/);
    await fillBuyerDetails(page);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.waitForURL(/\/payment$/);
    // The return address of a payment that was never started (a bookmark, a reload) leads back to paying.
    await page.goto(page.url().replace(/\/payment$/, '/payment_return'));
    await page.waitForURL(/\/payment$/, { timeout: 5000 });
    await page.getByText('Transferencia a ES12 3456 7890 1234').waitFor();
    expect(await page.getByTestId('test-mode').count()).toBe(0);
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await page.waitForURL(/\/summary$/);
    await page.getByRole('heading', { name: 'Pedido pendiente de pago' }).waitFor();
    const badge = page.locator('[data-status]').first();
    expect(await badge.getAttribute('data-status')).toBe('AWAITING_PAYMENT');
    // Orange, darkened by the theme until it reads at 4.5:1 on its light background.
    expect(await badge.evaluate((el) => getComputedStyle(el).color)).toMatch(
      /rgb\((1[6-9][0-9]|2[0-9]{2}), ([4-9][0-9]|1[0-4][0-9]), [0-3]?[0-9]\)/,
    );
    expect(await page.getByText('Cómo pagar').isVisible()).toBe(true);
    await screenshot(page, 'buyer-states-offline-summary');
    await context.close();
  });

  it('a donation below the minimum is refused on the page; leaving a checkout frees it and shows it ended', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await openEventPage(page, `/e/${event.id}/${event.slug}`);
    await page.getByRole('button', { name: 'Añadir una: Aportación' }).click();
    await page.getByLabel('Tu aportación por entrada').fill('2');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('La aportación mínima es 5,00 €.').waitFor();
    expect(page.url()).toContain(`/e/${event.id}/`);
    await page.getByLabel('Tu aportación por entrada').fill('12,50');
    expect(await page.getByTestId('selector-total').textContent()).toMatch(/12,50/);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/details$/);
    const checkoutUrl = page.url();
    await page.getByTestId('countdown').waitFor();
    await page.getByRole('button', { name: 'Cancelar el pedido y volver al evento' }).click();
    await page.waitForURL(new RegExp(`/e/${event.id}/`));
    await page.goto(checkoutUrl);
    await page.getByRole('heading', { name: /Tu pedido ha caducado|Este pedido ya no existe/ }).waitFor();
    await page.getByRole('link', { name: 'Empezar un nuevo pedido' }).waitFor();
    await screenshot(page, 'buyer-states-order-ended-phone');
    await context.close();
  });

  it('the last ticket sold to someone else while choosing: refused, and taken out of the selection', async () => {
    const token = await registerOrganizer('last');
    const last = await liveEventWithTicket(token, 'Última entrada');
    const vip = await call<{ id: string; prices: { id: string }[] }>(
      'POST',
      `events/${last.id}/tickets`,
      { name: 'VIP', type: 'PAID', prices: [{ price_cents: 6000, quantity: 1 }] },
      token,
    );
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await openEventPage(page, `/e/${last.id}/${last.slug}`);
    await page.getByRole('button', { name: 'Añadir una: VIP' }).click();
    // Someone else buys it meanwhile.
    const other = { first_name: 'Pau', last_name: 'Vila', email: 'pau@example.com' };
    await placeOrder({ id: last.id, ticket: vip }, other, 1, {
      provider: 'test',
      card_number: '4242424242424242',
    });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('alert').filter({ hasText: 'No quedan entradas suficientes de «VIP».' }).waitFor();
    const vipCard = page.getByTestId('ticket').filter({ hasText: 'VIP' });
    await vipCard.getByText('Agotadas').waitFor();
    // Sold out, it has no stepper left: it must not stay in the total nor be sent again.
    expect(await page.getByTestId('selector-total').textContent()).toMatch(/(^|\D)0,00\s€/);
    expect(await page.getByRole('button', { name: 'Continuar' }).isDisabled()).toBe(true);
    await screenshot(page, 'buyer-states-sold-out-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByText('No quedan entradas suficientes de «VIP».').waitFor({ state: 'detached' });
    await context.close();
  });

  it('an unknown or unpublished event shows "event unavailable" and is not indexed', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    const res = await page.goto('/e/00000000-0000-4000-8000-000000000000/nada');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Evento no disponible' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await screenshot(page, 'buyer-states-unavailable-phone');
    await context.close();
  });

  it('speaks English when the buyer chose it', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE, locale: 'en-GB' });
    await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
    await openEventPage(page, `/event/${event.id}/${event.slug}`);
    await page.getByRole('heading', { name: 'Tickets' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).isVisible()).toBe(true);
    expect(await page.getByText('Free').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Entradas' }).waitFor();
    await context.close();
  });
});
