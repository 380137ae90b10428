import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer, startAt } from '../api.ts';
import { seriousViolations } from '../axe.ts';
import { collectErrors, DESKTOP, launch, newPage, openEventPage, PHONE_360, screenshot } from '../browser.ts';

/**
 * A promo code limited to one date (#27): the organizer creates «SABADO50» for the Saturday show only,
 * choosing the date in the promo code form's «Fechas»; the list says so. A buyer on Friday is told the
 * code is not valid for that date; on Saturday it applies and halves the price.
 */

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

  it('a buyer joins the waiting list of a sold-out date from its page; the entry is for that date', async () => {
    const token = await registerOrganizer('date-waitlist');
    const event = await liveEventWithTicket(token, 'Teatro con lista de espera', {
      payment_providers: ['test'],
    });
    await call(
      'PUT',
      `events/${event.id}/tickets/${event.ticket.id}`,
      {
        name: 'General',
        type: 'PAID',
        waitlist_enabled: true,
        prices: [{ id: event.ticket.prices[0]?.id, price_cents: 2500, quantity: 1 }],
      },
      token,
    );
    const ids: string[] = [];
    for (const starts of [startAt(9), startAt(10)]) {
      ids.push(
        (await call<{ id: string }>('POST', `events/${event.id}/dates`, { starts_at: starts }, token)).id,
      );
    }
    const [fridayId, saturdayId] = ids as [string, string];
    // Friday's one unit is sold; Saturday's is still on sale.
    await placeOrder(
      event,
      { first_name: 'Pau', last_name: 'Soler', email: 'pau@example.com' },
      1,
      {
        provider: 'test',
        card_number: '4242 4242 4242 4242',
      },
      fridayId,
    );

    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    const errors = collectErrors(page);
    await openEventPage(page, `/e/${event.id}/${event.slug}?date=${fridayId}`);
    await page.getByText('Agotadas').waitFor();
    await page.getByRole('button', { name: 'Apuntarme a la lista de espera' }).click();
    await page.getByLabel('Nombre').fill('Núria');
    await page.getByLabel('Correo electrónico').fill('nuria.viernes@example.com');
    await page.getByTestId('waitlist-consent').check();
    await page.getByRole('button', { name: 'Apuntarme', exact: true }).click();
    await page.getByTestId('waitlist-joined').waitFor();
    await screenshot(page, 'date-limits-waitlist-joined-360');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    const entries = await call<{ email: string; event_date: { id: string } | null }[]>(
      'GET',
      `events/${event.id}/waitlist`,
      undefined,
      token,
    );
    expect(entries).toEqual([
      expect.objectContaining({
        email: 'nuria.viernes@example.com',
        event_date: expect.objectContaining({ id: fridayId }),
      }),
    ]);
    // Saturday is not sold out: its page sells, with no waiting list to join.
    const saturday = await newPage(browser, { viewport: PHONE_360 });
    await openEventPage(saturday.page, `/e/${event.id}/${event.slug}?date=${saturdayId}`);
    await saturday.page.getByRole('button', { name: 'Añadir una: General' }).waitFor();
    expect(await saturday.page.getByRole('button', { name: 'Apuntarme a la lista de espera' }).count()).toBe(
      0,
    );
    await saturday.context.close();
  });
});
