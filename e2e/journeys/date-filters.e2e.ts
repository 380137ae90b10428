import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, liveEventWithTicket, registerOrganizer, startAt } from '../api.ts';
import { collectErrors, launch, newPage, PHONE_360, screenshot } from '../browser.ts';

/**
 * Lists of one date (issue 27): an event with two dates and orders on each; on a 360 px phone the
 * organizer picks the second date in the orders list's «Fecha» filter, sees only its orders, keeps the
 * filter on reload, exports only them; the attendees list, the dashboard, the reports and a message's
 * audience take the same filter. An event of a single date shows no «Fecha» filter.
 */

type Event = Awaited<ReturnType<typeof liveEventWithTicket>>;

/** A card order of `quantity` tickets for one date, through the public checkout. */
async function buyDate(
  event: Event,
  dateId: string,
  buyer: { first_name: string; email: string },
  quantity: number,
) {
  const base = `public/events/${event.id}/order`;
  const order = await call<{ short_id: string }>('POST', base, {
    event_date_id: dateId,
    tickets: [{ ticket_id: event.ticket.id, price_id: at(event.ticket.prices, 0).id, quantity }],
  });
  await call('PUT', `${base}/${order.short_id}`, {
    ...buyer,
    last_name: 'Vidal',
    email_confirmation: buyer.email,
  });
  await call('POST', `${base}/${order.short_id}/payment`, {
    provider: 'test',
    card_number: '4242 4242 4242 4242',
  });
}

async function setUp() {
  const token = await registerOrganizer('date-filters');
  const event = await liveEventWithTicket(token, 'Hamlet en el Lliure');
  const ids: string[] = [];
  for (const days of [4, 11]) {
    const starts = startAt(days);
    const date = await call<{ id: string }>(
      'POST',
      `events/${event.id}/dates`,
      { starts_at: starts, ends_at: new Date(Date.parse(starts) + 2 * 3600_000).toISOString() },
      token,
    );
    ids.push(date.id);
  }
  await buyDate(event, at(ids, 0), { first_name: 'Anna', email: 'anna@example.com' }, 1);
  await buyDate(event, at(ids, 0), { first_name: 'Bruno', email: 'bruno@example.com' }, 1);
  await buyDate(event, at(ids, 1), { first_name: 'Carla', email: 'carla@example.com' }, 3);
  return { token, event, ids };
}

/** The buyers' names the phone's order cards show. */
const cardNames = (page: Page) =>
  page
    .locator('button:visible', { hasText: 'Vidal' })
    .allTextContents()
    .then((texts) => texts.map((x) => /(Anna|Bruno|Carla|Dídac) Vidal/.exec(x)?.[1]).sort());

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('date filters journey', () => {
  it('a 360 px phone filters the orders, attendees, dashboard and reports by one date; the export follows', async () => {
    const { token, event, ids } = await setUp();
    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = collectErrors(page);

    await page.goto(`/manage/event/${event.id}/orders`);
    await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(['Anna', 'Bruno', 'Carla']);
    const dateFilter = page.getByRole('combobox', { name: 'Fecha' });
    await dateFilter.click();
    const options = page.locator('[role=listbox]:visible').getByRole('option');
    await expect.poll(() => options.count()).toBe(3);
    expect(await options.first().textContent()).toBe('Todas las fechas');
    // Dates in the event's zone (Madrid), earliest first: the second is Carla's.
    const secondLabel = (await options.nth(2).textContent()) ?? '';
    expect(secondLabel).toMatch(/20:00|21:00/);
    await options.nth(2).click();
    await page.waitForURL((url) => url.searchParams.get('date') === ids[1]);
    await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(['Carla']);
    expect(await dateFilter.inputValue()).toBe(secondLabel);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'date-filters-orders-360');

    await page.reload();
    await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(['Carla']);
    expect(await page.getByRole('combobox', { name: 'Fecha' }).inputValue()).toBe(secondLabel);

    // The export downloads the date's orders only.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Exportar' }).click();
        await page.getByRole('menuitem', { name: 'CSV' }).click();
      })(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('carla@example.com');

    // A box-office sale is for one date, chosen in the form: the second date's list shows it.
    await page.getByRole('button', { name: 'Nuevo pedido' }).click();
    const create = page.getByRole('dialog', { name: 'Nuevo pedido' });
    await create.getByLabel('Nombre').fill('Dídac');
    await create.getByLabel('Apellidos').fill('Vidal');
    await create.getByLabel('Correo electrónico').fill('didac@example.com');
    await create.getByRole('combobox', { name: 'Fecha' }).click();
    await page.locator('[role=listbox]:visible').getByRole('option').nth(1).click();
    await create.getByLabel('Entrada', { exact: true }).click();
    await page.getByRole('option', { name: /General/ }).click();
    await create.getByText('Precio de catálogo, con impuestos y gastos: 25,00 €').waitFor();
    await create.getByLabel('Enviar la confirmación y las entradas por correo').uncheck();
    await screenshot(page, 'date-filters-new-order-360');
    await create.getByRole('button', { name: 'Crear pedido' }).click();
    await page.getByText(/^Pedido .* creado\.$/).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(['Carla', 'Dídac']);

    // The attendees of the first date: Anna's and Bruno's tickets, not Carla's three.
    await page.goto(`/manage/event/${event.id}/attendees?date=${ids[0]}`);
    const shown = (email: string) => page.locator('p:visible', { hasText: email }).count();
    await expect.poll(() => shown('anna@example.com'), { timeout: 10_000 }).toBe(1);
    expect(await shown('bruno@example.com')).toBe(1);
    expect(await page.getByText('carla@example.com').count()).toBe(0);
    await screenshot(page, 'date-filters-attendees-360');

    // The dashboard of the second date: its four tickets of 25,00 € (Carla's three, Dídac's one).
    await page.goto(`/manage/event/${event.id}/dashboard?date=${ids[1]}`);
    const figures = page.getByTestId('dashboard-figures');
    await figures.getByText('Ingresos netos').waitFor();
    expect((await figures.textContent())?.replace(/\s/g, ' ')).toMatch(
      /Entradas vendidas\s*4\s*Pedidos completados\s*2\s*Ingresos brutos\s*100,00 €/,
    );
    await screenshot(page, 'date-filters-dashboard-360');

    // The reports: every date, then the second one chosen in «Fecha»; kept in the address.
    await page.goto(`/manage/event/${event.id}/reports`);
    const revenue = () => page.getByTestId('report-revenue').locator('tbody tr').first().innerText();
    await expect.poll(revenue, { timeout: 10_000 }).toMatch(/^4\s+6\s+150,00\s€/);
    await page.getByRole('combobox', { name: 'Fecha' }).click();
    await page.locator('[role=listbox]:visible').getByRole('option').nth(2).click();
    await page.waitForURL((url) => url.searchParams.get('date') === ids[1]);
    await expect.poll(revenue, { timeout: 10_000 }).toMatch(/^2\s+4\s+100,00\s€/);
    await screenshot(page, 'date-filters-reports-360');

    // A message to the second date's people only: Carla and Dídac.
    await page.goto(`/manage/event/${event.id}/messages`);
    const reach = page.getByTestId('recipient-count');
    await expect
      .poll(() => reach.textContent(), { timeout: 10_000 })
      .toBe('Este mensaje llegará a 4 personas.');
    await page.getByRole('combobox', { name: 'Fecha' }).click();
    await page.locator('[role=listbox]:visible').getByRole('option').nth(2).click();
    await expect
      .poll(() => reach.textContent(), { timeout: 10_000 })
      .toBe('Este mensaje llegará a 2 personas.');
    await screenshot(page, 'date-filters-message-360');
    expect(errors).toEqual([]);
  });

  it('an event of a single date shows no «Fecha» filter', async () => {
    const token = await registerOrganizer('date-filters-single');
    const event = await liveEventWithTicket(token, 'Recital de piano');
    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const dates = page.waitForResponse((r) => r.url().includes(`/events/${event.id}/dates`));
    await page.goto(`/manage/event/${event.id}/orders`);
    await dates;
    await page.getByText('Aún no hay pedidos').waitFor();
    expect(await page.getByRole('combobox', { name: 'Estado' }).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Fecha' }).count()).toBe(0);
  });
});
