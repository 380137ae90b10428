import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addPromoCode, addTax, addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * The receipt in the buyer's order answer, over HTTP on the real app and database: a discounted line
 * with a percentage tax and a fixed fee, the organizer's partial refund, and the invoice and credit note
 * it links — every figure to the cent, and adding up to the order's total.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INVOICING = {
  enabled: true,
  legal_name: 'Sala Apolo S.L.',
  tax_id: 'B12345674',
  address: 'Carrer Nou de la Rambla 113, 08004 Barcelona',
  series_prefix: 'RC',
  vat_regime: 'GENERAL',
  fees_vat_rate_bp: 2100,
};

async function discountedOrder() {
  const s = await createSellingEvent(t.app);
  await t.app.inject({
    method: 'PUT',
    url: '/api/accounts/me/invoicing',
    headers: s.headers,
    payload: INVOICING,
  });
  const iva = await addTax(t.app, s.account.id, {
    name: 'IVA',
    type: 'TAX',
    calculation: 'PERCENTAGE',
    value: 1000,
  });
  const fee = await addTax(t.app, s.account.id, {
    name: 'Gastos',
    type: 'FEE',
    calculation: 'FIXED',
    value: 150,
  });
  const ticket = await addTicket(t.app, s.event, {
    name: 'Platea',
    prices: [{ price_cents: 2499, quantity: 100 }],
    taxIds: [iva.id, fee.id],
  });
  await addPromoCode(t.app, s.event, { code: 'AMIGOS', discount_type: 'PERCENTAGE', discount: 15 });
  const base = `/api/public/events/${s.event.id}/order`;
  const reserved = await t.app.inject({
    method: 'POST',
    url: base,
    payload: {
      tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 3 }],
      promo_code: 'amigos',
    },
  });
  expect(reserved.statusCode, reserved.body).toBe(201);
  const short: string = reserved.json().data.short_id;
  expect(reserved.json().data.receipt).toBeUndefined();
  await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
  const paid = await t.app.inject({
    method: 'POST',
    url: `${base}/${short}/payment`,
    payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
  });
  expect(paid.json().data.status).toBe('COMPLETED');
  const orderUrl = `${base}/${short}`;
  return { ...s, short, orderUrl };
}

describe('the receipt', () => {
  it('shows lines, discount, each tax and fee, total, refund and invoices, adding up to the order to the cent', async () => {
    const s = await discountedOrder();
    const first = await t.app.inject({ method: 'GET', url: s.orderUrl });
    expect(first.statusCode).toBe(200);
    const order = first.json().data;
    // Per unit: 24,99 € − 15 % (3,75 €, half-up) = 21,24 €; IVA 10 % of it 2,12 €; fee 1,50 €.
    expect(order.receipt).toEqual({
      seller: expect.any(String),
      order_number: s.short,
      event_name: s.event.name,
      purchased_at: order.completed_at,
      timezone: s.event.timezone,
      payment_method: 'TEST_CARD',
      status: 'COMPLETED',
      refund_status: null,
      currency: 'EUR',
      lines: [
        {
          description: 'Platea',
          quantity: 3,
          unit_price_cents: 2499,
          unit_discount_cents: 375,
          amount_cents: 6372,
        },
      ],
      subtotal_cents: 7497,
      discount_cents: 1125,
      promo_code: 'AMIGOS',
      taxes: [{ name: 'IVA', rate_bp: 1000, amount_cents: 636 }],
      fees: [{ name: 'Gastos', rate_bp: null, amount_cents: 450 }],
      total_cents: 7458,
      refunded_cents: 0,
      net_paid_cents: 7458,
      invoices: [
        {
          kind: 'INVOICE',
          number: expect.stringMatching(/^RC\d{4}-000001$/),
          pdf_url: expect.stringContaining(`/order/${s.short}/invoices/`),
        },
      ],
    });
    expect(order.receipt.seller).toBe(s.organizer.name);
    const r = order.receipt;
    const sum = (rows: { amount_cents: number }[]) => rows.reduce((n, row) => n + row.amount_cents, 0);
    expect(sum(r.lines)).toBe(r.subtotal_cents - r.discount_cents);
    expect(sum(r.lines) + sum(r.taxes) + sum(r.fees)).toBe(order.total_cents);
    expect(sum(r.taxes)).toBe(order.taxes_cents);
    expect(sum(r.fees)).toBe(order.fees_cents);

    // The organizer refunds 12,34 €: the receipt says so, and links the credit note.
    const [row] = (
      await t.app.inject({ method: 'GET', url: `/api/events/${s.event.id}/orders`, headers: s.headers })
    ).json().data;
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/orders/${row.id}/refund`,
      headers: s.headers,
      payload: { amount_cents: 1234 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: s.orderUrl })).json().data.receipt;
    expect(after).toMatchObject({
      refund_status: 'PARTIALLY_REFUNDED',
      total_cents: 7458,
      refunded_cents: 1234,
      net_paid_cents: 6224,
    });
    expect(after.invoices.map((i: { kind: string }) => i.kind)).toEqual(['INVOICE', 'CREDIT_NOTE']);
    const pdf = await t.app.inject({
      method: 'GET',
      url: at(after.invoices as { pdf_url: string }[], 1).pdf_url,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('names no payment for a free order, and is absent from a reservation', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, {
      prices: [{ price_cents: 0, quantity: 10 }],
      price_type: 'FREE',
    });
    const base = `/api/public/events/${s.event.id}/order`;
    const reserved = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 2 }] },
    });
    const short: string = reserved.json().data.short_id;
    const open = await t.app.inject({ method: 'GET', url: `${base}/${short}` });
    expect(open.json().data.receipt).toBeUndefined();
    await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
    const done = (await t.app.inject({ method: 'GET', url: `${base}/${short}` })).json().data;
    expect(done.status).toBe('COMPLETED');
    expect(done.receipt).toMatchObject({
      payment_method: 'NO_PAYMENT',
      total_cents: 0,
      net_paid_cents: 0,
      taxes: [],
      fees: [],
      invoices: [],
    });
  });
});
