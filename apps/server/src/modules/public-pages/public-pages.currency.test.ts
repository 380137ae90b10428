import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { takeMail } from '../../test/factories/auth.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * Zero-decimal currencies (JPY, CLP) on the buyer's side: the page's JSON-LD, what checkout charges for
 * a fixed fee (minor units of the event's currency: 100 JPY is one hundred yen) and the amounts e-mails
 * write, in the currency's own digits.
 */
let t: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'taquilla-dist-'));
  writeFileSync(
    path.join(dist, 'event.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(() => t?.close());

/** An event in `currency` whose ticket carries a 10 % tax and a fixed fee created through the API. */
async function eventWithFee(currency: string, priceMinor: number, feeMinor: number) {
  const selling = await createSellingEvent(t.app, { currency });
  const tax = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/me/taxes-and-fees',
      headers: selling.headers,
      payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; value: number };
  };
  const vat = await tax({ name: 'IVA', type: 'TAX', calculation: 'PERCENTAGE', value: 1000 });
  const fee = await tax({ name: 'Gestión', type: 'FEE', calculation: 'FIXED', value: feeMinor });
  expect(fee.value).toBe(feeMinor);
  const ticket = await addTicket(t.app, selling.event, {
    prices: [{ price_cents: priceMinor, quantity: 50 }],
    taxIds: [vat.id, fee.id],
  });
  return { ...selling, ticket };
}

const jsonLd = (html: string) => {
  const m = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  return m?.[1] ? JSON.parse(m[1]) : null;
};
const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('zero-decimal currencies', () => {
  it('JPY: the page offers whole yen, a fixed fee of 100 costs 100 yen, and the e-mail says so', async () => {
    const { event, ticket } = await eventWithFee('JPY', 1500, 100);
    const page = await t.app.inject({ url: `/e/${event.id}/${event.slug}` });
    expect(page.statusCode).toBe(200);
    expect(jsonLd(page.body).offers).toMatchObject([{ price: '1500', priceCurrency: 'JPY' }]);

    const short = await buyWithTestCard(t.app, event, ticket, { quantity: 2 });
    const order = await t.app.inject({ url: `/api/public/events/${event.id}/order/${short}` });
    // 1500 + 10 % (150) + 100 = 1750 yen a unit.
    expect(order.json().data).toMatchObject({ currency: 'JPY', total_cents: 3500 });
    expect(at(order.json().data.items, 0)).toMatchObject({ fees_cents: 200, taxes_cents: 300 });

    const mail = at(await takeMail(t.app), 0);
    expect(plain(mail.text)).toContain('Total: 3500 JPY');
    expect(plain(mail.text)).not.toContain('35,00');
  });

  it('CLP: a fixed fee typed as 500 pesos is charged 500, not 50.000', async () => {
    const { event, ticket } = await eventWithFee('CLP', 15_000, 500);
    const page = await t.app.inject({ url: `/e/${event.id}/${event.slug}` });
    expect(jsonLd(page.body).offers).toMatchObject([{ price: '15000', priceCurrency: 'CLP' }]);

    const short = await buyWithTestCard(t.app, event, ticket);
    const order = await t.app.inject({ url: `/api/public/events/${event.id}/order/${short}` });
    // 15.000 + 1.500 + 500.
    expect(order.json().data).toMatchObject({ currency: 'CLP', total_cents: 17_000 });
    const mail = at(await takeMail(t.app), 0);
    expect(plain(mail.text)).toContain('Total: 17.000 CLP');
  });

  it('an amount inside an error message is written in the reader’s language and the currency’s digits', async () => {
    const { event } = await createSellingEvent(t.app, { currency: 'JPY' });
    const ticket = await addTicket(t.app, event, { price_type: 'DONATION', prices: [{ price_cents: 1000 }] });
    const line = { ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1, amount_cents: 500 };
    const reserve = (locale: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/events/${event.id}/order`,
        cookies: { locale },
        payload: { tickets: [line] },
      });
    const en = await reserve('en');
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields['tickets.0.amount_cents']).toBe('The minimum contribution is ¥1,000.');
    const es = await reserve('es');
    expect(plain(es.json().error.fields['tickets.0.amount_cents'])).toBe('La aportación mínima es 1000 JPY.');
  });

  it('a two-decimal currency keeps its cents in JSON-LD', async () => {
    const { event } = await eventWithFee('EUR', 2550, 50);
    const page = await t.app.inject({ url: `/e/${event.id}/${event.slug}` });
    expect(jsonLd(page.body).offers).toMatchObject([{ price: '25.50', priceCurrency: 'EUR' }]);
  });
});
