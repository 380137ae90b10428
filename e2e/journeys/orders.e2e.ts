import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { DESKTOP, dataDir, launch, newPage, PHONE, screenshot } from '../browser.ts';

/**
 * The organizer's orders screen: a card order and an offline order arrive through the public checkout;
 * the organizer finds them, opens the offline one, marks it paid, and the buyer's tickets go out by e-mail;
 * then corrects an attendee's address on the attendees screen and sends the ticket again.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function signedInPage(token: string, viewport = DESKTOP) {
  const { context, page } = await newPage(browser, { viewport });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return { context, page };
}

const mailTo = (address: string) => {
  const dir = path.join(dataDir(), 'mail');
  return readdirSync(dir)
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${address}`));
};

describe('orders journey', () => {
  it('lists, searches and filters orders; an offline order is marked paid; an attendee is corrected and resent', async () => {
    const token = await registerOrganizer('orders');
    const event = await liveEventWithTicket(token, 'Concierto de Año Nuevo', {
      payment_providers: ['test', 'offline'],
      offline_payment_instructions: 'Transferencia a ES12 3456 7890 1234.',
    });
    await placeOrder(event, { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' }, 2, {
      provider: 'test',
      card_number: '4242 4242 4242 4242',
    });
    // Asked after the sales: the organizer will fill it in for a holder later.
    await call(
      'POST',
      `events/${event.id}/questions`,
      { title: 'Talla de camiseta', type: 'DROPDOWN', belongs_to: 'ATTENDEE', options: ['S', 'M', 'L'] },
      token,
    );
    const offline = await placeOrder(
      event,
      { first_name: 'Pau', last_name: 'Soler', email: 'pau@example.com' },
      1,
      {
        provider: 'offline',
      },
    );
    expect(offline.status).toBe('AWAITING_OFFLINE_PAYMENT');

    const { page, context } = await signedInPage(token);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The dashboard: what sold, and the offline money still to confirm.
    await page.goto(`/manage/event/${event.id}/dashboard`);
    await page.getByText('Pagos offline pendientes').waitFor();
    expect(await page.getByTestId('sales-by-ticket').textContent()).toMatch(/General\s*2\s*50,00\s€/);
    // The chart counts whole tickets: no 0.5 on its axis.
    const ticks = page
      .getByTestId('tickets-chart')
      .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await ticks.first().waitFor();
    for (const tick of await ticks.allTextContents()) expect(tick).toMatch(/^\d+$/);
    await screenshot(page, 'dashboard-desktop');

    await page.goto(`/manage/event/${event.id}/orders`);
    const rows = page.locator('tbody tr');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await page.getByRole('row', { name: /Lucía Martín/ }).textContent()).toMatch(
      /Completado.*|50,00\s€/,
    );
    await screenshot(page, 'orders-desktop');
    // A link to a page past the last one shows the last page, not "no orders yet".
    await page.goto(`/manage/event/${event.id}/orders?page=9`);
    await page.getByRole('row', { name: /Lucía Martín/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await page.getByText('Aún no hay pedidos').count()).toBe(0);

    // The export downloads what the list shows.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Exportar' }).click();
        await page.getByRole('menuitem', { name: 'CSV' }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-pedidos\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFFPedido,Estado')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
    expect(csv).toContain('pau@example.com');

    // Sorted by a column's header, kept in the address; pressed again, the other way.
    const total = page.getByRole('columnheader', { name: 'Total' });
    await total.getByRole('button').click();
    await page.waitForURL(/sort=total_cents&dir=asc/);
    await expect.poll(() => rows.first().textContent()).toContain('Pau Soler');
    await expect.poll(() => total.getAttribute('aria-sort')).toBe('ascending');
    await total.getByRole('button').click();
    await page.waitForURL(/dir=desc/);
    await expect.poll(() => rows.first().textContent()).toContain('Lucía Martín');
    await page.reload();
    await expect.poll(() => rows.first().textContent()).toContain('Lucía Martín');
    await expect.poll(() => total.getAttribute('aria-sort')).toBe('descending');

    // Search and status filter.
    await page.getByPlaceholder('Buscar por nombre, correo o nº de pedido').fill('pau@');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByPlaceholder('Buscar por nombre, correo o nº de pedido').fill('');
    await page.waitForURL((url) => !url.searchParams.has('query'));
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Pendientes de pago' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.waitForURL(/status=AWAITING_OFFLINE_PAYMENT/);
    expect(await rows.first().textContent()).toContain('Pau Soler');

    // The offline order: orange badge, then marked paid; it completes and the ticket e-mail is queued.
    await rows.filter({ hasText: 'Pau Soler' }).click();
    const drawer = page.getByRole('dialog', { name: 'Pedido' });
    await drawer.getByText('Pendiente de pago offline').waitFor();
    expect(await drawer.locator('[data-status]').getAttribute('data-status')).toBe('AWAITING_PAYMENT');
    expect(page.url()).toContain('order=');
    await screenshot(page, 'orders-offline-detail');
    page.once('dialog', (d) => void d.accept());
    await drawer.getByRole('button', { name: 'Marcar como pagado' }).click();
    await page.getByText('Pedido marcado como pagado. Las entradas se han enviado.').waitFor();
    await expect.poll(() => drawer.locator('[data-status]').getAttribute('data-status')).toBe('COMPLETED');
    await drawer.getByTestId('order-attendee').first().waitFor();
    expect(await drawer.getByTestId('order-attendee').count()).toBe(1);
    await expect.poll(() => mailTo('pau@example.com').length, { timeout: 15_000 }).toBeGreaterThan(0);
    const detail = await call<{ status: string }>(
      'GET',
      `public/events/${event.id}/order/${offline.short_id}`,
    );
    expect(detail.status).toBe('COMPLETED');

    // An internal note: saved, in the activity log with its text, never on the buyer's side.
    const notes = drawer.getByTestId('order-notes');
    await notes.getByLabel('Notas internas').fill('Pagó en efectivo en la taquilla; quiere factura.');
    await notes.getByRole('button', { name: 'Guardar notas' }).click();
    await page.getByText('Notas guardadas').waitFor();
    const log = drawer.getByTestId('order-activity');
    await log.getByText('Notas internas guardadas').waitFor();
    await log.getByText('Pagó en efectivo en la taquilla; quiere factura.').waitFor();
    // The toast sits bottom-right: the notes' «Guardar» stays visible and clickable beside it.
    const saveNotes = notes.getByRole('button', { name: 'Guardar notas' });
    await saveNotes.scrollIntoViewIfNeeded();
    await screenshot(page, 'orders-notes');
    const buyerSide = JSON.stringify(
      await call('GET', `public/events/${event.id}/order/${offline.short_id}`),
    );
    expect(buyerSide).not.toContain('efectivo');

    // A phone: cards, and the drawer full screen.
    const phone = await signedInPage(token, PHONE);
    await phone.page.goto(
      `/manage/event/${event.id}/orders?order=${new URL(page.url()).searchParams.get('order')}`,
    );
    await phone.page.getByRole('dialog', { name: 'Pedido' }).getByTestId('order-attendee').waitFor();
    await screenshot(phone.page, 'orders-detail-phone');
    await phone.page.keyboard.press('Escape');
    await phone.page.getByText('Lucía Martín').filter({ visible: true }).waitFor();
    await screenshot(phone.page, 'orders-phone');
    await phone.context.close();

    // Attendees: the holders of the three tickets; one is corrected and gets the ticket again.
    await page.goto(`/manage/event/${event.id}/attendees`);
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    // Filtered by status: every ticket is valid now that the offline order was paid.
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Cancelada' }).click();
    await page.getByText('Ningún asistente coincide').waitFor();
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Válida' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByPlaceholder('Buscar por nombre, correo o nº de pedido').fill('pau');
    await expect.poll(() => rows.count()).toBe(1);
    // The search lives in the address: a reload shows the same list.
    await page.waitForURL(/query=pau/);
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByPlaceholder('Buscar por nombre, correo o nº de pedido').inputValue()).toBe('pau');
    await page.getByRole('button', { name: 'Editar Pau Soler' }).click();
    const form = page.getByRole('dialog', { name: 'Editar asistente' });
    await form.getByLabel('Correo electrónico').fill('pau.soler@example.com');
    // The answers checkout asked of this ticket are corrected here too.
    await form.getByLabel('Talla de camiseta').selectOption('M');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Asistente actualizado').waitFor();
    // The closing modal's overlay must be gone before the row's buttons take clicks.
    await form.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Reenviar la entrada de Pau Soler' }).click();
    await page.getByText('Entrada reenviada a pau.soler@example.com').waitFor();
    await expect.poll(() => mailTo('pau.soler@example.com').length, { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'attendees-desktop');

    // At the desk: the organizer checks Pau in from the attendee's detail; the door's answer comes back.
    await call('POST', `events/${event.id}/check-in-lists`, { name: 'Puerta principal' }, token);
    const pau = (
      await call<{ id: string; first_name: string }[]>(
        'GET',
        `events/${event.id}/attendees?query=pau`,
        undefined,
        token,
      )
    )[0];
    await page.goto(`/manage/event/${event.id}/attendees?attendee=${pau?.id}`);
    const attendeeDrawer = page.getByRole('dialog', { name: 'Asistente' });
    await attendeeDrawer.getByText('Aún no ha entrado.').waitFor();
    await attendeeDrawer.getByText('Talla de camiseta').waitFor();
    await attendeeDrawer.getByText('M', { exact: true }).waitFor();
    await attendeeDrawer.getByRole('button', { name: 'Registrar entrada' }).click();
    await page.getByText('Pau Soler: entrada registrada.').waitFor();
    await attendeeDrawer.getByText(/· Puerta principal$/).waitFor();
    await attendeeDrawer.getByRole('button', { name: 'Registrar entrada' }).click();
    await page.getByText(/^Pau Soler ya registró su entrada el/).waitFor();
    await screenshot(page, 'attendee-desk-check-in');

    expect(errors).toEqual([]);
    await context.close();
  });
});
