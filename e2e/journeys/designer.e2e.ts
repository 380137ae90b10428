import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, registerOrganizer } from '../api.ts';
import { DESKTOP, launch, newPage, PHONE, screenshot } from '../browser.ts';

/**
 * Homepage designer: the organizer picks the public page's colours with a live preview (unreadable text
 * is pointed out), saves, and a buyer's phone shows the page in those colours.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('homepage designer journey', () => {
  it('chooses colours with a preview and the public page uses them', async () => {
    const token = await registerOrganizer('design');
    const event = await liveEventWithTicket(token, 'Feria del libro');
    const { page, context } = await newPage(browser, { viewport: DESKTOP });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`/manage/event/${event.id}/homepage-designer`);
    await page.getByRole('heading', { name: 'Diseño de la página' }).waitFor();
    const preview = page.getByTestId('designer-preview');
    await preview.getByText('Feria del libro').waitFor();
    // The product's own colours need no warning: only a main colour the organizer picks is judged.
    expect(await page.getByTestId('button-contrast-warning').count()).toBe(0);

    // Pale text on a pale background is pointed out; the preview follows every change.
    await page.getByLabel('Fondo').fill('#fff9db');
    await page.getByLabel('Texto').fill('#ffe066');
    await page.getByTestId('contrast-warning').waitFor();
    expect(await preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 249, 219)');
    await page.getByLabel('Texto').fill('#5c3d00');
    await expect.poll(() => page.getByTestId('contrast-warning').count()).toBe(0);
    await page.getByLabel('Color principal').fill('#e8590c');
    await page.getByLabel('Color principal').press('Tab');
    await page.getByTestId('button-contrast-warning').waitFor();
    await screenshot(page, 'designer-desktop');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Colores guardados').waitFor();

    const settings = await call<{ colors: Record<string, string | null> }>(
      'GET',
      `events/${event.id}/settings`,
      undefined,
      token,
    );
    expect(settings.colors).toEqual({ primary: '#e8590c', background: '#fff9db', text: '#5c3d00' });

    // The buyer's phone: the page in the chosen colours.
    const buyer = await newPage(browser, { viewport: PHONE });
    await buyer.page.goto(`/e/${event.id}/${event.slug}`);
    await buyer.page.getByRole('heading', { name: 'Feria del libro' }).waitFor();
    const themed = buyer.page.locator('[style*="--event-bg"]').first();
    expect(await themed.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 249, 219)');
    const plus = buyer.page.getByRole('button', { name: 'Añadir una: General' });
    // #e8590c under white text reads at 3.6:1: the page darkens it just enough for 4.5:1.
    expect(await plus.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(197, 76, 10)');
    await screenshot(buyer.page, 'designer-public-phone');
    await buyer.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });
});
