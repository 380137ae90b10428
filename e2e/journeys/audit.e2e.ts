import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerOrganizer } from '../api.ts';
import { collectErrors, launch, newPage, screenshot } from '../browser.ts';

/**
 * The activity log from the account screens on a 360 px phone and a desktop: an admin changes the offline
 * payment instructions and creates an API key; «Registro de actividad» lists both, a row opens to show the
 * instructions before → after and the key hidden; the action filter is kept in the address; the retention
 * refuses 10 days next to its field and saves 90.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('audit journey', () => {
  it('shows who changed what, filters by action, and keeps the retention', async () => {
    const token = await registerOrganizer('audit');
    await call(
      'PUT',
      'accounts/me/payment-settings',
      {
        offline_payment_instructions: 'Transferencia a ES11 2222',
      },
      token,
    );
    await call(
      'PUT',
      'accounts/me/payment-settings',
      {
        offline_payment_instructions: 'Transferencia a ES33 4444',
      },
      token,
    );
    await call('POST', 'accounts/me/api-keys', { name: 'Contabilidad', permission: 'READ_ONLY' }, token);

    for (const viewport of [
      { width: 360, height: 780 },
      { width: 1280, height: 800 },
    ]) {
      const { page } = await newPage(browser, { viewport });
      await page.context().addInitScript((t) => localStorage.setItem('token', t), token);
      const errors = collectErrors(page);
      await page.goto('/account/settings');
      await page.getByRole('tab', { name: 'Registro de actividad' }).click();
      await page.waitForURL(/\/account\/activity/);
      const phone = viewport.width < 600;
      const scope = phone ? page.getByTestId('audit-entry') : page.locator('table');
      await scope.getByText('Clave de API creada').first().waitFor();
      await scope.getByText('Ajustes de pago de la cuenta cambiados').first().waitFor();
      await screenshot(page, `audit-log-${phone ? '360' : 'desktop'}`);

      // The newest payment change opens to show the instructions before → after.
      await scope.getByText('Ajustes de pago de la cuenta cambiados').first().click();
      await scope.getByText('Instrucciones de pago offline').first().waitFor();
      await scope.getByText('Transferencia a ES33 4444').first().waitFor();
      await scope.getByText('Transferencia a ES11 2222').first().waitFor();
      await screenshot(page, `audit-log-open-${phone ? '360' : 'desktop'}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
      await page.close();
    }

    const { page } = await newPage(browser, { viewport: { width: 360, height: 780 } });
    await page.context().addInitScript((t) => localStorage.setItem('token', t), token);
    // The filter is in the address: a reload shows the same list.
    await page.goto('/account/activity?action=api_key.created');
    await page.getByTestId('audit-entry').getByText('Clave de API creada').first().waitFor();
    await expect
      .poll(() => page.getByTestId('audit-entry').getByText('Ajustes de pago de la cuenta cambiados').count())
      .toBe(0);
    await page.getByTestId('audit-entry').getByText('Clave de API creada').first().click();
    await page.getByTestId('audit-entry').getByText('(oculto)').first().waitFor();

    await page.getByLabel('Días que se conserva el registro').fill('10');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Entre 30 y 3650 días.').waitFor();
    await page.getByLabel('Días que se conserva el registro').fill('90');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('90 días').waitFor();
    const settings = await call<{ retention_days: number }>('GET', 'audit-log/settings', undefined, token);
    expect(settings.retention_days).toBe(90);
    await page.close();
  });
});
