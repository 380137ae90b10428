import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, liveEventWithTicket, registerOrganizer } from '../api.ts';
import { collectErrors, DESKTOP, launch, newPage, screenshot } from '../browser.ts';

/**
 * Invoicing from the back office: the organizer turns it on in «Cuenta → Facturación» (a wrong NIF is
 * refused under its field) and opts an event out and back in from its settings, a buyer ticks «Necesito factura» at checkout (a wrong NIF refused under its field), and the order drawer lists the
 * invoice and downloads its PDF.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('invoices journey', () => {
  it('turns invoicing on, and the drawer downloads the invoice of an order that asked for one', async () => {
    const token = await registerOrganizer('invoices');
    const event = await liveEventWithTicket(token, 'Festival de Otoño', { payment_providers: ['test'] });

    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = collectErrors(page);
    await page.goto('/account/invoicing');
    await page.getByLabel('Emitir facturas de los pedidos pagados').check({ force: true });
    await page.getByLabel('Razón social o nombre').fill('Sala Aurora S.L.');
    await page.getByLabel('NIF/CIF').fill('B12345670');
    await page.getByLabel('Dirección fiscal').fill('Carrer Major 1, 08001 Barcelona');
    await page.getByLabel('Serie').fill('TQ');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    // The shared schema refuses the wrong check character before anything is sent.
    await page.getByText('El NIF, NIE o CIF no es válido').waitFor();
    await page.getByLabel('NIF/CIF').fill('B12345674');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Ajustes de facturación guardados.').waitFor();
    const settings = await call<{ enabled: boolean; tax_id: string }>(
      'GET',
      'accounts/me/invoicing',
      undefined,
      token,
    );
    expect(settings).toMatchObject({ enabled: true, tax_id: 'B12345674' });
    await screenshot(page, 'invoicing-settings-desktop');
    // A period that ends before it starts is refused under «Hasta», where it was caused.
    await page.getByLabel('Desde').fill('2026-03-10');
    await page.getByLabel('Hasta').fill('2026-03-01');
    await page.getByRole('button', { name: 'Descargar ZIP' }).click();
    await expect.poll(() => page.getByLabel('Hasta').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Desde').getAttribute('aria-invalid')).not.toBe('true');

    // The event's settings let it opt out of invoicing (and back in).
    const optOut = async (invoices: boolean) => {
      await page.goto(`/manage/event/${event.id}/settings`);
      const section = page.locator('#facturacion');
      const toggle = section.getByLabel('Emitir facturas de los pedidos de este evento');
      await toggle.waitFor({ state: 'attached' });
      expect(await toggle.isChecked()).toBe(!invoices);
      await toggle.setChecked(invoices, { force: true });
      await section.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('Ajustes de facturación guardados').waitFor();
      const state = await call<{ opted_out: boolean; enabled: boolean }>(
        'GET',
        `events/${event.id}/invoicing`,
        undefined,
        token,
      );
      expect(state).toMatchObject({ opted_out: !invoices, enabled: invoices });
    };
    await optOut(false);
    await optOut(true);

    // A buyer who needs an invoice ticks «Necesito factura» on the checkout's details step.
    const base = `public/events/${event.id}/order`;
    const order = await call<{ short_id: string }>('POST', base, {
      tickets: [{ ticket_id: event.ticket.id, price_id: at(event.ticket.prices, 0).id, quantity: 1 }],
    });
    for (const width of [1280, 360]) {
      const buyer = await newPage(browser, { viewport: { width, height: 800 } });
      const buyerErrors = collectErrors(buyer.page);
      await buyer.page.goto(`/checkout/${event.id}/${order.short_id}/details`);
      await buyer.page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
      await buyer.page.getByLabel('Nombre').first().fill('Marta');
      await buyer.page.getByLabel('Apellidos').first().fill('Vidal');
      await buyer.page.getByLabel('Correo electrónico', { exact: false }).first().fill('marta@example.com');
      await buyer.page.getByLabel('Confirma el correo electrónico').fill('marta@example.com');
      await buyer.page.getByRole('button', { name: 'Usar mis datos' }).click();
      await buyer.page.getByLabel('Necesito factura').check();
      await buyer.page.getByLabel('Nombre o razón social').fill('Marta Vidal');
      await buyer.page.getByLabel('NIF, NIE, CIF o número de IVA de la UE').fill('12345678A');
      await buyer.page.getByLabel('Dirección', { exact: false }).last().fill('Calle Luna 3, Madrid');
      await buyer.page.getByRole('button', { name: 'Continuar al pago' }).click();
      await buyer.page.getByText('o el número de IVA de otro país de la UE con su prefijo').waitFor();
      await buyer.page.getByLabel('NIF, NIE, CIF o número de IVA de la UE').fill('12345678Z');
      await screenshot(buyer.page, `invoices-checkout-${width}`);
      if (width === 360) {
        await buyer.page.getByRole('button', { name: 'Continuar al pago' }).click();
        await buyer.page.waitForURL(/\/payment$/);
      }
      expect(buyerErrors).toEqual([]);
      await buyer.context.close();
    }
    await call('POST', `${base}/${order.short_id}/payment`, {
      provider: 'test',
      card_number: '4242 4242 4242 4242',
    });

    // The buyer's order page links the invoice's PDF.
    const summary = await newPage(browser, { viewport: { width: 360, height: 800 } });
    await summary.page.goto(`/checkout/${event.id}/${order.short_id}/summary`);
    const link = summary.page.getByTestId('buyer-invoice');
    await link.waitFor();
    expect(await link.textContent()).toMatch(/^Factura TQ\d{4}-000001 \(PDF\)$/);
    await screenshot(summary.page, 'invoices-buyer-summary-360');
    const href = await link.getAttribute('href');
    const pdf = await summary.page.request.get(href ?? '');
    expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
    await summary.context.close();

    await page.goto(`/manage/event/${event.id}/orders`);
    await page.getByRole('row', { name: /Marta Vidal/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Pedido' });
    const invoice = drawer.getByTestId('order-invoice');
    await invoice.waitFor();
    expect(await invoice.textContent()).toMatch(/Factura TQ\d{4}-000001.*12345678Z/);
    await screenshot(page, 'invoices-drawer-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      invoice.getByRole('button', { name: 'PDF' }).click(),
    ]);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 4).toString()).toBe('%PDF');
    expect(errors).toEqual([]);
    await context.close();

    const phone = await newPage(browser, { viewport: { width: 360, height: 780 } });
    await phone.context.addInitScript((t) => localStorage.setItem('token', t), token);
    await phone.page.goto('/account/invoicing');
    await phone.page.getByLabel('Razón social o nombre').waitFor();
    await screenshot(phone.page, 'invoicing-settings-phone');
    await phone.page.goto(`/manage/event/${event.id}/settings`);
    await phone.page.locator('#facturacion').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'invoicing-event-opt-out-phone');
    await phone.context.close();
  });
});
