import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { collectErrors, DESKTOP, launch, newPage, screenshot } from '../browser.ts';

/** The narrowest phone the back office is checked at. */
const PHONE = { width: 360, height: 780 };

/**
 * Reports («Informes»): an event with two card orders, one of them partly refunded, seen from the event's
 * menu (figures to the cent, the chart, empty states), a refused date range kept in the address, a
 * CSV export, the printable summary, the account's reports from the main navigation, and a phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const madridDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    Date.now() + offsetDays * 86_400_000,
  );

describe('reports journey', () => {
  it('shows, filters, exports and prints the reports of an event and of the account', async () => {
    const token = await registerOrganizer('reports');
    const event = await liveEventWithTicket(token, 'Festival de Invierno', { payment_providers: ['test'] });
    const card = { provider: 'test', card_number: '4242 4242 4242 4242' };
    const first = await placeOrder(
      event,
      { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' },
      2,
      card,
    );
    await placeOrder(event, { first_name: 'Pau', last_name: 'Soler', email: 'pau@example.com' }, 1, card);
    const orders = await call<{ id: string; short_id: string }[]>(
      'GET',
      `events/${event.id}/orders`,
      undefined,
      token,
    );
    const refunded = orders.find((o) => o.short_id === first.short_id);
    await call('POST', `events/${event.id}/orders/${refunded?.id}/refund`, { amount_cents: 1000 }, token);

    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = collectErrors(page);

    // From the event's menu.
    await page.goto(`/manage/event/${event.id}`);
    await page.locator(`a[href="/manage/event/${event.id}/reports"]`).click();
    await page.waitForURL(/\/reports$/);
    const revenue = page.getByTestId('report-revenue');
    await revenue.waitFor();
    // 3 tickets of 25,00 € = 75,00 €; 10,00 € refunded.
    await expect
      .poll(() => revenue.locator('tbody tr').first().innerText())
      .toMatch(/2\s+3\s+75,00\s€\s+0,00\s€\s+0,00\s€\s+0,00\s€\s+10,00\s€\s+65,00\s€/);
    await page.getByTestId('section-sales-by-day').locator('.recharts-surface').first().waitFor();
    await page
      .getByTestId('section-promo-codes')
      .getByText('No se usó ningún código promocional en este periodo.')
      .waitFor();
    await page.getByTestId('section-check-ins').getByText('No hay listas de control de acceso.').waitFor();
    await screenshot(page, 'reports-event-desktop');

    // A range the server refuses: the message under the field, the range kept in the address.
    await page.goto(`/manage/event/${event.id}/reports?from=${madridDay(1)}&to=${madridDay(0)}`);
    await page.getByText('La fecha final no puede ser anterior a la inicial.').waitFor();
    expect(await page.getByTestId('section-revenue').count()).toBe(0);
    // Today only: the same figures; the address keeps the range on reload.
    await page.goto(`/manage/event/${event.id}/reports?from=${madridDay(0)}&to=${madridDay(0)}`);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('report-revenue').locator('tbody tr').first().innerText())
      .toMatch(/65,00\s€/);
    await page.getByRole('button', { name: 'Ver todo' }).click();
    await page.waitForURL(/\/reports$/);

    // CSV export of the revenue report.
    const download = page.waitForEvent('download');
    await page.getByTestId('section-revenue').getByRole('button', { name: 'Exportar' }).click();
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('revenue.csv');
    expect(await readFile(await file.path(), 'utf8')).toContain(
      '2,3,"75,00","0,00","0,00","0,00","10,00","65,00"',
    );

    // The printable summary: every report, no navigation.
    await page.getByRole('link', { name: 'Resumen para imprimir' }).click();
    await page.waitForURL(/\/reports\/print$/);
    await page.getByRole('heading', { name: 'Resumen de informes del evento' }).waitFor();
    await page.getByText('Festival de Invierno').waitFor();
    await page.getByTestId('report-payment-methods').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    await screenshot(page, 'reports-event-print');
    await page.emulateMedia({ media: 'screen' });

    // The account's reports from the main navigation.
    await page.goto('/manage/events');
    await page.getByRole('link', { name: 'Informes' }).click();
    await page.waitForURL(/\/manage\/reports$/);
    const byTicket = page.getByTestId('report-sales-by-ticket');
    await byTicket.getByText('Festival de Invierno').waitFor();
    await screenshot(page, 'reports-account-desktop');
    // The one refusal the journey asked for (the reversed range), nothing else.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
    await context.close();

    // On a phone.
    const phone = await newPage(browser, { viewport: PHONE });
    await phone.context.addInitScript((t) => localStorage.setItem('token', t), token);
    await phone.page.goto(`/manage/event/${event.id}/reports`);
    await phone.page.getByTestId('report-revenue').waitFor();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'reports-event-phone');
    await phone.context.close();
  });
});
