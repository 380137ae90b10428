import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { DESKTOP, launch, newPage, screenshot } from '../browser.ts';

/**
 * Check-in: the organizer creates a list in the back office and shares its link; a door-staff phone
 * opens it without login, finds the buyer, lets her in, is told when she tries again, and undoes it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const card = { provider: 'test', card_number: '4242 4242 4242 4242' };
const SMALL_PHONE = { width: 360, height: 740 };

describe('check-in journey', () => {
  it('a door phone checks a buyer in from the shared link, refuses a second time and undoes', async () => {
    const token = await registerOrganizer('checkin');
    const event = await liveEventWithTicket(token, 'Noche de jazz en la puerta');
    await placeOrder(
      event,
      { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' },
      1,
      card,
    );
    await placeOrder(event, { first_name: 'Pablo', last_name: 'Ruiz', email: 'pablo@example.com' }, 1, card);

    const office = await newPage(browser, { viewport: DESKTOP });
    await office.context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = office.page;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Back office: empty state, a validation message, then the list.
    await page.goto(`/manage/event/${event.id}/check-in`);
    await page.getByText('Aún no hay listas de acceso').waitFor();
    await page.getByRole('button', { name: 'Nueva lista' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nueva lista de acceso' });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('Indica el nombre de la lista.').waitFor();
    await form.getByLabel('Nombre').fill('Puerta principal');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Lista guardada').waitFor();
    const listCard = page.getByTestId('check-in-list');
    await listCard.getByText('0 / 2 dentro').waitFor();
    await listCard.getByText('Todas las entradas').waitFor();
    await screenshot(page, 'check-in-lists-desktop');
    const shortId = (await listCard.getByRole('link', { name: /^c_/ }).textContent()) ?? '';
    expect(shortId).toMatch(/^c_/);

    // The door: a small phone, no login.
    const door = await newPage(browser, { viewport: SMALL_PHONE });
    const phone = door.page;
    phone.on('pageerror', (e) => errors.push(e.message));
    await phone.goto(`/check-in/${shortId}`);
    await phone.getByRole('heading', { name: event.name }).waitFor();
    const count = phone.getByTestId('door-count');
    await expect.poll(() => count.textContent()).toBe('0 / 2');
    await phone.getByRole('searchbox', { name: 'Buscar asistente' }).fill('lucía');
    const lucia = phone.getByTestId('door-attendee').filter({ hasText: 'Lucía Martín' });
    await lucia.waitFor();
    await expect.poll(() => phone.getByTestId('door-attendee').count()).toBe(1);
    await lucia.getByRole('button', { name: 'Registrar entrada' }).click();
    const feedback = phone.getByTestId('door-feedback');
    await feedback.getByText('Entrada registrada: Lucía Martín · General').waitFor();
    await expect.poll(() => count.textContent()).toBe('1 / 2');
    await lucia.getByRole('button', { name: 'Deshacer' }).waitFor();
    await screenshot(phone, 'check-in-door-phone');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(SMALL_PHONE.width);

    // Her code typed again: refused, naming when she came in.
    const found = await call<{ short_id: string }[]>(
      'GET',
      `public/check-in-lists/${shortId}/attendees?query=lucia@example.com`,
    );
    await phone.getByLabel('Código de la entrada').fill(at(found, 0).short_id);
    await phone.getByRole('button', { name: 'Registrar', exact: true }).click();
    await feedback
      .getByText(/^Lucía Martín ya registró su entrada el \d\d\/\d\d a las \d\d:\d\d\.$/)
      .waitFor();
    await screenshot(phone, 'check-in-door-already');
    await expect.poll(() => count.textContent()).toBe('1 / 2');

    // The back office sees her in.
    await page.reload();
    await listCard.getByText('1 / 2 dentro').waitFor();
    await expect.poll(() => page.getByTestId('check-in-total').textContent()).toBe('1 / 2');

    // Undo at the door.
    await lucia.getByRole('button', { name: 'Deshacer' }).click();
    await feedback.getByText('Entrada deshecha: Lucía Martín').waitFor();
    await expect.poll(() => count.textContent()).toBe('0 / 2');
    await lucia.getByRole('button', { name: 'Registrar entrada' }).waitFor();

    // The door page in English.
    await phone.getByText('EN', { exact: true }).click();
    await lucia.getByRole('button', { name: 'Check in' }).waitFor();
    await screenshot(phone, 'check-in-door-phone-en');

    // An unknown link says so, without asking to log in.
    await phone.goto('/check-in/c_noexiste');
    await phone.getByText('Check-in list expired, not active or not found.').waitFor();
    expect(new URL(phone.url()).pathname).toBe('/check-in/c_noexiste');

    expect(errors).toEqual([]);
    await door.context.close();
    await office.context.close();
  });
});
