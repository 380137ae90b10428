import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, registerOrganizer } from '../api.ts';
import { baseUrl, CHROMIUM, newPage, openEventPage, PHONE, screenshot } from '../browser.ts';

/**
 * A buyer who goes back from checkout: the page the browser restores from its back/forward cache must
 * not keep «Continuar» spinning, and it offers to resume or release the reservation already made. Then
 * the reservation's countdown: warned in time, more time once, in view while scrolling.
 */

/** Chromium with its back/forward cache on (playwright-core turns it off by default). */
const launchWithBfcache = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });

const orderStatus = async (eventId: string, shortId: string) =>
  (await fetch(`${baseUrl()}/api/public/events/${eventId}/order/${shortId}`)).status;

const shortIdOf = (url: string) => url.match(/\/checkout\/[^/]+\/([^/]+)\//)?.[1] ?? '';

describe('buyer: back from checkout, and the reservation countdown', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchWithBfcache();
  });
  afterAll(() => browser?.close());

  it('back from checkout: «Continuar» works again and the page offers to resume or release the order', async () => {
    const token = await registerOrganizer('return');
    const event = await liveEventWithTicket(token, 'Jazz en el patio', { payment_providers: ['test'] });
    const { context, page } = await newPage(browser);
    await page.addInitScript(() => {
      window.addEventListener('pageshow', (e) => {
        if (e.persisted) document.documentElement.dataset.restored = 'yes';
      });
    });
    const url = `/e/${event.id}/${event.slug}`;
    await openEventPage(page, url);
    await page.getByRole('button', { name: 'Añadir una: General' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/checkout\/.*\/details/);
    const first = shortIdOf(page.url());

    await page.goBack({ waitUntil: 'commit' });
    await page.getByTestId('order-in-progress').waitFor();
    // The browser restored the page as it was left (the case that kept «Continuar» spinning).
    expect(await page.locator('html').getAttribute('data-restored')).toBe('yes');
    const cont = page.getByRole('button', { name: 'Continuar', exact: true });
    await expect.poll(() => cont.getAttribute('data-loading')).toBeNull();
    expect(await cont.isEnabled()).toBe(true);
    expect(await page.getByTestId('order-in-progress').innerText()).toContain('1 × General');
    await screenshot(page, 'buyer-return-in-progress');

    // Resume: back to the same order's details.
    await page.getByRole('link', { name: 'Continuar con este pedido' }).click();
    await page.waitForURL(new RegExp(`/checkout/.*/${first}/details`));
    await page.goBack({ waitUntil: 'commit' });
    await page.getByTestId('order-in-progress').waitFor();

    // Release: its units are free at once, and the offer goes away.
    await page.getByRole('button', { name: 'Liberar las entradas' }).click();
    await page.getByTestId('order-in-progress').waitFor({ state: 'detached' });
    expect(await orderStatus(event.id, first)).toBe(404);

    // A new choice with an order left unfinished replaces it instead of holding both.
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await page.waitForURL(/\/checkout\/.*\/details/);
    const second = shortIdOf(page.url());
    await page.goBack({ waitUntil: 'commit' });
    await page.getByTestId('order-in-progress').waitFor();
    await page.getByRole('button', { name: 'Añadir una: General' }).click();
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await page.waitForURL(/\/checkout\/.*\/details/);
    expect(shortIdOf(page.url())).not.toBe(second);
    expect(await orderStatus(event.id, second)).toBe(404);
    await context.close();
  });

  it('warns before the reservation runs out, gives more time once, and keeps the countdown in view', async () => {
    const token = await registerOrganizer('countdown');
    const event = await liveEventWithTicket(token, 'Cuarteto de cuerda', {
      payment_providers: ['test'],
      order_timeout_minutes: 1,
    });
    const order = await call<{ short_id: string; reserved_until: string }>(
      'POST',
      `public/events/${event.id}/order`,
      { tickets: [{ ticket_id: event.ticket.id, price_id: event.ticket.prices[0]?.id, quantity: 4 }] },
    );
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.goto(`/checkout/${event.id}/${order.short_id}/details`);
    await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });

    // One minute left: under two, so the warning is there at once, with a minute to act (WCAG 2.2.1: ≥ 20 s).
    const warning = page.getByRole('alert').filter({ hasText: 'Tu reserva caduca pronto' });
    await warning.waitFor();
    const more = page.getByRole('button', { name: 'Necesito más tiempo' });
    await more.click();
    await more.waitFor({ state: 'detached' });
    await expect.poll(() => warning.innerText()).toContain('Completa el pedido antes de que acabe el tiempo');
    const after = await call<{ reserved_until: string; can_extend: boolean }>(
      'GET',
      `public/events/${event.id}/order/${order.short_id}`,
    );
    expect(after.can_extend).toBe(false);
    expect(new Date(after.reserved_until).getTime()).toBeGreaterThan(
      new Date(order.reserved_until).getTime(),
    );

    // Scrolled to the end of the details form, the countdown is still on screen.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const box = await page.getByTestId('reservation-timer').boundingBox();
    expect(box).not.toBeNull();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? 999).toBeLessThan(10);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await screenshot(page, 'buyer-countdown-warning-360');
    await context.close();
  });
});
