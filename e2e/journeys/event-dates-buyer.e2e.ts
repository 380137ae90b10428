import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, liveEventWithTicket, registerOrganizer, startAt } from '../api.ts';
import { seriousViolations } from '../axe.ts';
import {
  collectErrors,
  DESKTOP,
  fillBuyerDetails,
  launch,
  newPage,
  openEventPage,
  PHONE_360,
  screenshot,
} from '../browser.ts';

/**
 * The buyer's side of event dates (issue 27): an event with three dates; on a 360 px phone the buyer
 * picks the second date from the list, buys with the test card and the ticket says that date; on a
 * 1280 px screen the month calendar is worked with the keyboard alone; axe finds nothing serious.
 */

const monthName = (iso: string) =>
  new Intl.DateTimeFormat('es', { timeZone: 'Europe/Madrid', month: 'long' }).format(new Date(iso));
const fullDate = (iso: string) =>
  new Intl.DateTimeFormat('es', { timeZone: 'Europe/Madrid', dateStyle: 'full' }).format(new Date(iso));

async function setUp() {
  const token = await registerOrganizer('dates-buyer');
  const event = await liveEventWithTicket(token, 'Hamlet en el Lliure');
  const ids: string[] = [];
  for (const days of [4, 11, 18]) {
    const date = await call<{ id: string }>(
      'POST',
      `events/${event.id}/dates`,
      { starts_at: startAt(days), ends_at: new Date(Date.parse(startAt(days)) + 2 * 3600_000).toISOString() },
      token,
    );
    ids.push(date.id);
  }
  return { ...event, ids };
}

describe('event dates: the buyer', () => {
  let browser: Browser;
  let event: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    browser = await launch();
    event = await setUp();
  });
  afterAll(() => browser?.close());

  it('a 360 px phone picks the second date from the list, buys it, and the ticket says that date', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    const errors = collectErrors(page);
    await openEventPage(page, `/e/${event.id}/${event.slug}`);
    await page.getByText('Elige una fecha para ver sus entradas.').waitFor();
    const options = page.locator('[data-testid="date-option"]:visible');
    expect(await options.count()).toBe(3);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'event-dates-phone-list');

    await options.nth(1).click();
    await page.waitForURL(new RegExp(`date=${at(event.ids, 1)}`));
    await expect.poll(() => options.nth(1).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => page.getByTestId('event-date').textContent()).toContain(fullDate(startAt(11)));
    await page.getByRole('button', { name: 'Añadir una: General' }).click();
    await screenshot(page, 'event-dates-phone-chosen');
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.waitForURL(/\/details$/);
    expect(await page.getByTestId('checkout-date').textContent()).toContain(fullDate(startAt(11)));
    await fillBuyerDetails(page);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.waitForURL(/\/payment$/);
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.waitForURL(/\/summary$/);
    const ticketUrl = await page.getByRole('link', { name: 'Ver entrada' }).first().getAttribute('href');
    await page.goto(ticketUrl ?? '');
    const when = await page.getByTestId('ticket-date').textContent();
    expect(when).toContain(fullDate(startAt(11)));
    expect(when).not.toContain(fullDate(startAt(4)));
    await screenshot(page, 'event-dates-phone-ticket');
    await context.close();
  });

  it('on a 1280 px screen the calendar works with the keyboard alone, and axe finds nothing serious', async () => {
    const { page, context } = await newPage(browser, { viewport: DESKTOP });
    const errors = collectErrors(page);
    await openEventPage(page, `/e/${event.id}/${event.slug}`);
    const calendar = page.getByTestId('event-dates');
    await calendar.getByRole('table').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Tab to the third date's day (the days with dates are the calendar's only buttons but the months').
    const third = startAt(18);
    await calendar.getByRole('button', { name: 'Mes siguiente' }).focus();
    if (third.slice(0, 7) !== startAt(4).slice(0, 7)) {
      await page.keyboard.press('Enter');
      await calendar
        .getByTestId('calendar-month')
        .filter({ hasText: monthName(third) })
        .waitFor();
    }
    const dayName = new Intl.DateTimeFormat('es', {
      timeZone: 'Europe/Madrid',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(third));
    const day = calendar.getByRole('button', { name: dayName });
    await day.waitFor();
    for (let i = 0; i < 40 && !(await day.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    expect(await day.getAttribute('aria-pressed')).toBe('true');
    await page.waitForURL(new RegExp(`date=${at(event.ids, 2)}`));
    await page.getByRole('button', { name: 'Añadir una: General' }).waitFor();
    // The chosen day's time is a link marked as the current date.
    expect(await calendar.locator('[data-testid="date-option"][aria-current="true"]:visible').count()).toBe(
      1,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'event-dates-desktop-calendar');
    expect(errors).toEqual([]);
    await context.close();
  });
});
