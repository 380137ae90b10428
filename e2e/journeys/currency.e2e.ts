import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, registerOrganizer } from '../api.ts';
import { collectErrors, DESKTOP, launch, newPage, openEventPage, screenshot } from '../browser.ts';

/**
 * Money in a currency without decimals (issue "Money you can trust"): an organizer whose account sells in
 * Chilean pesos types a fixed fee of 500 and a price of 15.000 — a decimal is refused in the field, not
 * rounded — and a buyer pays 15.500 pesos: the event page, the checkout total, the summary and the
 * organizer's event card and dashboard all show whole pesos (the fee was charged 50.000 and the card divided by 100).
 */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function signedInPage(token: string) {
  const { context, page } = await newPage(browser, { viewport: DESKTOP });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return { context, page };
}

async function addFixedFee(page: Page) {
  await page.goto('/account/taxes-and-fees');
  await page.getByText('Aún no hay impuestos ni comisiones').waitFor();
  await page.getByRole('button', { name: 'Añadir' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill('Cargo por servicio');
  await dialog.getByText('Comisión', { exact: true }).click();
  await dialog.getByText('Importe fijo', { exact: true }).click();
  await dialog.getByText('En CLP, la moneda de la cuenta.', { exact: false }).waitFor();
  const amount = dialog.getByLabel('Importe por entrada', { exact: false });
  await amount.fill('500,5');
  await dialog.getByLabel('Aplicar por defecto a las entradas nuevas').check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.getByText('Los importes en CLP no llevan decimales.').waitFor();
  await amount.fill('500');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('cell', { name: '500 CLP' }).locator('visible=true').waitFor();
}

async function addTicket(page: Page, eventId: string) {
  await page.goto(`/manage/event/${eventId}/tickets`);
  await page.getByRole('button', { name: 'Nueva entrada' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Nueva entrada' });
  await modal.getByLabel(/^Nombre( \*)?$/).fill('General');
  await modal.getByLabel('Precio').fill('15000,5');
  await modal.getByLabel('Cantidad disponible').fill('50');
  // The account's fee is preselected and written in pesos.
  await modal.getByLabel('Cargo por servicio · 500 CLP').waitFor();
  await modal.getByRole('button', { name: 'Crear entrada' }).click();
  await modal.getByText('Los importes en CLP no llevan decimales.').waitFor();
  await modal.getByLabel('Precio').fill('15000');
  await modal.getByRole('button', { name: 'Crear entrada' }).click();
  await modal.waitFor({ state: 'hidden' });
}

async function buyOne(page: Page, event: { id: string; slug: string }) {
  const errors = collectErrors(page);
  await openEventPage(page, `/e/${event.id}/${event.slug}`);
  expect(plain(await page.getByTestId('ticket').textContent())).toContain('15.000 CLP');
  await page.getByRole('button', { name: 'Añadir una: General' }).click();
  expect(plain(await page.getByTestId('selector-total').textContent())).toContain('15.500 CLP');
  await screenshot(page, 'currency-clp-event');
  expect(errors).toEqual([]);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.waitForURL(/\/details$/);
  await page.getByLabel('Nombre').first().fill('Lucía');
  await page.getByLabel('Apellidos').first().fill('Martín');
  await page.getByLabel('Correo electrónico', { exact: false }).first().fill('lucia@example.com');
  await page.getByLabel('Confirma el correo electrónico').fill('lucia@example.com');
  const block = page.getByTestId('attendee-block');
  if (await block.count()) await block.first().getByRole('button', { name: 'Usar mis datos' }).click();
  await page.getByRole('button', { name: 'Continuar al pago' }).click();

  await page.waitForURL(/\/payment$/);
  expect(plain(await page.getByTestId('order-total').textContent())).toBe('15.500 CLP');
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pagar/ }).click();

  await page.waitForURL(/\/summary$/);
  await page.getByRole('heading', { name: '¡Gracias por tu pedido!' }).waitFor();
  // The receipt: the paying step's answer left it out, the summary reads the order again for it.
  await page.getByTestId('receipt').waitFor();
  expect(plain(await page.getByTestId('receipt-fee').textContent())).toContain('500 CLP');
  expect(plain(await page.getByTestId('receipt-total').textContent())).toBe('15.500 CLP');
  await screenshot(page, 'currency-clp-summary');
  return page.url().split('/').at(-2) ?? '';
}

describe('currency journey', () => {
  it('a CLP account: a fixed fee of 500 pesos and a 15.000 price make a 15.500 order, everywhere in whole pesos', async () => {
    const token = await registerOrganizer('clp');
    await call(
      'PUT',
      'accounts/me',
      { name: 'Teatro Andes', currency: 'CLP', timezone: 'America/Santiago' },
      token,
    );
    const organizer = await call<{ id: string }>('POST', 'organizers', { name: 'Teatro Andes' }, token);
    const start = new Date(Date.now() + 21 * 86400_000);
    start.setUTCHours(23, 0, 0, 0);
    const event = await call<{ id: string; slug: string }>(
      'POST',
      'events',
      {
        name: 'Cueca en el teatro',
        organizer_id: organizer.id,
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 2 * 3600_000).toISOString(),
        timezone: 'America/Santiago',
        currency: 'CLP',
      },
      token,
    );

    const organizerPage = await signedInPage(token);
    await addFixedFee(organizerPage.page);
    const taxes = await call<{ value: number }[]>('GET', 'accounts/me/taxes-and-fees', undefined, token);
    expect(taxes).toMatchObject([{ value: 500 }]);
    await addTicket(organizerPage.page, event.id);
    const tickets = await call<{ prices: { price_cents: number }[]; tax_ids: string[] }[]>(
      'GET',
      `events/${event.id}/tickets`,
      undefined,
      token,
    );
    expect(at(at(tickets, 0).prices, 0).price_cents).toBe(15_000);
    await call('PUT', `events/${event.id}/status`, { status: 'LIVE' }, token);

    const buyer = await newPage(browser, { viewport: DESKTOP });
    const orderShortId = await buyOne(buyer.page, event);
    const order = await call<{ total_cents: number; currency: string }>(
      'GET',
      `public/events/${event.id}/order/${orderShortId}`,
    );
    expect(order).toMatchObject({ total_cents: 15_500, currency: 'CLP' });
    await buyer.context.close();

    // The organizer's event card and dashboard: revenue in pesos, not divided by 100.
    const { page } = organizerPage;
    await page.goto('/manage/events');
    const card = page.getByTestId('event-card').filter({ hasText: 'Cueca en el teatro' });
    await card.waitFor();
    expect(plain(await card.textContent())).toContain('15.500 CLP');
    await screenshot(page, 'currency-clp-events');
    await page.goto(`/manage/event/${event.id}/dashboard`);
    await page.getByText('Ingresos').first().waitFor();
    await page.getByText('15.500 CLP').first().waitFor();
    await organizerPage.context.close();
  }, 200_000);
});
