import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, PHONE, screenshot } from '../browser.ts';

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('an unknown route shows the 404 page in Spanish with a link home', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto('/esta/ruta/no/existe');
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Taquilla' }).isVisible()).toBe(true);
    const link = page.getByRole('link', { name: 'página de inicio' });
    expect(await link.getAttribute('href')).toBe('/');
    await screenshot(page, 'shell-404-phone');
    await context.close();
  });

  it('the 404 page follows the locale cookie', async () => {
    const { page, context } = await newPage(browser, { locale: 'es-ES' });
    await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'home page' }).getAttribute('href')).toBe('/');
    await context.close();
  });
});
