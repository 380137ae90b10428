import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { collectErrors, DESKTOP, launch, newPage, openEventPage, screenshot } from '../browser.ts';

/**
 * Català as a buyer, an organizer and the door see it: a browser in Catalan gets the event page, the
 * checkout, the ticket page and the back office in Catalan, money and dates written the Catalan way.
 */
const NARROW = { width: 360, height: 780 };
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('Català', () => {
  it('a Catalan browser buys in Catalan; the organizer manages in Catalan', async () => {
    const token = await registerOrganizer('catala');
    const event = await liveEventWithTicket(token, 'Nit de jazz', { payment_providers: ['test'] });

    for (const viewport of [DESKTOP, NARROW]) {
      const { page, context } = await newPage(browser, { viewport, locale: 'ca-ES' });
      const errors = collectErrors(page);
      await openEventPage(page, `/e/${event.id}/${event.slug}`);
      expect(await page.getAttribute('html', 'lang')).toBe('ca');
      await page.getByText('Sobre l’esdeveniment').first().waitFor();
      await page
        .getByText(/25,00\s€/)
        .first()
        .waitFor();
      await screenshot(page, `catala-event-${viewport.width}`);
      await page
        .getByText(/\d+ d[e’] ?[a-z]+ del \d{4}, a les /)
        .first()
        .waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }

    const paid = await placeOrder(
      event,
      { first_name: 'Jordi', last_name: 'Puig', email: 'jordi@example.com' },
      1,
      {
        provider: 'test',
        card_number: '4242424242424242',
      },
    );
    const order = await call<{ attendees: { short_id: string }[] }>(
      'GET',
      `public/events/${event.id}/order/${paid.short_id}`,
    );
    const ticketPage = await newPage(browser, { viewport: NARROW, locale: 'ca-ES' });
    await ticketPage.page.goto(`/ticket/${event.id}/${order.attendees[0]?.short_id}`);
    await ticketPage.page.getByRole('link', { name: 'Català' }).waitFor();
    await ticketPage.page.getByText('Assistent').first().waitFor();
    await screenshot(ticketPage.page, 'catala-ticket-360');
    await ticketPage.context.close();

    // The door: its own build, in the phone's language, with a language select.
    const list = await call<{ short_id: string }>(
      'POST',
      `events/${event.id}/check-in-lists`,
      { name: 'Porta principal' },
      token,
    );
    const door = await newPage(browser, { viewport: NARROW, locale: 'ca-ES' });
    await door.page.goto(`/check-in/${list.short_id}`);
    await door.page.getByTestId('door-online').getByText('En línia').waitFor();
    await door.page.getByTestId('door-waiting').getByText('0 en espera').waitFor();
    expect(await door.page.getByRole('combobox', { name: 'Idioma' }).inputValue()).toBe('ca');
    await screenshot(door.page, 'catala-door-360');
    await door.context.close();

    // A Spanish browser switches with the shell's switch; the choice is kept in the `locale` cookie.
    const { page, context } = await newPage(browser, { viewport: DESKTOP, locale: 'es-ES' });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto('/manage/events');
    await page.getByRole('heading', { name: 'Eventos' }).waitFor();
    await page.getByText('CA', { exact: true }).click();
    await page.getByRole('heading', { name: 'Esdeveniments' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('ca');
    await screenshot(page, 'catala-backoffice-events-1280');
    await page.goto(`/manage/event/${event.id}/orders`);
    await page.getByText('Jordi').first().waitFor();
    await page;
    await page.getByRole('heading', { name: 'Comandes' }).first().waitFor();
    await screenshot(page, 'catala-backoffice-orders-1280');
    await context.close();
  });
});
