import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, registerOrganizer } from '../api.ts';
import { seriousViolations } from '../axe.ts';
import { collectErrors, DESKTOP, launch, newPage, openEventPage, screenshot } from '../browser.ts';

/**
 * A promo code limited to one date (#27): the organizer creates «SABADO50» for the Saturday show only,
 * choosing the date in the promo code form's «Fechas»; the list says so. A buyer on Friday is told the
 * code is not valid for that date; on Saturday it applies and halves the price.
 */
const PHONE_360 = { width: 360, height: 780 };
const DAY = 86_400_000;

const startAt = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(19, 0, 0, 0);
  return d.toISOString();
};

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('a promo code limited to a date', () => {
  it('the organizer limits a code to Saturday; Friday’s buyer is refused, Saturday’s pays half', async () => {
    const token = await registerOrganizer('date-limits');
    const event = await liveEventWithTicket(token, 'Teatro de fin de semana');
    const ids: string[] = [];
    for (const starts of [startAt(9), startAt(10)]) {
      ids.push(
        (await call<{ id: string }>('POST', `events/${event.id}/dates`, { starts_at: starts }, token)).id,
      );
    }
    const [fridayId, saturdayId] = ids as [string, string];

    // The organizer: «Códigos promocionales» → new code → «Fechas»: Saturday only.
    const admin = await newPage(browser, { viewport: DESKTOP });
    await admin.context.addInitScript((t) => localStorage.setItem('token', t), token);
    const adminErrors = collectErrors(admin.page);
    await admin.page.goto(`/manage/event/${event.id}/promo-codes`);
    await admin.page.getByText('Aún no hay códigos').waitFor();
    await admin.page.getByRole('button', { name: 'Nuevo código' }).first().click();
    const modal = admin.page.getByRole('dialog', { name: 'Nuevo código promocional' });
    await modal.getByLabel(/^Código( \*)?$/).fill('SABADO50');
    await modal.getByLabel('Porcentaje de descuento').fill('50');
    const dates = modal.getByLabel('Fechas', { exact: true });
    await dates.click();
    // The second date listed is Saturday (earliest first).
    const options = admin.page.getByRole('option');
    await options.nth(1).waitFor();
    expect(await options.count()).toBe(2);
    await options.nth(1).click();
    await admin.page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);
    await screenshot(admin.page, 'date-limits-promo-form');
    // The chosen date shows as a pill named by its day and time.
    await modal.getByText(/\d{1,2} \w+ \d{4}, \d{2}:\d{2}/).waitFor();
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await modal.waitFor({ state: 'hidden' });
    await admin.page.getByRole('cell', { name: 'SABADO50', exact: true }).waitFor();
    const codes = await call<{ code: string; event_date_ids: string[] }[]>(
      'GET',
      `events/${event.id}/promo-codes`,
      undefined,
      token,
    );
    expect(codes).toEqual([expect.objectContaining({ code: 'SABADO50', event_date_ids: [saturdayId] })]);
    // The list names the date the code is limited to, not «Todas las fechas».
    const row = admin.page.getByRole('row', { name: /SABADO50/ });
    expect(await row.textContent()).not.toContain('Todas las fechas');
    expect(await row.textContent()).toMatch(/\d{1,2}\s\w+/);
    await screenshot(admin.page, 'date-limits-promo-list');
    expect(adminErrors).toEqual([]);
    await admin.context.close();

    // The buyer on a phone: on Friday the code is refused, and says why.
    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    const errors = collectErrors(page);
    await openEventPage(page, `/e/${event.id}/${event.slug}?date=${fridayId}&promo_code=SABADO50`);
    await page.getByText('Este código promocional no es válido para la fecha elegida.').waitFor();
    expect(await page.getByTestId('promo-applied').count()).toBe(0);
    await screenshot(page, 'date-limits-promo-refused-360');
    expect(await seriousViolations(page)).toEqual([]);
    // An order for Friday with the code is refused by the server too.
    const refused = await fetch(`${new URL(page.url()).origin}/api/public/events/${event.id}/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
      body: JSON.stringify({
        tickets: [{ ticket_id: event.ticket.id, price_id: event.ticket.prices[0]?.id, quantity: 1 }],
        event_date_id: fridayId,
        promo_code: 'SABADO50',
      }),
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.fields.promo_code).toBe(
      'Este código promocional no es válido para la fecha elegida.',
    );

    // On Saturday it applies: 25,00 € becomes 12,50 €.
    await openEventPage(page, `/e/${event.id}/${event.slug}?date=${saturdayId}&promo_code=SABADO50`);
    await page.getByTestId('promo-applied').getByText('SABADO50').waitFor();
    await page.getByRole('button', { name: 'Añadir una: General' }).click();
    await page
      .getByTestId('selector-total')
      .getByText(/12,50\s€/)
      .waitFor();
    await screenshot(page, 'date-limits-promo-applied-360');
    expect(errors).toEqual([]);
    await context.close();
  });
});
