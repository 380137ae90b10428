import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { seriousViolations } from '../axe.ts';
import { collectErrors, DESKTOP, launch, newPage, PHONE_360, screenshot } from '../browser.ts';

/**
 * The «Fechas» screen of an event (issue #27): the empty state, dates added with a weekly rule after its
 * live preview and a bulk edit of the selected dates; at 360 px and wide. Cancelling a date with an order
 * refunds it and leaves the other date's order alone.
 */

async function setUp() {
  const { token } = await call<{ token: string }>('POST', 'auth/register', {
    first_name: 'Lucía',
    last_name: 'Serra',
    email: `fechas-${Date.now()}@example.com`,
    password: 'una-contraseña-larga',
    password_confirmation: 'una-contraseña-larga',
    accept_terms: true,
  });
  const organizer = await call<{ id: string }>('POST', 'organizers', { name: 'Teatre Lliure' }, token);
  const event = await call<{ id: string }>(
    'POST',
    'events',
    {
      name: 'La casa de Bernarda Alba',
      organizer_id: organizer.id,
      start_date: '2027-03-05T19:00:00Z',
      timezone: 'Europe/Madrid',
      currency: 'EUR',
    },
    token,
  );
  return { token, eventId: event.id };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('event dates journey', () => {
  it('adds dates with a rule after its live preview and edits several at once', async () => {
    const { token, eventId } = await setUp();
    const url = `/manage/event/${eventId}/dates`;
    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = collectErrors(page);

    await page.goto(url);
    await page.getByText('Este evento tiene una sola fecha').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'event-dates-empty-360');

    await page.getByRole('button', { name: 'Añadir con una regla' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir fechas con una regla' });
    await dialog.waitFor();
    const preview = dialog.getByTestId('rule-preview');
    await expect(preview.textContent()).resolves.toContain('Completa el primer día');
    // Sent without its first day, the rule is refused under the field, by the shared schema.
    await dialog.getByRole('button', { name: 'Añadir fechas' }).click();
    await dialog.getByText('Elige un día.').waitFor();
    await expect(page.getByTestId('date-row').count()).resolves.toBe(0);
    const firstDay = dialog.getByLabel('Primer día');
    await firstDay.fill('05/03/2027');
    await firstDay.press('Tab');
    await dialog.getByRole('textbox', { name: 'Número de fechas' }).fill('12');
    // Fridays and Saturdays (the form's default), 12 dates: 5 March to 10 April 2027, across the DST change.
    await preview.getByText('Se crearán 12 fechas').waitFor();
    const text = (await preview.textContent()) ?? '';
    expect(text).toContain('Primera: 5 mar 2027, 20:00 – 22:00');
    expect(text).toContain('Última: 10 abr 2027, 20:00 – 22:00');
    await screenshot(page, 'event-dates-rule-360');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Añadir fechas' }).click();
    await page.getByText('12 fechas añadidas').waitFor();
    await expect(page.getByTestId('date-row').count()).resolves.toBe(12);

    // Select the first three and mark them sold out.
    for (const row of (await page.getByTestId('date-row').all()).slice(0, 3)) {
      await row.getByRole('checkbox').check();
    }
    await page.getByText('3 seleccionadas').waitFor();
    await page.getByRole('button', { name: 'Editar seleccionadas' }).click();
    const bulk = page.getByRole('dialog', { name: 'Editar 3 fechas' });
    await bulk.getByLabel('Estado', { exact: true }).click();
    await page.getByRole('option', { name: 'Agotada' }).click();
    await bulk.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('3 fechas actualizadas').waitFor();
    await expect(page.getByText('Agotada').count()).resolves.toBe(3);
    await screenshot(page, 'event-dates-list-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();

    const wide = await newPage(browser, { viewport: DESKTOP });
    await wide.context.addInitScript((t) => localStorage.setItem('token', t), token);
    await wide.page.goto(url);
    await wide.page.getByText('12 fechas').waitFor();
    await screenshot(wide.page, 'event-dates-list-wide');
    const list = await call<{ status: string }[]>(
      'GET',
      `events/${eventId}/dates?per_page=100`,
      undefined,
      token,
    );
    expect(list.filter((d) => d.status === 'SOLD_OUT')).toHaveLength(3);
    expect(errors).toEqual([]);
    await wide.context.close();
  });

  it("cancels one date from its row: its order is cancelled and refunded, the other date's stays", async () => {
    const token = await registerOrganizer('cancel-date');
    const event = await liveEventWithTicket(token, 'Concierto en dos noches');
    const dates: string[] = [];
    for (const starts of ['2027-05-07T19:00:00Z', '2027-05-08T19:00:00Z']) {
      dates.push(
        (await call<{ id: string }>('POST', `events/${event.id}/dates`, { starts_at: starts }, token)).id,
      );
    }
    const card = { provider: 'test', card_number: '4242 4242 4242 4242' };
    const buyer = { first_name: 'Pau', last_name: 'Roig', email: 'pau.roig@example.com' };
    const first = await placeOrder(event, buyer, 2, card, dates[0]);
    const second = await placeOrder(event, buyer, 1, card, dates[1]);

    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = collectErrors(page);
    await page.goto(`/manage/event/${event.id}/dates`);
    await page.getByRole('button', { name: /^Cancelar la fecha 7 may 2027/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancelar la fecha 7 may 2027/ });
    await dialog.getByText('No se puede deshacer.', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Devolver a cada comprador lo que pagó').isChecked()).toBe(true);
    await screenshot(page, 'event-dates-cancel-360');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar la fecha' }).click();
    await page.getByText('Fecha cancelada: se está cancelando 1 pedido.').waitFor();
    await page.getByTestId('date-row').first().getByText('Cancelada').waitFor();

    const orderStatus = async (short: string) => {
      const list = await call<{ short_id: string; status: string; refund_status: string | null }[]>(
        'GET',
        `events/${event.id}/orders?per_page=10`,
        undefined,
        token,
      );
      return list.find((o) => o.short_id === short);
    };
    for (let i = 0; i < 50 && (await orderStatus(first.short_id))?.refund_status !== 'REFUNDED'; i++) {
      await page.waitForTimeout(200);
    }
    expect(await orderStatus(first.short_id)).toMatchObject({
      status: 'CANCELLED',
      refund_status: 'REFUNDED',
    });
    expect(await orderStatus(second.short_id)).toMatchObject({ status: 'COMPLETED' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("moves one date's orders to another from its row, by keyboard: the order follows with its tickets", async () => {
    const token = await registerOrganizer('move-date');
    const event = await liveEventWithTicket(token, 'Recital aplazado');
    const dates: string[] = [];
    for (const starts of ['2027-06-11T19:00:00Z', '2027-06-18T19:00:00Z']) {
      dates.push(
        (await call<{ id: string }>('POST', `events/${event.id}/dates`, { starts_at: starts }, token)).id,
      );
    }
    const card = { provider: 'test', card_number: '4242 4242 4242 4242' };
    const buyer = { first_name: 'Marta', last_name: 'Vidal', email: 'marta.vidal@example.com' };
    const order = await placeOrder(event, buyer, 2, card, dates[0]);

    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = collectErrors(page);
    await page.goto(`/manage/event/${event.id}/dates`);
    await page.getByRole('button', { name: /^Pasar los pedidos de 11 jun 2027/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Pasar los pedidos de 11 jun 2027/ });
    // Sent without a date: the shared schema's message, under the field.
    await dialog.getByRole('button', { name: 'Pasar los pedidos' }).click();
    await dialog.getByText('Elige la fecha a la que pasan los pedidos.').waitFor();
    await dialog.getByRole('combobox', { name: 'Nueva fecha' }).focus();
    await page.keyboard.press('ArrowDown');
    await page
      .locator('[role=listbox]:visible')
      .getByRole('option', { name: /18 jun 2027/ })
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await screenshot(page, 'event-dates-move-360');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Pasar los pedidos' }).click();
    await page.getByText('Fecha cancelada: se está pasando 1 pedido a la nueva fecha.').waitFor();
    await page.getByTestId('date-row').first().getByText('Cancelada').waitFor();

    const dateOf = async () => {
      const list = await call<{ short_id: string; status: string; event_date: { id: string } | null }[]>(
        'GET',
        `events/${event.id}/orders?per_page=10`,
        undefined,
        token,
      );
      return list.find((o) => o.short_id === order.short_id);
    };
    for (let i = 0; i < 50 && (await dateOf())?.event_date?.id !== dates[1]; i++) {
      await page.waitForTimeout(200);
    }
    expect(await dateOf()).toMatchObject({ status: 'COMPLETED', event_date: { id: dates[1] } });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages through 150 dates, starts the list from a day, and a filter and a move reach a date past the first 100', async () => {
    const { token, eventId } = await setUp();
    const rule = {
      frequency: 'DAILY',
      starts_on: '2027-01-01',
      start_time: '20:00',
      duration_minutes: 120,
      ends: { count: 150 },
    };
    await call('POST', `events/${eventId}/dates/from-rule`, { rule }, token);
    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = collectErrors(page);
    await page.goto(`/manage/event/${eventId}/dates`);
    await page.getByText('100 de 150 fechas').waitFor();
    await page.getByRole('button', { name: '2', exact: true }).click();
    // 1 January + 100 days: 11 April 2027; the page is in the address (back returns to the first).
    await expect.poll(() => page.getByTestId('date-row').first().textContent()).toContain('11 abr 2027');
    expect(page.url()).toContain('page=2');
    await page.goBack();
    await expect.poll(() => page.getByTestId('date-row').first().textContent()).toContain('1 ene 2027');

    const fromDay = page.getByRole('textbox', { name: 'Desde el día' });
    await fromDay.fill('20/05/2027');
    await fromDay.press('Tab');
    await expect.poll(() => page.getByTestId('date-row').first().textContent()).toContain('20 may 2027');
    await page.getByText('11 fechas').waitFor();
    await screenshot(page, 'event-dates-from-day-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The orders list's «Fecha» filter offers the dates from a chosen day, past the first 100.
    await page.goto(`/manage/event/${eventId}/orders`);
    const filterDay = page.getByRole('textbox', { name: 'Desde el día' });
    await filterDay.fill('28/05/2027');
    await filterDay.press('Tab');
    await page.getByRole('combobox', { name: 'Fecha' }).click();
    const late = page.locator('[role=listbox]:visible').getByRole('option', { name: /^28 may 2027/ });
    await late.click();
    await expect.poll(() => page.url()).toContain('date=');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Fecha' }).inputValue())
      .toMatch(/^28 may 2027/);
    // Reloaded, the chosen date is still named (it is not among the first 100).
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Fecha' }).inputValue())
      .toMatch(/^28 may 2027/);

    // Moving the first date's orders can reach a date past the first 100, from a day.
    await page.goto(`/manage/event/${eventId}/dates`);
    await page.getByRole('button', { name: /^Pasar los pedidos de 1 ene 2027/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Pasar los pedidos de 1 ene 2027/ });
    const moveFrom = dialog.getByRole('textbox', { name: 'Desde el día' });
    await moveFrom.fill('28/05/2027');
    await moveFrom.press('Tab');
    await dialog.getByRole('combobox', { name: 'Nueva fecha' }).click();
    await page
      .locator('[role=listbox]:visible')
      .getByRole('option', { name: /^28 may 2027/ })
      .click();
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Nueva fecha' }).inputValue())
      .toMatch(/^28 may 2027/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
