import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, registerOrganizer, startAt } from '../api.ts';
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
 * A date's own price (#27): the organizer gives the Saturday show a price of its own (35,00 € instead of
 * the ticket's 25,00 €) from the date's edit dialog in «Fechas»; the buyer who picks Saturday sees that
 * price on the event page and pays it, while Friday keeps the ticket's.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('a date’s own price', () => {
  it('the organizer sets a Saturday price and the buyer sees and pays it', async () => {
    const token = await registerOrganizer('date-prices');
    const event = await liveEventWithTicket(token, 'Jazz de viernes y sábado');
    const [friday, saturday] = [startAt(9), startAt(10)];
    const ids: string[] = [];
    for (const starts of [friday, saturday]) {
      ids.push(
        (await call<{ id: string }>('POST', `events/${event.id}/dates`, { starts_at: starts }, token)).id,
      );
    }
    const saturdayId = ids[1] as string;

    // The organizer: «Fechas» → edit Saturday → its own price for «General».
    const admin = await newPage(browser, { viewport: DESKTOP });
    await admin.context.addInitScript((t) => localStorage.setItem('token', t), token);
    const adminErrors = collectErrors(admin.page);
    await admin.page.goto(`/manage/event/${event.id}/dates`);
    const rows = admin.page.getByTestId('date-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await rows
      .nth(1)
      .getByRole('button', { name: /^Editar / })
      .click();
    const dialog = admin.page.getByRole('dialog', { name: 'Editar fecha' });
    await dialog.getByText('Precios de esta fecha').waitFor();
    const price = dialog.getByRole('textbox', { name: 'General' });
    expect(await price.getAttribute('placeholder')).toMatch(/25,00\s€/);
    // An amount with more decimals than euros have is refused under the field.
    await price.fill('35,555');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Los importes en EUR llevan como máximo 2 decimales.').waitFor();
    await price.fill('35');
    await screenshot(admin.page, 'date-prices-dialog');
    expect(await seriousViolations(admin.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await admin.page.getByText('Fecha guardada').waitFor();
    await rows.nth(1).getByTestId('own-prices').getByText('1 precio propio').waitFor();
    expect(await rows.nth(0).getByTestId('own-prices').count()).toBe(0);
    await screenshot(admin.page, 'date-prices-list');
    expect(adminErrors).toEqual([]);
    await admin.context.close();

    // The buyer on a phone: Saturday costs 35,00 €, and that is what the order costs.
    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    const errors = collectErrors(page);
    await openEventPage(page, `/e/${event.id}/${event.slug}?date=${ids[0]}`);
    await page
      .getByTestId('price')
      .getByText(/25,00\s€/)
      .waitFor();
    await openEventPage(page, `/e/${event.id}/${event.slug}?date=${saturdayId}`);
    await page
      .getByTestId('price')
      .getByText(/35,00\s€/)
      .waitFor();
    expect(await page.getByTestId('price').textContent()).not.toMatch(/25,00\s€/);
    await page.getByRole('button', { name: 'Añadir una: General' }).click();
    await page.getByRole('button', { name: 'Añadir una: General' }).click();
    expect(await page.getByTestId('selector-total').textContent()).toMatch(/70,00\s€/);
    await screenshot(page, 'date-prices-buyer-360');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/details$/);
    await fillBuyerDetails(page);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.waitForURL(/\/payment$/);
    expect(await page.getByTestId('order-total').textContent()).toMatch(/70,00\s€/);
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.waitForURL(/\/summary$/);
    const shortId = page.url().split('/').at(-2) ?? '';
    const order = await call<{ status: string; total_cents: number; event_date: { id: string } }>(
      'GET',
      `public/events/${event.id}/order/${shortId}`,
    );
    expect(order).toMatchObject({ status: 'COMPLETED', total_cents: 7000, event_date: { id: saturdayId } });
    expect(errors).toEqual([]);
    await context.close();
  });
});
