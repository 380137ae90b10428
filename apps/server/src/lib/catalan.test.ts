import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { takeMail } from '../test/factories/auth.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../test/factories/checkout.ts';
import { at } from './rows.ts';

/** Català, the third language: chosen by the browser or the cookie, in answers, errors and e-mails. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Català', () => {
  it('answers in Catalan to Accept-Language: ca and to the locale cookie', async () => {
    const byBrowser = await t.app.inject({
      url: '/api/public/events/00000000-0000-4000-8000-000000000000',
      headers: { 'accept-language': 'ca-ES,ca;q=0.9,es;q=0.8' },
    });
    expect(byBrowser.statusCode).toBe(404);
    expect(byBrowser.json().error.message).toBe('No s’ha trobat el que cerques.');

    const byCookie = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'en', cookie: 'locale=ca' },
      payload: { email: 'no-es-un-correu', password: '' },
    });
    expect(byCookie.statusCode).toBe(422);
    expect(byCookie.json().error.message).toBe('Revisa les dades introduïdes.');
    expect(byCookie.json().error.fields.email).toBe('Introdueix un correu electrònic vàlid.');
  });

  it('writes a buyer’s e-mails in Catalan, money and dates as Catalan writes them', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 123450, quantity: 10 }] });
    await buyWithTestCard(t.app, s.event, ticket, { quantity: 1, acceptLanguage: 'ca' });
    const mails = await takeMail(t.app);
    const confirmation = mails.find((m) => m.subject.startsWith('La teva comanda per a'));
    expect(confirmation, mails.map((m) => m.subject).join(' | ')).toBeDefined();
    expect(confirmation?.text).toContain('gràcies per la compra');
    expect(confirmation?.text).toContain('1.234,50');
    expect(confirmation?.text).toMatch(/Data: [a-z]+, \d+ d[e’] ?[a-z]+ del \d{4}, a les /);
    expect(confirmation?.text).toContain('<html lang="ca">');
  });

  it('writes an export’s headers, states and money in Catalan', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 123450, quantity: 10 }] });
    await buyWithTestCard(t.app, s.event, ticket, { quantity: 1 });
    const res = await t.app.inject({
      url: `/api/events/${s.event.id}/orders/export`,
      headers: { ...s.headers, cookie: 'locale=ca' },
    });
    expect(res.statusCode).toBe(200);
    const [header, row] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toMatch(
      /^Comanda,Estat,Estat del pagament,Estat del reemborsament,Nom,Cognoms,Correu electrònic/,
    );
    expect(row).toContain(',Completada,Pagada,');
    expect(row).toContain('"1234,50"');
    expect(row).toContain('Targeta de prova');
  });

  it('writes the waiting list’s e-mails in Catalan with ICU plurals', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, {
      waitlist_enabled: true,
      max_per_order: 10,
      prices: [{ price_cents: 2500, quantity: 1 }],
    });
    await buyWithTestCard(t.app, s.event, ticket, { quantity: 1 });
    await takeMail(t.app);
    for (const [email, quantity] of [
      ['una@example.com', 1],
      ['dues@example.com', 2],
    ] as const) {
      const joined = await t.app.inject({
        method: 'POST',
        url: `/api/public/events/${s.event.id}/waitlist`,
        remoteAddress: `10.9.0.${quantity}`,
        payload: { ticket_id: ticket.id, first_name: 'Jordi', email, quantity, consent: true, locale: 'ca' },
      });
      expect(joined.statusCode).toBe(201);
    }
    const mails = await takeMail(t.app);
    expect(mails.map((m) => m.subject)).toEqual([
      `Ets a la llista d’espera de ${s.event.name}`,
      `Ets a la llista d’espera de ${s.event.name}`,
    ]);
    expect(at(mails, 0).text).toMatch(/si queda lliure 1 entrada de «/);
    expect(at(mails, 1).text).toMatch(/si queden lliures 2 entrades de «/);
  });
});
