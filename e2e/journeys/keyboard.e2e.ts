import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventWithTicket, registerOrganizer } from '../api.ts';
import { launch, newPage, openEventPage, PHONE, screenshot } from '../browser.ts';

/**
 * A purchase with the keyboard alone (issue #24, WCAG 2.1.1): from the event page to the ticket, every
 * control is reached with Tab and used with Enter, Space or typing; the mouse is never used.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** What the focused element is called: its accessible label, as a screen reader would say it. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = el.getAttribute('aria-label');
    if (labelled) return labelled;
    const byId = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return (byId ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

/** Whether the focused element is hidden under something else, e.g. a sticky bar (WCAG 2.4.11). */
const focusObscured = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 10));
    return !!top && top !== el && !el.contains(top) && !top.contains(el);
  });

/** Presses Tab until the focused element's name matches (at most 60 presses); it must be in sight. */
async function tabTo(page: Page, name: RegExp) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName(page))) {
      expect(await focusObscured(page), `${name} is hidden under another element`).toBe(false);
      return;
    }
  }
  throw new Error(`Tab never reached ${name}`);
}

describe('a keyboard-only purchase', () => {
  it('goes from the event page to the ticket with Tab, Enter, Space and typing', async () => {
    const token = await registerOrganizer('teclado');
    const event = await liveEventWithTicket(token, 'Concierto con teclado', { payment_providers: ['test'] });
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await openEventPage(page, `/e/${event.id}/${event.slug}`);

    await tabTo(page, /^Añadir una: General$/);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await page.getByText('2 entradas', { exact: false }).first().waitFor();
    await tabTo(page, /^Continuar$/);
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/details$/);
    await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
    await tabTo(page, /^Nombre/);
    await page.keyboard.type('Lucía');
    await tabTo(page, /^Apellidos/);
    await page.keyboard.type('Martín');
    await tabTo(page, /^Correo electrónico/);
    await page.keyboard.type('lucia.teclado@example.com');
    await tabTo(page, /^Confirma el correo electrónico/);
    await page.keyboard.type('lucia.teclado@example.com');
    // The first ticket is hers (her details with one key), the second a friend's.
    await tabTo(page, /^Usar mis datos$/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^Usar mis datos$/);
    await tabTo(page, /^Nombre/);
    await page.keyboard.type('Pablo');
    await tabTo(page, /^Apellidos/);
    await page.keyboard.type('Ruiz');
    await tabTo(page, /^Correo electrónico/);
    await page.keyboard.type('pablo.teclado@example.com');
    await screenshot(page, 'keyboard-details-phone');
    await tabTo(page, /^Continuar al pago$/);
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/payment$/);
    await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
    await tabTo(page, /^Número de tarjeta/);
    await page.keyboard.type('4242 4242 4242 4242');
    await tabTo(page, /^Pagar/);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: '¡Gracias por tu pedido!' }).waitFor();
    await screenshot(page, 'keyboard-summary-phone');
    await tabTo(page, /^Ver entrada/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/ticket\//);
    await page.getByTestId('ticket-qr').waitFor();
    await screenshot(page, 'keyboard-ticket-phone');
    expect(await page.getByText(/^(Lucía Martín|Pablo Ruiz)$/).count()).toBe(1);
    await context.close();
  });
});
