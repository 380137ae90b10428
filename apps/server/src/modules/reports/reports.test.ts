import { REPORT_KINDS, type Report } from '@taquilla/shared/schemas/reports';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser } from '../../test/factories/accounts.ts';
import {
  addAffiliate,
  addTax,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function get(url: string, headers: Headers) {
  return t.app.inject({ method: 'GET', url, headers: { ...headers, cookie: 'locale=es' } });
}

async function report(base: string, kind: string, headers: Headers, query = ''): Promise<Report> {
  const res = await get(`${base}/${kind}${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const total = (r: Report, key: string) => r.totals.reduce((sum, row) => sum + Number(row[key] ?? 0), 0);

/**
 * An event with a ticket of 20,00 € + 21 % IVA + 0,50 € fee, three completed orders over HTTP (one via an
 * affiliate), a partial refund of one and a full refund with cancellation of another.
 */
async function eventWithBooks() {
  const s = await createSellingEvent(t.app);
  const iva = await addTax(t.app, s.account.id, {
    name: 'IVA',
    type: 'TAX',
    calculation: 'PERCENTAGE',
    value: 2100,
  });
  const fee = await addTax(t.app, s.account.id, {
    name: 'Gastos',
    type: 'FEE',
    calculation: 'FIXED',
    value: 50,
  });
  const ticket = await addTicket(t.app, s.event, {
    name: 'General',
    prices: [{ price_cents: 2000, quantity: 100 }],
    taxIds: [iva.id, fee.id],
  });
  await addAffiliate(t.app, s.event, 'RADIO');
  const shorts = [
    await buyWithTestCard(t.app, s.event, ticket, { quantity: 2 }),
    await buyWithTestCard(t.app, s.event, ticket, { quantity: 1, affiliate_code: 'RADIO' }),
    await buyWithTestCard(t.app, s.event, ticket, { quantity: 3 }),
  ];
  const ids: string[] = [];
  for (const short of shorts) {
    ids.push(one(await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short))).id);
  }
  const orderUrl = (i: number) => `/api/events/${s.event.id}/orders/${at(ids, i)}`;
  const partial = await t.app.inject({
    method: 'POST',
    url: `${orderUrl(0)}/refund`,
    headers: s.headers,
    payload: { amount_cents: 1000 },
  });
  expect(partial.statusCode, partial.body).toBe(200);
  const full = await t.app.inject({
    method: 'POST',
    url: `${orderUrl(2)}/refund`,
    headers: s.headers,
    payload: { amount_cents: 3 * (2000 + 420 + 50), cancel_order: true },
  });
  expect(full.statusCode, full.body).toBe(200);
  await t.app.deps.jobs.drain();
  return { ...s, ticket, ids, base: `/api/events/${s.event.id}/reports` };
}

describe('event reports', () => {
  it('agree with the dashboard and with each other, to the cent', async () => {
    const s = await eventWithBooks();
    const stats = (await get(`/api/events/${s.event.id}/stats`, s.headers)).json().data.totals;
    // Unit 20,00 + 4,20 IVA + 0,50 fee = 24,70 €; the third order (3 units) was cancelled: no sale.
    expect(stats).toMatchObject({ gross_revenue_cents: 7410, refunded_cents: 1000, net_revenue_cents: 6410 });

    const revenue = await report(s.base, 'revenue', s.headers);
    expect(revenue.columns.map((c) => c.label)).toEqual([
      'Pedidos',
      'Entradas',
      'Ventas brutas',
      'Descuentos',
      'Impuestos',
      'Comisiones',
      'Reembolsos',
      'Neto',
    ]);
    expect(revenue.rows).toEqual([
      {
        currency: 'EUR',
        orders: 2,
        tickets: 3,
        gross: 7410,
        discount: 0,
        taxes: 1260,
        fees: 150,
        refunded: 1000,
        net: 6410,
      },
    ]);

    const byDay = await report(s.base, 'sales-by-day', s.headers);
    expect(total(byDay, 'gross')).toBe(7410);
    expect(total(byDay, 'refunded')).toBe(1000);
    expect(total(byDay, 'net')).toBe(6410);

    const byTicket = await report(s.base, 'sales-by-ticket', s.headers);
    expect(byTicket.rows).toEqual([
      {
        event: 'Concierto de Otoño',
        ticket: 'General',
        currency: 'EUR',
        tickets: 3,
        discount: 0,
        taxes: 1260,
        fees: 150,
        gross: 7410,
      },
    ]);

    const taxes = await report(s.base, 'taxes-and-fees', s.headers);
    expect(taxes.rows).toEqual([
      expect.objectContaining({
        type: 'Impuesto',
        name: 'IVA',
        rate: 2100,
        unit_amount: null,
        tickets: 3,
        base: 6000,
        amount: 1260,
      }),
      expect.objectContaining({
        type: 'Comisión',
        name: 'Gastos',
        rate: null,
        unit_amount: 50,
        tickets: 3,
        base: 6000,
        amount: 150,
      }),
    ]);
    expect(taxes.totals.map((r) => [r.type, r.amount])).toEqual([
      ['Total impuestos', 1260],
      ['Total comisiones', 150],
    ]);

    const affiliates = await report(s.base, 'affiliates', s.headers);
    expect(affiliates.rows).toEqual([
      expect.objectContaining({ affiliate: 'Radio Local', code: 'RADIO', orders: 1, gross: 2470, net: 2470 }),
    ]);

    const methods = await report(s.base, 'payment-methods', s.headers);
    expect(methods.rows).toEqual([
      expect.objectContaining({
        method: 'Tarjeta de prueba',
        orders: 2,
        gross: 7410,
        refunded: 1000,
        net: 6410,
      }),
    ]);

    const promo = await report(s.base, 'promo-codes', s.headers);
    expect(promo.rows).toEqual([]);
    expect(promo.totals).toEqual([]);
  });

  it('check-in rate per list: admitted attendees it covers and how many of them went in', async () => {
    const s = await eventWithBooks();
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/check-in-lists`,
      headers: s.headers,
      payload: { name: 'Puerta principal' },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Three attendees are admitted (the cancelled order's are not); one goes in.
    await t.app.deps.db.execute(sql`
      insert into check_ins (account_id, event_id, check_in_list_id, attendee_id)
      select a.account_id, a.event_id, ${created.json().data.id}::uuid, a.id
      from attendees a where a.event_id = ${s.event.id}::uuid and a.status = 'ACTIVE' limit 1`);
    const checkIns = await report(s.base, 'check-ins', s.headers);
    expect(checkIns.dated).toBe(false);
    expect(checkIns.rows).toEqual([
      { event: null, list: 'Puerta principal', attendees: 3, checked_in: 1, check_in_rate: 3333 },
    ]);
    expect(checkIns.totals).toEqual([{ list: 'Total', attendees: 3, checked_in: 1, check_in_rate: 3333 }]);
  });

  it('a date range counts a sale on the day it completed and a refund on its own day', async () => {
    const s = await eventWithBooks();
    // The partly refunded order completed ten days ago; its refund stays today.
    await t.app.deps.db
      .update(orders)
      .set({ completed_at: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(orders.id, at(s.ids, 0)));
    const day = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
        Date.now() - offset * 86_400_000,
      );
    const then = await report(s.base, 'revenue', s.headers, `?from=${day(10)}&to=${day(10)}`);
    expect(then.rows).toEqual([expect.objectContaining({ orders: 1, gross: 4940, refunded: 0, net: 4940 })]);
    const today = await report(s.base, 'revenue', s.headers, `?from=${day(0)}&to=${day(0)}`);
    expect(today.rows).toEqual([
      expect.objectContaining({ orders: 1, gross: 2470, refunded: 1000, net: 1470 }),
    ]);
    const byDay = await report(s.base, 'sales-by-day', s.headers, `?from=${day(11)}&to=${day(0)}`);
    // Every day of the range, the quiet ones as zeros.
    expect(byDay.rows.map((r) => r.day)).toHaveLength(12);
    expect(byDay.rows.find((r) => r.day === day(10))).toMatchObject({ gross: 4940, net: 4940 });
    expect(byDay.rows.find((r) => r.day === day(5))).toMatchObject({ orders: 0, gross: 0, net: 0 });
    expect(byDay.totals).toEqual([
      expect.objectContaining({ day: 'Total', gross: 7410, refunded: 1000, net: 6410 }),
    ]);
  });

  it('refuses a bad range with a translated message per field, and a bad format', async () => {
    const s = await createSellingEvent(t.app);
    const base = `/api/events/${s.event.id}/reports/revenue`;
    const cases: [string, string, string][] = [
      ['?from=2026-05-02&to=2026-05-01', 'to', 'La fecha final no puede ser anterior a la inicial.'],
      ['?from=2025-01-01&to=2026-01-02', 'to', 'El periodo no puede pasar de un año (366 días).'],
      ['?from=2026-05-01', 'to', 'Indica las dos fechas del periodo, o ninguna para ver todo.'],
      ['?to=2026-05-01', 'from', 'Indica las dos fechas del periodo, o ninguna para ver todo.'],
      ['?from=2026-02-30&to=2026-03-01', 'from', 'Indica una fecha válida (AAAA-MM-DD).'],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`${base}${query}`, s.headers);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error.fields, query).toEqual({ [field]: message });
    }
    const en = await t.app.inject({
      method: 'GET',
      url: `${base}?from=2026-05-02&to=2026-05-01`,
      headers: { ...s.headers, cookie: 'locale=en' },
    });
    expect(en.json().error.fields).toEqual({ to: 'The end date cannot be before the start date.' });
    // A full year (leap) is allowed.
    expect((await get(`${base}?from=2024-01-01&to=2024-12-31`, s.headers)).statusCode).toBe(200);
    const format = await get(`${base}/export?format=pdf`, s.headers);
    expect(format.statusCode).toBe(422);
    expect(format.json().error.fields).toEqual({ format: 'Elige csv o xlsx.' });
    const unknown = await get(`/api/events/${s.event.id}/reports/nope`, s.headers);
    expect(unknown.statusCode).toBe(404);
  });

  it('exports each report as CSV (es: decimal comma) and XLSX (numbers), rows then totals', async () => {
    const s = await eventWithBooks();
    const csv = await get(`${s.base}/revenue/export?format=csv`, s.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="concierto-de-otono-revenue.csv"');
    expect(csv.body).toBe(
      '\uFEFFPedidos,Entradas,Ventas brutas,Descuentos,Impuestos,Comisiones,Reembolsos,Neto\r\n' +
        '2,3,"74,10","0,00","12,60","1,50","10,00","64,10"',
    );
    const en = await t.app.inject({
      method: 'GET',
      url: `${s.base}/sales-by-ticket/export?format=csv`,
      headers: { ...s.headers, cookie: 'locale=en' },
    });
    expect(en.body.split('\r\n')).toEqual([
      '\uFEFFTicket,Tickets,Discounts,Taxes,Fees,Gross sales',
      'General,3,0.00,12.60,1.50,74.10',
      'Total,3,0.00,12.60,1.50,74.10',
    ]);
    for (const kind of REPORT_KINDS) {
      const xlsx = await get(`${s.base}/${kind}/export?format=xlsx`, s.headers);
      expect(xlsx.statusCode, kind).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const json = await report(s.base, kind, s.headers);
      expect(sheet?.name, kind).toBe(json.title);
      expect(sheet?.rowCount, kind).toBe(1 + json.rows.length + json.totals.length);
    }
    const xlsx = await get(`${s.base}/taxes-and-fees/export?format=xlsx`, s.headers);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(2).values).toEqual(
      [undefined, 'Impuesto', 'IVA', 21, null, 3, 60, 12.6].map((v) => v ?? undefined),
    );
    expect(sheet?.getRow(2).getCell(7).numFmt).toBe('#,##0.00 "EUR"');
    expect(sheet?.getRow(2).getCell(3).numFmt).toBe('0.00');
  });

  it("another account's event is a 404; an account report sees only the caller's account", async () => {
    const s = await eventWithBooks();
    const other = await createSellingEvent(t.app);
    expect((await get(`${s.base}/revenue`, other.headers)).statusCode).toBe(404);
    expect((await get(`${s.base}/revenue/export`, other.headers)).statusCode).toBe(404);
    const theirs = await report('/api/reports', 'revenue', other.headers);
    expect(theirs.rows).toEqual([]);
    const mine = await report('/api/reports', 'revenue', s.headers);
    expect(mine.scope).toBe('account');
    expect(mine.rows).toEqual([expect.objectContaining({ currency: 'EUR', gross: 7410, net: 6410 })]);
  });

  it('an account report adds up its events, one total per currency', async () => {
    const s = await eventWithBooks();
    const yen = await createSellingEvent(t.app, { currency: 'JPY' });
    // The yen event moved into the first account, with a sale of its own.
    await t.app.deps.db.execute(
      sql`update organizers set account_id = ${s.account.id}::uuid where id = ${yen.organizer.id}::uuid`,
    );
    await t.app.deps.db.execute(
      sql`update events set account_id = ${s.account.id}::uuid, name = 'Tokio' where id = ${yen.event.id}::uuid`,
    );
    const ticket = await addTicket(
      t.app,
      { ...yen.event, account_id: s.account.id },
      { prices: [{ price_cents: 3000 }] },
    );
    await buyWithTestCard(t.app, yen.event, ticket, { quantity: 2 });
    const byTicket = await report('/api/reports', 'sales-by-ticket', s.headers);
    expect(byTicket.columns.map((c) => c.key)).toEqual([
      'event',
      'ticket',
      'currency',
      'tickets',
      'discount',
      'taxes',
      'fees',
      'gross',
    ]);
    expect(byTicket.totals).toHaveLength(2);
    expect(byTicket.totals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'JPY', ticket: 'Total', tickets: 2, gross: 6000 }),
        expect.objectContaining({ currency: 'EUR', ticket: 'Total', tickets: 3, gross: 7410 }),
      ]),
    );
    const revenue = await report('/api/reports', 'revenue', s.headers);
    expect(revenue.rows.map((r) => [r.currency, r.net])).toEqual([
      ['EUR', 6410],
      ['JPY', 6000],
    ]);
    const csv = await get('/api/reports/revenue/export', s.headers);
    expect(csv.body.split('\r\n')[2]).toBe('JPY,1,2,6000,0,0,0,0,6000');
  });

  it('who sees the reports and who downloads them: the role table', async () => {
    const s = await eventWithBooks();
    const as = async (role: 'ORGANIZER' | 'FINANCE' | 'READ_ONLY' | 'DOOR') => {
      const member = await addUser(t.app, s.account.id, { role });
      return [
        (await get(`${s.base}/revenue`, member.headers)).statusCode,
        (await get(`${s.base}/revenue/export`, member.headers)).statusCode,
        (await get('/api/reports/revenue', member.headers)).statusCode,
        (await get('/api/reports/revenue/export', member.headers)).statusCode,
      ];
    };
    expect(await as('ORGANIZER')).toEqual([200, 200, 200, 200]);
    expect(await as('FINANCE')).toEqual([200, 200, 200, 200]);
    // Sees the figures, downloads nothing.
    expect(await as('READ_ONLY')).toEqual([200, 403, 200, 403]);
    // The door sees no money.
    expect(await as('DOOR')).toEqual([403, 403, 403, 403]);
  });
});
