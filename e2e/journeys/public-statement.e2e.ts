import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, registerOrganizer } from '../api.ts';
import { seriousViolations } from '../axe.ts';
import { launch, newPage, PHONE, screenshot } from '../browser.ts';

/**
 * The organizer's public page and the accessibility statement: reached from the event page (the
 * organizer's name, the footer's «Accesibilidad»), read on a 360 px phone, with no serious or critical axe
 * violation, in the default colours and with an organizer's dark colours on the event page.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('organizer page and accessibility statement', () => {
  it('are linked from the event page and pass axe at 360 px, in default and organizer colours', async () => {
    const token = await registerOrganizer('statement');
    const event = await liveEventWithTicket(token, 'Noche de boleros');
    const { context, page } = await newPage(browser, { viewport: { ...PHONE, width: 360 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`/e/${event.id}/${event.slug}`);
    await page.getByRole('link', { name: 'Sala Luna' }).click();
    await page.waitForURL(/\/o\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Sala Luna' }).waitFor();
    await page.getByRole('link', { name: 'Noche de boleros' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'organizer-page-phone');

    await page.getByRole('link', { name: 'Accesibilidad' }).click();
    await page.waitForURL(/\/accessibility$/);
    await page.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'accessibility-statement-phone');
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accessibility statement' }).waitFor();
    await page.getByRole('link', { name: 'Català' }).click();
    await page.getByRole('heading', { level: 1, name: 'Declaració d’accessibilitat' }).waitFor();
    // The choice is remembered (cookie) for the next pages: back to Spanish.
    await page.getByRole('link', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' }).waitFor();

    // An organizer's dark colours: the organizer link and the footer links keep AA contrast.
    await call(
      'PUT',
      `events/${event.id}/settings`,
      { colors: { primary: '#f4c542', background: '#1b1b2f', text: '#f0f0f0' } },
      token,
    );
    await page.goto(`/e/${event.id}/${event.slug}`);
    await page.getByRole('link', { name: 'Sala Luna' }).waitFor();
    await page.getByRole('link', { name: 'Accesibilidad' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'event-page-organizer-colours-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
