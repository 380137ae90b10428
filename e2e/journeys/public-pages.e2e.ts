import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { seriousViolations } from '../axe.ts';
import { baseUrl, collectErrors, launch, newPage, openEventPage, PHONE, screenshot } from '../browser.ts';

/**
 * Every public page a buyer sees, on a 390 px phone in Spanish and English (issue 14): no serious or
 * critical axe-core violation (WCAG 2.1 A/AA), with the organizer's colours chosen badly on purpose (the
 * pages adjust them); ticket and print pages readable with JavaScript off; the checkout says it needs
 * JavaScript; private pages send noindex; unknown addresses answer 404; robots.txt and the sitemap.
 */

const buyer = { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' };
/** Colours that fail WCAG as given: white on yellow buttons, grey text on a cream background. */
const colors = { primary: '#fcc419', background: '#fff9db', text: '#adb5bd' };

async function setUp(tag: string) {
  const token = await registerOrganizer(tag);
  const event = await liveEventWithTicket(token, `Noche de jazz ${tag}`, {
    payment_providers: ['test', 'offline'],
    offline_payment_instructions: 'Transferencia a ES00 0000 0000 0000.',
    colors,
  });
  const paid = await placeOrder(event, buyer, 2, { provider: 'test', card_number: '4242424242424242' });
  const order = await call<{ short_id: string; attendees: { short_id: string }[] }>(
    'GET',
    `public/events/${event.id}/order/${paid.short_id}`,
  );
  const attendee = order.attendees[0]?.short_id ?? '';
  return { event, order, attendee };
}

/** A new reservation of one ticket: its checkout address (`step` appended). */
async function reservation(event: { id: string; ticket: { id: string; prices: { id: string }[] } }) {
  const order = await call<{ short_id: string }>('POST', `public/events/${event.id}/order`, {
    tickets: [{ ticket_id: event.ticket.id, price_id: event.ticket.prices[0]?.id, quantity: 1 }],
  });
  return { shortId: order.short_id, url: `/checkout/${event.id}/${order.short_id}` };
}

async function expectAccessible(page: Page, name: string) {
  await screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
}

describe('public pages', () => {
  let browser: Browser;
  let data: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    browser = await launch();
    data = await setUp('a11y');
  });
  afterAll(() => browser?.close());

  for (const locale of ['es', 'en'] as const) {
    it(`has no serious accessibility violation on any buyer page (${locale}, 390 px)`, async () => {
      const { event, order, attendee } = data;
      const { page, context } = await newPage(browser, { viewport: PHONE, locale });
      await context.addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
      const shot = (step: string) => `public-${step}-${locale}-phone`;
      // The checkout steps are hydrated from the server's markup: no mismatch, no error.
      const errors = collectErrors(page);

      await openEventPage(page, `/e/${event.id}/${event.slug}`);
      await expectAccessible(page, shot('event'));

      const open = await reservation(event);
      await page.goto(`${open.url}/details`);
      await page.getByTestId('countdown').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      await expectAccessible(page, shot('details'));
      // A refused submit: errors shown, the keyboard on the first field to fix.
      await page.locator('form button[type="submit"]').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
        .toBe('given-name');
      await expectAccessible(page, shot('details-errors'));

      await call('PUT', `public/events/${event.id}/order/${open.shortId}`, {
        ...buyer,
        email_confirmation: buyer.email,
      });
      await page.goto(`${open.url}/payment`);
      await page.getByTestId('test-mode').waitFor();
      await expectAccessible(page, shot('payment'));

      await page.goto(`/checkout/${event.id}/${order.short_id}/summary`);
      await page.getByTestId('summary-attendee').first().waitFor();
      // The pointer is still where the details form's button was: with the receipt above them, a
      // ticket's «Ver entrada» sits there now. The page is checked at rest, not with that button hovered.
      await page.mouse.move(0, 0);
      await expectAccessible(page, shot('summary'));

      await page.goto(`/checkout/${event.id}/${order.short_id}/payment_return`);
      await page.waitForURL(/\/summary$/);
      await page.getByTestId('summary-attendee').first().waitFor();

      await page.goto(`/ticket/${event.id}/${attendee}`);
      await page.getByTestId('ticket-qr').waitFor();
      await expectAccessible(page, shot('ticket'));
      await page.goto(`/ticket/${event.id}/${attendee}/print`);
      await page.getByTestId('ticket-qr').waitFor();
      await expectAccessible(page, shot('ticket-print'));
      await page.goto(`/order/${event.id}/${order.short_id}/print`);
      await page.getByTestId('ticket-qr').nth(1).waitFor();
      await expectAccessible(page, shot('order-print'));
      expect(errors).toEqual([]);

      const missing = await page.goto('/no-such-page');
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { level: 2 }).waitFor();
      await expectAccessible(page, shot('not-found'));
      await context.close();
    });
  }

  it('shows the ticket and print pages with JavaScript off, and says the checkout needs it', async () => {
    const { event, order, attendee } = data;
    const { page, context } = await newPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    const res = await page.goto(`/ticket/${event.id}/${attendee}`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await page.getByRole('heading', { level: 1, name: event.name }).waitFor();
    expect(await page.getByTestId('ticket-card').textContent()).toContain('Lucía Martín');
    expect(await page.locator('[data-testid="ticket-qr"] svg').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Imprimir' }).getAttribute('href')).toBe(
      `/ticket/${event.id}/${attendee}/print`,
    );
    // No script at all on the ticket page.
    expect(await page.locator('script[src]').count()).toBe(0);
    await screenshot(page, 'public-ticket-no-javascript-phone');

    // The language links work without JavaScript.
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Add to calendar' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.goto(`/order/${event.id}/${order.short_id}/print`);
    expect(await page.locator('[data-testid="ticket-qr"] svg').count()).toBe(2);
    // Its print button needs a script: hidden without one.
    expect(await page.getByRole('button', { name: 'Print' }).count()).toBe(0);

    const open = await reservation(event);
    const checkout = await page.goto(`${open.url}/details`);
    expect(checkout?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await page.getByRole('heading', { name: 'Turn on JavaScript to complete your purchase' }).waitFor();
    await screenshot(page, 'public-checkout-no-javascript-phone');

    const unknown = await page.goto(`/ticket/${event.id}/a_doesnotexist`);
    expect(unknown?.status()).toBe(404);
    await context.close();
  });

  it('stays readable on an organizer’s dark background: fields, errors, links, date tile, print sheet', async () => {
    const token = await registerOrganizer('dark');
    const event = await liveEventWithTicket(token, 'Noche de jazz a oscuras', {
      payment_providers: ['test'],
      colors: { primary: '#ffd400', background: '#1a1a2e', text: '#f0f0f0' },
    });
    const paid = await placeOrder(event, buyer, 1, { provider: 'test', card_number: '4242424242424242' });
    const order = await call<{ attendees: { short_id: string }[] }>(
      'GET',
      `public/events/${event.id}/order/${paid.short_id}`,
    );
    const { page, context } = await newPage(browser, { viewport: PHONE });
    const shot = (step: string) => `public-dark-${step}-phone`;
    await openEventPage(page, `/e/${event.id}/${event.slug}`);
    await expectAccessible(page, shot('event'));

    const open = await reservation(event);
    await page.goto(`${open.url}/details`);
    await page.getByTestId('countdown').waitFor();
    await page.locator('form button[type="submit"]').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await page.getByLabel('Apellidos').first().fill('Martín');
    await expectAccessible(page, shot('details-errors'));

    await page.goto(`/checkout/${event.id}/${paid.short_id}/summary`);
    await page.getByTestId('summary-attendee').first().waitFor();
    await expectAccessible(page, shot('summary'));
    await page.goto(`/ticket/${event.id}/${order.attendees[0]?.short_id}/print`);
    await page.getByTestId('ticket-qr').waitFor();
    await expectAccessible(page, shot('ticket-print'));
    await context.close();
  });

  it('goes from the event page to checkout without downloading the scripts again', async () => {
    const { event } = data;
    const { page, context } = await newPage(browser, { viewport: PHONE });
    const scripts = new Map<string, number>();
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.set(r.url(), (scripts.get(r.url()) ?? 0) + 1);
    });
    await openEventPage(page, `/e/${event.id}/${event.slug}`);
    const eventScripts = new Set(scripts.keys());
    await page.getByRole('button', { name: 'Añadir una: General' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/details$/);
    await page.getByTestId('countdown').waitFor();
    const checkoutScripts = [...scripts.keys()].filter((url) => !eventScripts.has(url));
    // The checkout uses the event page's files (same addresses, cached) and adds its own entry.
    expect(checkoutScripts.length).toBeGreaterThan(0);
    expect(checkoutScripts.every((url) => /\/assets\/checkout-[\w-]+\.js$/.test(url))).toBe(true);
    await context.close();
  });

  it('serves robots.txt, a sitemap of listed live events, and 404 for unknown addresses', async () => {
    const { event } = data;
    const robots = await fetch(`${baseUrl()}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toMatch(/User-agent: \*[\s\S]*Sitemap: http.*\/sitemap\.xml/);
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/e/${event.id}/${event.slug}</loc>`);
    expect((await fetch(`${baseUrl()}/nada/por/aqui`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/manage/events`)).status).toBe(200);
  });
});
