import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, registerOrganizer } from '../api.ts';
import { DESKTOP, launch, newPage, PHONE, screenshot } from '../browser.ts';

/**
 * Affiliates (`?aff=`): the organizer creates an affiliate in the back office, a buyer on a phone arrives
 * through the affiliate's link and buys a ticket with the test card, and the sale shows on the
 * affiliate's row and in its day-by-day figures.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function signedInPage(token: string, viewport = DESKTOP) {
  const { context, page } = await newPage(browser, { viewport });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return { context, page };
}

/** The buyer's side: from the affiliate link to the summary, one ticket, test card. */
async function buyOneThroughLink(page: Page, link: string, eventName: string) {
  await page.goto(link);
  await page.getByRole('heading', { name: eventName }).waitFor();
  await page.getByRole('button', { name: 'Añadir una: General' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/details$/);
  await page.getByLabel('Nombre').first().fill('Lucía');
  await page.getByLabel('Apellidos').first().fill('Martín');
  await page.getByLabel('Correo electrónico', { exact: false }).first().fill('lucia@example.com');
  await page.getByLabel('Confirma el correo electrónico').fill('lucia@example.com');
  await page.getByTestId('attendee-block').getByRole('button', { name: 'Usar mis datos' }).click();
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
  await page.waitForURL(/\/payment$/);
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await page.waitForURL(/\/summary$/);
  await page.getByRole('heading', { name: '¡Gracias por tu pedido!' }).waitFor();
  return page.url().split('/').at(-2) ?? '';
}

describe('affiliates journey', () => {
  it('an affiliate link credits the sale to the affiliate', async () => {
    const token = await registerOrganizer('aff');
    const event = await liveEventWithTicket(token, 'Noche de jazz con afiliados');
    const { page, context } = await signedInPage(token);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Back office: empty state, then a new affiliate whose code is suggested from its name.
    await page.goto(`/manage/event/${event.id}/affiliates`);
    await page.getByText('Aún no hay afiliados').waitFor();
    await page.getByRole('button', { name: 'Nuevo afiliado' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nuevo afiliado' });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('Indica el nombre del afiliado.').waitFor();
    await form.getByLabel('Nombre').fill('Radio Lúcida');
    await form.getByLabel('Correo electrónico').fill('radio@example.com');
    expect(await form.getByLabel('Código').inputValue()).toBe('RADIO-LUCIDA');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Afiliado guardado').waitFor();
    const row = page.getByRole('row', { name: /Radio Lúcida/ });
    await row.waitFor();
    await screenshot(page, 'affiliates-desktop');

    // The link the organizer shares (what the copy button copies).
    const link = `/e/${event.id}/${event.slug}?aff=RADIO-LUCIDA`;

    const buyer = await newPage(browser, { viewport: PHONE });
    const orderShortId = await buyOneThroughLink(buyer.page, link, event.name).catch(async (err) => {
      await screenshot(buyer.page, 'affiliates-buyer-failure').catch(() => undefined);
      throw err;
    });
    expect(orderShortId).toMatch(/^o/);
    await buyer.context.close();

    // The sale is on the affiliate's row and in its figures.
    await page.reload();
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/1.*1.*25,00\s€/);
    await page.getByRole('button', { name: 'Ventas de Radio Lúcida' }).click();
    const sales = page.getByRole('dialog', { name: 'Ventas de Radio Lúcida' });
    await sales.getByRole('row').nth(1).waitFor();
    expect(await sales.getByRole('row').nth(1).textContent()).toMatch(/25,00\s€/);
    await screenshot(page, 'affiliates-sales-desktop');
    const stats = await call<{ affiliate_sales: { orders_count: number } }>(
      'GET',
      `events/${event.id}/promoter/stats`,
      undefined,
      token,
    );
    expect(stats.affiliate_sales.orders_count).toBe(1);
    await page.keyboard.press('Escape');

    // The promoters' dashboard (spec §2 dashboardPromoter) ranks the affiliate and leads to its own page.
    await page.getByRole('link', { name: 'Panel de promotores' }).click();
    await page.getByRole('heading', { name: 'Panel de promotores' }).waitFor();
    const ranked = page.getByRole('row', { name: /Radio Lúcida/ });
    await expect.poll(async () => (await ranked.textContent()) ?? '').toMatch(/25,00\s€.*100\s%/);
    await screenshot(page, 'promoter-dashboard-desktop');
    await ranked.getByRole('link', { name: 'Radio Lúcida' }).click();
    await page.waitForURL(/\/dashboardPromoterSingle\/[0-9a-f-]+$/);
    await page.getByRole('heading', { name: 'Ventas de un promotor' }).waitFor();
    await page.getByText('RADIO-LUCIDA', { exact: true }).waitFor();
    expect(await page.getByRole('row').nth(1).textContent()).toMatch(/25,00\s€/);
    await screenshot(page, 'promoter-single-desktop');

    // The same screen on a phone: cards instead of the table.
    const phone = await signedInPage(token, PHONE);
    await phone.page.goto(`/manage/event/${event.id}/affiliates`);
    await phone.page.getByText('RADIO-LUCIDA').filter({ visible: true }).waitFor();
    await screenshot(phone.page, 'affiliates-phone');
    await phone.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });
});
