import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, liveEventWithTicket, registerOrganizer } from '../api.ts';
import { ARTIFACTS, collectErrors, launch, newPage, screenshot } from '../browser.ts';

/**
 * The buyer's receipt: an order with a 15 % code, IVA 10 % and a fixed fee, partly refunded, read on the
 * order summary and on the print page at 360 px, and printed (Chromium's own PDF, read with pdftotext)
 * without the page's navigation.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PHONE = { width: 360, height: 800 };
/** A label and amount as the page writes them, whatever spaces Intl puts around the € sign. */
const money = (text: string) => new RegExp(`^${text.replace(/[()%]/g, '\\$&').replace(/ /g, '\\s*')}$`);

async function receiptFigures(page: Page) {
  const receipt = page.getByTestId('receipt').first();
  await receipt.waitFor();
  const text = async (id: string) => (await receipt.getByTestId(id).first().innerText()).replace(/\s+/g, ' ');
  return {
    seller: await text('receipt-seller'),
    line: await text('receipt-line'),
    discount: await text('receipt-discount'),
    tax: await text('receipt-tax'),
    fee: await text('receipt-fee'),
    total: await text('receipt-total'),
    refunded: await text('receipt-refunded'),
    net: await text('receipt-net'),
  };
}

function expectFigures(f: Awaited<ReturnType<typeof receiptFigures>>) {
  expect(f.seller).toBe('Sala Luna');
  expect(f.line).toMatch(/^3 × Platea\s*63,72\s*€\s*24,99\s*€ por entrada, descuento −3,75\s*€$/);
  expect(f.discount).toMatch(money('Descuento (AMIGOS) −11,25 €'));
  expect(f.tax).toMatch(money('IVA 10 % 6,36 €'));
  expect(f.fee).toMatch(money('Gastos 4,50 €'));
  expect(f.total).toMatch(money('74,58 €'));
  expect(f.refunded).toMatch(money('Reembolsado −12,34 €'));
  expect(f.net).toMatch(money('Pagado 62,24 €'));
}

describe('receipt journey', () => {
  it('shows the figures of a discounted, taxed, partly refunded order on the summary and the print page', async () => {
    const token = await registerOrganizer('receipt');
    const event = await liveEventWithTicket(token, 'Noche de Jazz', { payment_providers: ['test'] });
    await call(
      'PUT',
      'accounts/me/invoicing',
      {
        enabled: true,
        legal_name: 'Sala Luna S.L.',
        tax_id: 'B12345674',
        address: 'Carrer Major 1, 08001 Barcelona',
        series_prefix: 'RB',
        vat_regime: 'GENERAL',
        fees_vat_rate_bp: 2100,
      },
      token,
    );
    const iva = await call<{ id: string }>(
      'POST',
      'accounts/me/taxes-and-fees',
      { name: 'IVA', type: 'TAX', calculation: 'PERCENTAGE', value: 1000 },
      token,
    );
    const fee = await call<{ id: string }>(
      'POST',
      'accounts/me/taxes-and-fees',
      { name: 'Gastos', type: 'FEE', calculation: 'FIXED', value: 150 },
      token,
    );
    const ticket = await call<{ id: string; prices: { id: string }[] }>(
      'POST',
      `events/${event.id}/tickets`,
      {
        name: 'Platea',
        type: 'PAID',
        prices: [{ price_cents: 2499, quantity: 50 }],
        tax_ids: [iva.id, fee.id],
      },
      token,
    );
    await call(
      'POST',
      `events/${event.id}/promo-codes`,
      { code: 'AMIGOS', discount_type: 'PERCENTAGE', discount: 15 },
      token,
    );
    const base = `public/events/${event.id}/order`;
    const { short_id: short } = await call<{ short_id: string }>('POST', base, {
      tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 3 }],
      promo_code: 'AMIGOS',
    });
    const buyer = { first_name: 'Jordi', last_name: 'Puig', email: 'jordi@example.com' };
    await call('PUT', `${base}/${short}`, { ...buyer, email_confirmation: buyer.email });
    await call('POST', `${base}/${short}/payment`, { provider: 'test', card_number: '4242 4242 4242 4242' });
    const [order] = await call<{ id: string }[]>('GET', `events/${event.id}/orders`, undefined, token);
    await call('POST', `events/${event.id}/orders/${order?.id}/refund`, { amount_cents: 1234 }, token);

    const summary = await newPage(browser, { viewport: PHONE });
    const summaryErrors = collectErrors(summary.page);
    await summary.page.goto(`/checkout/${event.id}/${short}/summary`);
    expectFigures(await receiptFigures(summary.page));
    const invoices = summary.page.getByTestId('buyer-invoice');
    expect(await invoices.allInnerTexts()).toEqual([
      expect.stringMatching(/^Factura RB\d{4}-000001 \(PDF\)$/),
      expect.stringMatching(/^Rectificativa RBR\d{4}-000001 \(PDF\)$/),
    ]);
    // Nothing wider than the phone.
    expect(await summary.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(summary.page, 'receipt-summary-360');
    expect(summaryErrors).toEqual([]);
    await summary.context.close();

    const print = await newPage(browser, { viewport: PHONE });
    const printErrors = collectErrors(print.page);
    await print.page.goto(`/order/${event.id}/${short}/print`);
    expectFigures(await receiptFigures(print.page));
    expect(await print.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(print.page, 'receipt-print-360');

    // Printed: the receipt and the tickets, without the print button or the footer's language links.
    await print.page.emulateMedia({ media: 'print' });
    expect(await print.page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    expect(await print.page.locator('footer').isVisible()).toBe(false);
    // Kept with the screenshots, to be looked at.
    const file = path.join(ARTIFACTS, 'receipt-print.pdf');
    writeFileSync(file, await print.page.pdf({ format: 'A4' }));
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toMatch(/Recibo/);
    expect(text).toMatch(/Total\s+74,58\s*€/);
    expect(text).toMatch(/Reembolsado\s+−12,34\s*€/);
    expect(text).not.toMatch(/Entradas con Taquilla/);
    expect(printErrors).toEqual([]);
    await print.context.close();
  });
});
