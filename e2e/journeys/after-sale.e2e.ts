import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, launch, newPage, PHONE, screenshot } from '../browser.ts';

/**
 * After the sale: the organizer finds an order and refunds part of it, cancels another (its tickets go back
 * on sale), creates a complimentary order at the box office, and exports the orders as XLSX.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('after-sale journey', () => {
  it('refunds part of an order, cancels another, creates a complimentary order and exports XLSX', async () => {
    const token = await registerOrganizer('aftersale');
    const event = await liveEventWithTicket(token, 'Festival de Invierno', { payment_providers: ['test'] });
    for (const question of [
      { title: 'Talla', type: 'DROPDOWN', options: ['S', 'M', 'L'] },
      { title: 'Factura', type: 'CHECKBOX', options: ['Quiero factura'] },
      { title: 'Llegada', type: 'DATE' },
    ]) {
      await call('POST', `events/${event.id}/questions`, { ...question, belongs_to: 'ORDER' }, token);
    }
    const card = { provider: 'test', card_number: '4242 4242 4242 4242' };
    await placeOrder(
      event,
      { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' },
      2,
      card,
    );
    await placeOrder(event, { first_name: 'Pau', last_name: 'Soler', email: 'pau@example.com' }, 3, card);

    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Find Lucía's order by searching; the search stays in the address.
    await page.goto(`/manage/event/${event.id}/orders`);
    await page.getByRole('textbox', { name: 'Buscar pedidos' }).fill('lucía');
    await page.waitForURL(/query=luc/);
    await page.locator('tbody tr').filter({ hasText: 'Lucía Martín' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Pedido' });
    await drawer.getByText('Actividad').waitFor();
    await drawer.getByText(/Idioma: Español/).waitFor();
    await screenshot(page, 'after-sale-drawer');

    // Refund 20,00 € of the 50,00 € paid.
    await drawer.getByRole('button', { name: 'Devolver dinero' }).click();
    const refund = page.getByRole('dialog', { name: 'Devolver dinero' });
    // More than was paid is said at once, and never offered as what the button would do.
    await refund.getByLabel(/Importe a devolver/).fill('500');
    await refund.getByText('Indica un importe entre 0 y 50,00 €.').waitFor();
    expect(await refund.getByText(/Se devolverán/).count()).toBe(0);
    await refund.getByRole('button', { name: 'Devolver', exact: true }).waitFor();
    await refund.getByLabel(/Importe a devolver/).fill('20');
    await refund.getByText('Se devolverán 20,00 €').waitFor();
    await screenshot(page, 'after-sale-refund');
    await refund.getByRole('button', { name: /Devolver 20,00/ }).click();
    await drawer.getByText('Reembolsado parcialmente').first().waitFor();
    await drawer.getByTestId('order-refund').waitFor();
    expect(await drawer.getByTestId('order-activity').textContent()).toContain('Devolución realizada');

    // A double click on "resend" sends the confirmation once.
    const resends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/resend')) resends.push(r.url());
    });
    await drawer.getByRole('button', { name: 'Reenviar confirmación' }).dblclick();
    await page.getByText('Confirmación reenviada a lucia@example.com.').first().waitFor();
    expect(resends).toHaveLength(1);

    // Correct her answers: a choice, a checkbox and a date are edited like the text questions.
    await drawer.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar pedido' });
    // The questions speak the back office's language too (their words come with the checkout's catalog).
    expect(await edit.getByLabel('Talla').locator('option').first().textContent()).toBe('Elige una opción');
    await edit.getByLabel('Talla').selectOption('M');
    await edit.getByLabel('Quiero factura').check();
    await edit.getByLabel('Llegada').fill('2026-12-20');
    await screenshot(page, 'after-sale-edit');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.waitFor({ state: 'hidden' });
    await drawer.getByText('Quiero factura').waitFor();
    await drawer.getByText('2026-12-20').waitFor();
    expect(await drawer.getByTestId('order-activity').textContent()).toContain('Datos del pedido editados');
    await page.keyboard.press('Escape');

    // Cancel Pau's order: the confirmation says what happens.
    await page.getByRole('textbox', { name: 'Buscar pedidos' }).fill('pau');
    await page.locator('tbody tr').filter({ hasText: 'Pau Soler' }).first().click();
    await drawer.getByRole('button', { name: 'Cancelar pedido' }).click();
    const confirm = page.getByRole('dialog', { name: /¿Cancelar el pedido/ });
    await confirm.getByText('Sus 3 entradas dejarán de valer').waitFor();
    await screenshot(page, 'after-sale-cancel');
    await confirm.getByRole('button', { name: 'Cancelar pedido' }).click();
    await drawer.getByText('Pedido cancelado').first().waitFor();
    await page.keyboard.press('Escape');
    const tickets = await call<{ quantity_remaining: number | null }[]>(
      'GET',
      `events/${event.id}/tickets`,
      undefined,
      token,
    );
    expect(tickets[0]?.quantity_remaining).toBe(48); // 50 − Lucía's 2; Pau's 3 are back on sale

    // A complimentary order for the press, without e-mails.
    await page.getByRole('textbox', { name: 'Buscar pedidos' }).fill('');
    await page.getByRole('button', { name: 'Nuevo pedido' }).click();
    const create = page.getByRole('dialog', { name: 'Nuevo pedido' });
    await create.getByLabel('Nombre').fill('Prensa');
    await create.getByLabel('Apellidos').fill('Local');
    await create.getByLabel('Correo electrónico').fill('prensa@example.com');
    await create.getByLabel('Entrada', { exact: true }).click();
    await page.getByRole('option', { name: /General/ }).click();
    await create.getByLabel('Cantidad', { exact: true }).fill('2');
    // The amount collected starts at the catalogue total the server priced (2 × 25,00 €): complimentary
    // tickets are a choice made with the switch, not an amount left at 0.
    await create.getByText('Precio de catálogo, con impuestos y gastos: 50,00 €').waitFor();
    expect(await create.getByLabel(/Importe cobrado/).inputValue()).toBe('50');
    await create.getByLabel('Invitación (gratis)').check();
    expect(await create.getByLabel(/Importe cobrado/).isDisabled()).toBe(true);
    await create.getByLabel('Enviar la confirmación y las entradas por correo').uncheck();
    await screenshot(page, 'after-sale-new-order');
    await create.getByRole('button', { name: 'Crear pedido' }).click();
    await drawer.getByText('Prensa Local').first().waitFor();
    expect(await drawer.getByTestId('order-detail-total').textContent()).toMatch(/0,00\s€/);
    await page.keyboard.press('Escape');

    // Export what the list shows as XLSX and read it back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Exportar' }).click();
        await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-pedidos\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const statuses: unknown[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) statuses.push(row.getCell(2).value);
    });
    expect(statuses.sort()).toEqual(['Cancelado', 'Completado', 'Completado']);
    // Lucía's row: 50,00 € paid, 20,00 € refunded, 30,00 € net, as number cells.
    const head = (sheet?.getRow(1).values ?? []) as unknown[];
    const lucia = sheet?.getRows(2, 3)?.find((row) => row.getCell(5).value === 'Lucía');
    expect(lucia?.getCell(head.indexOf('Reembolsado')).value).toBe(20);
    expect(lucia?.getCell(head.indexOf('Neto')).value).toBe(30);
    await screenshot(page, 'after-sale-orders');

    // The dashboard subtracts the refund; Pau's cancelled order is no sale.
    await page.goto(`/manage/event/${event.id}/dashboard`);
    const figures = page.getByTestId('dashboard-figures');
    await figures.getByText('Ingresos netos').waitFor();
    expect((await figures.textContent())?.replace(/\s/g, ' ')).toMatch(
      /Ingresos brutos\s*50,00 €\s*Reembolsado\s*20,00 €\s*Ingresos netos\s*30,00 €/,
    );
    await page
      .getByTestId('revenue-chart')
      .locator('.recharts-bar-rectangle >> visible=true')
      .first()
      .waitFor();
    await screenshot(page, 'after-sale-dashboard');

    // An attendee: detail with check-ins and answers, then cancelled (the browser asks first).
    await page.goto(`/manage/event/${event.id}/attendees`);
    await page.getByRole('button', { name: 'Detalle de Lucía Martín' }).first().click();
    const attendee = page.getByRole('dialog', { name: 'Asistente' });
    await attendee.getByText('Aún no ha entrado.').waitFor();
    page.once('dialog', (d) => void d.accept());
    await attendee.getByRole('button', { name: 'Cancelar entrada' }).click();
    await attendee.getByRole('button', { name: 'Reactivar entrada' }).waitFor();
    await screenshot(page, 'after-sale-attendee');
    // Reactivated with a double click: once, without a red "no está cancelado".
    const reactivations: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/reactivate')) reactivations.push(r.url());
    });
    await attendee.getByRole('button', { name: 'Reactivar entrada' }).dblclick();
    await attendee.getByRole('button', { name: 'Cancelar entrada' }).waitFor();
    expect(reactivations).toHaveLength(1);
    await page.keyboard.press('Escape');
    await screenshot(page, 'after-sale-attendees');

    // Resending an attendee's ticket with a double click sends it once.
    const ticketResends = resends.length;
    await page.getByRole('button', { name: 'Reenviar la entrada de Prensa Local' }).first().dblclick();
    await page.getByText('Entrada reenviada a prensa@example.com').first().waitFor();
    expect(resends.length - ticketResends).toBe(1);

    // The same list on a phone.
    await page.goto(`/manage/event/${event.id}/orders`);
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.locator('text=Prensa Local >> visible=true').first().waitFor();
    await screenshot(page, 'after-sale-orders-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a one-ticket order: cancelled after a partial refund, edited after a question was deleted; box-office price with taxes', async () => {
    const token = await registerOrganizer('aftersale-one');
    const event = await liveEventWithTicket(token, 'Noche de Tango', { payment_providers: ['test'] });
    const card = { provider: 'test', card_number: '4242 4242 4242 4242' };
    await placeOrder(event, { first_name: 'Nora', last_name: 'Gil', email: 'nora@example.com' }, 1, card);
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const cancels: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/cancel')) cancels.push(r.url());
    });

    // Opened directly, the page shows the new organizer's e-mail banner: while its catalog is still on
    // the way (held back here), the banner waits instead of showing raw message ids.
    let releaseCatalog = () => {};
    const held = new Promise<void>((resolve) => {
      releaseCatalog = resolve;
    });
    await page.route(/\/assets\/es-[^/]*\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('Confirma tu correo electr')) await held;
      await route.fulfill({ response, body });
    });
    await page.goto(`/manage/event/${event.id}/orders`);
    await page.locator('tbody tr').filter({ hasText: 'Nora Gil' }).first().waitFor();
    expect(await page.getByRole('status').filter({ hasText: /\S/ }).count()).toBe(0);
    releaseCatalog();
    await page.getByText('Confirma tu correo electrónico').waitFor();
    // The back office meets the public pages' bar too: the banner's button and the event header's link.
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute(/\/assets\/es-[^/]*\.js$/);
    await page.locator('tbody tr').filter({ hasText: 'Nora Gil' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Pedido' });
    await drawer.getByRole('button', { name: 'Devolver dinero' }).click();
    const refund = page.getByRole('dialog', { name: 'Devolver dinero' });
    await refund.getByLabel(/Importe a devolver/).fill('5');
    await refund.getByRole('button', { name: /Devolver 5,00/ }).click();
    await drawer.getByText('Reembolsado parcialmente').first().waitFor();

    // One ticket is "Su entrada", not "Sus 1 entradas"; a double click on the confirmation cancels once.
    await drawer.getByRole('button', { name: 'Cancelar pedido' }).click();
    const confirm = page.getByRole('dialog', { name: /¿Cancelar el pedido/ });
    await confirm.getByText('Su entrada dejará de valer en la puerta').waitFor();
    await confirm.getByRole('button', { name: 'Cancelar pedido' }).dblclick();
    await confirm.waitFor({ state: 'hidden' });
    // The refund state no longer hides that the order is cancelled.
    await drawer.locator('[data-status="CANCELLED"]').waitFor();
    await drawer.locator('[data-status="PARTIALLY_REFUNDED"]').waitFor();
    await screenshot(page, 'after-sale-cancelled-refunded');
    expect(cancels).toHaveLength(1);
    await page.waitForTimeout(500);
    expect(await page.getByText('Este pedido ya está cancelado.').count()).toBe(0);

    // An answer to a question deleted since the sale does not block correcting the buyer's name.
    const question = await call<{ id: string }>(
      'POST',
      `events/${event.id}/questions`,
      { title: 'Cómo nos conociste', type: 'SINGLE_LINE_TEXT', belongs_to: 'ORDER' },
      token,
    );
    const [nora] = await call<{ id: string }[]>('GET', `events/${event.id}/orders`, undefined, token);
    const noraUrl = `events/${event.id}/orders/${nora?.id}`;
    const buyer = { first_name: 'Nora', last_name: 'Gil', email: 'nora@example.com' };
    await call('PUT', noraUrl, { ...buyer, answers: { [question.id]: 'Radio' } }, token);
    await call('DELETE', `events/${event.id}/questions/${question.id}`, {}, token);
    await page.goto(`/manage/event/${event.id}/orders?order=${nora?.id}`);
    await drawer.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar pedido' });
    await edit.getByLabel('Apellidos').fill('Gil Soto');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.waitFor({ state: 'hidden' });
    await drawer.getByText('Nora Gil Soto').first().waitFor();
    await page.keyboard.press('Escape');

    // Its attendee cannot be reactivated (the order is cancelled): no button that can only fail.
    await page.goto(`/manage/event/${event.id}/attendees`);
    await page.getByRole('button', { name: 'Detalle de Nora Gil' }).click();
    const attendee = page.getByRole('dialog', { name: 'Asistente' });
    await attendee.getByText('Su pedido está cancelado').waitFor();
    expect(await attendee.getByRole('button', { name: 'Reactivar entrada' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // A box-office sale of a taxed ticket: the catalogue price the form suggests is what the order will
    // cost (25,00 € + 21 % IVA + 1,50 € fee = 31,75 €), not the price before taxes.
    const iva = await call<{ id: string }>(
      'POST',
      'accounts/me/taxes-and-fees',
      { name: 'IVA', type: 'TAX', calculation: 'PERCENTAGE', value: 2100 },
      token,
    );
    const fee = await call<{ id: string }>(
      'POST',
      'accounts/me/taxes-and-fees',
      { name: 'Gastos', type: 'FEE', calculation: 'FIXED', value: 150 },
      token,
    );
    await call(
      'POST',
      `events/${event.id}/tickets`,
      {
        name: 'Con IVA',
        type: 'PAID',
        prices: [{ price_cents: 2500, quantity: 10 }],
        tax_ids: [iva.id, fee.id],
      },
      token,
    );
    await page.goto(`/manage/event/${event.id}/orders`);
    await page.getByRole('button', { name: 'Nuevo pedido' }).click();
    const create = page.getByRole('dialog', { name: 'Nuevo pedido' });
    await create.getByLabel('Entrada', { exact: true }).click();
    await page.getByRole('option', { name: /Con IVA/ }).click();
    await create.getByText('Precio de catálogo, con impuestos y gastos: 31,75 €').waitFor();
    expect(await create.getByLabel(/Importe cobrado/).inputValue()).toBe('31,75');
    // More than that cannot be recorded as paid; the form says so beside the amount.
    await create.getByLabel('Nombre').fill('Taquilla');
    await create.getByLabel('Apellidos').fill('Puerta');
    await create.getByLabel('Correo electrónico').fill('puerta@example.com');
    await create.getByLabel(/Importe cobrado/).fill('3175');
    await create.getByRole('button', { name: 'Crear pedido' }).click();
    await create.getByText('El importe cobrado no puede superar el total del pedido (31,75 €).').waitFor();
    // Back to the amount the server priced, without typing it.
    await create.getByRole('button', { name: 'Usar el precio de catálogo' }).click();
    expect(await create.getByLabel(/Importe cobrado/).inputValue()).toBe('31,75');
    await create.getByRole('button', { name: 'Crear pedido' }).click();
    await drawer.getByText('Taquilla Puerta').first().waitFor();
    expect(await drawer.getByTestId('order-detail-total').textContent()).toMatch(/31,75\s€/);
    await context.close();
  });
});
