import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { collectErrors, DESKTOP, launch, newPage, screenshot } from '../browser.ts';

/**
 * «Cuenta › Privacidad»: the retention and the erasure refuse bad input under the field that caused it,
 * in the shared schemas' words, before anything is sent; good input saves and erases.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('privacy journey', () => {
  it('refuses a retention out of range and a confirmation that differs, then saves and erases', async () => {
    const token = await registerOrganizer('privacy');
    const event = await liveEventWithTicket(token, 'Noche de tango', { payment_providers: ['test'] });
    const email = `rosa.${Date.now()}@example.com`;
    await placeOrder(event, { first_name: 'Rosa', last_name: 'Gil', email }, 1, {
      provider: 'test',
      card_number: '4242 4242 4242 4242',
    });

    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = collectErrors(page);
    await page.goto('/account/privacy');

    const days = page.getByLabel('Días tras el final del evento');
    await days.fill('10');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Indica un número entero de días entre 30 y 3650').waitFor();
    expect(await days.getAttribute('aria-invalid')).toBe('true');
    await days.fill('60');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Conservación de datos guardada.').waitFor();

    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByTestId('privacy-summary').waitFor();
    await page.getByRole('button', { name: 'Borrar sus datos' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByLabel('Escribe el correo otra vez para confirmar');
    await confirm.fill('otra@example.com');
    await dialog.getByRole('button', { name: 'Borrar definitivamente' }).click();
    await dialog.getByText('Escribe otra vez la misma dirección para confirmar el borrado.').waitFor();
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'privacy-erase-mismatch-desktop');
    await confirm.fill(email.toUpperCase());
    await dialog.getByRole('button', { name: 'Borrar definitivamente' }).click();
    await page.getByText(`Datos de ${email} borrados.`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
