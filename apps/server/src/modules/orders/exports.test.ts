import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';
import { BATCH } from '../../lib/spreadsheet.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import {
  addQuestion,
  addTax,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An event with an order question and an attendee question, and one order answering both. */
async function answeredOrder() {
  const s = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 1999, quantity: 50 }] });
  const company = await addQuestion(t.app, s.event, { title: 'Empresa', belongs_to: 'ORDER' });
  const diet = await addQuestion(t.app, s.event, {
    title: 'Dieta',
    belongs_to: 'ATTENDEE',
    type: 'MULTI_SELECT',
    options: ['Vegana', 'Sin gluten'],
  });
  const base = `/api/public/events/${s.event.id}/order`;
  const reserved = await t.app.inject({
    method: 'POST',
    url: base,
    payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }] },
  });
  const short = reserved.json().data.short_id;
  const details = await t.app.inject({
    method: 'PUT',
    url: `${base}/${short}`,
    payload: {
      first_name: '=1+1',
      last_name: 'Ríos',
      email: 'rios@example.com',
      email_confirmation: 'rios@example.com',
      answers: { [company.id]: 'Acme, S.L.' },
      attendees: [
        {
          ticket_id: ticket.id,
          first_name: 'Ada',
          last_name: 'Ríos',
          email: 'ada@example.com',
          answers: { [diet.id]: ['Vegana', 'Sin gluten'] },
        },
      ],
    },
  });
  expect(details.statusCode).toBe(200);
  await t.app.inject({
    method: 'POST',
    url: `${base}/${short}/payment`,
    payload: { provider: 'test', card_number: '4242424242424242' },
  });
  return { ...s, short };
}

async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => {
    rows.push(row);
  });
  return { sheet, rows };
}

/**
 * An event in `currency` whose ticket costs `price` plus 21 % IVA and a fixed fee of `fee`, with an order
 * of two units refunded in part (`refund`) and one of one unit refunded in full and cancelled.
 */
async function refundedOrders(currency: string, price: number, fee: number, refund: number) {
  const s = await createSellingEvent(t.app, { currency });
  const iva = await addTax(t.app, s.account.id, {
    name: 'IVA',
    type: 'TAX',
    calculation: 'PERCENTAGE',
    value: 2100,
  });
  const fees = await addTax(t.app, s.account.id, {
    name: 'Gastos',
    type: 'FEE',
    calculation: 'FIXED',
    value: fee,
  });
  const ticket = await addTicket(t.app, s.event, {
    prices: [{ price_cents: price, quantity: 50 }],
    taxIds: [iva.id, fees.id],
  });
  const refundOrder = async (short: string, payload: Record<string, unknown>) => {
    const order = one(await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short)));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/orders/${order.id}/refund`,
      headers: s.headers,
      payload,
    });
    expect(res.statusCode).toBe(200);
  };
  const partly = await buyWithTestCard(t.app, s.event, ticket, { quantity: 2 });
  await refundOrder(partly, { amount_cents: refund });
  const cancelled = await buyWithTestCard(t.app, s.event, ticket);
  const unit = one(
    await t.app.deps.db.select().from(orders).where(eq(orders.short_id, cancelled)),
  ).total_cents;
  await refundOrder(cancelled, { amount_cents: unit, cancel_order: true });
  return { ...s, partly, cancelled };
}

/** The export's CSV as rows of cells by header (RFC 4180: quoted cells may hold commas). */
function csvRecords(body: string) {
  const cells = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map((m) => (m[1]?.startsWith('"') ? m[1].slice(1, -1).replaceAll('""', '"') : (m[1] ?? '')));
  const [head = '', ...lines] = body.replace(/^\uFEFF/, '').split('\r\n');
  const names = cells(head);
  return lines.map((line) => Object.fromEntries(cells(line).map((v, i) => [names[i], v])));
}

/** The export's XLSX rows as cells by header. */
async function xlsxRecords(body: Buffer) {
  const { rows } = await readXlsx(body);
  const names = (rows[0]?.values ?? []) as unknown[];
  return rows.slice(1).map((row) => (name: string) => row.getCell(names.indexOf(name)));
}

describe('exports', () => {
  it("orders carry taxes, fees, refunded and net: CSV with the reader's decimal separator, XLSX with number cells", async () => {
    const s = await refundedOrders('EUR', 2500, 100, 1234);
    const url = `/api/events/${s.event.id}/orders/export`;
    // 2 × (25,00 € + 5,25 € IVA + 1,00 € fees) = 62,50 €, 12,34 € refunded: 50,16 € net.
    const es = csvRecords((await t.app.inject({ url: `${url}?format=csv`, headers: s.headers })).body);
    const partly = es.find((r) => r.Pedido === s.partly);
    expect(partly).toMatchObject({
      Impuestos: '10,50',
      Gastos: '2,00',
      Total: '62,50',
      Reembolsado: '12,34',
      Neto: '50,16',
      Moneda: 'EUR',
    });
    // Cancelled and refunded in full: it leaves nothing in the books.
    expect(es.find((r) => r.Pedido === s.cancelled)).toMatchObject({
      Total: '31,25',
      Reembolsado: '31,25',
      Neto: '0,00',
    });
    const enCsv = await t.app.inject({
      url: `${url}?format=csv`,
      headers: { ...s.headers, 'accept-language': 'en' },
    });
    expect(enCsv.body).toContain(',10.50,2.00,62.50,12.34,50.16,EUR,');
    expect(csvRecords(enCsv.body).find((r) => r.Order === s.partly)).toMatchObject({
      Refunded: '12.34',
      Net: '50.16',
    });

    const xlsx = await xlsxRecords(
      (await t.app.inject({ url: `${url}?format=xlsx`, headers: s.headers })).rawPayload,
    );
    const row = xlsx.find((cell) => cell('Pedido').value === s.partly);
    if (!row) throw new Error('no row');
    const figures = { Impuestos: 10.5, Gastos: 2, Total: 62.5, Reembolsado: 12.34, Neto: 50.16 };
    for (const [name, value] of Object.entries(figures)) {
      expect(row(name).type).toBe(ExcelJS.ValueType.Number);
      expect(row(name).value).toBe(value);
      expect(row(name).numFmt).toBe('#,##0.00 "EUR"');
    }

    // Each attendee row carries its order's money.
    const attendees = await xlsxRecords(
      (
        await t.app.inject({
          url: `/api/events/${s.event.id}/attendees/export?format=xlsx`,
          headers: s.headers,
        })
      ).rawPayload,
    );
    const holders = attendees.filter((cell) => cell('Pedido').value === s.partly);
    expect(holders).toHaveLength(2);
    for (const holder of holders) {
      expect(holder('Impuestos del pedido').value).toBe(10.5);
      expect(holder('Gastos del pedido').value).toBe(2);
      expect(holder('Reembolsado del pedido').value).toBe(12.34);
      expect(holder('Neto del pedido').value).toBe(50.16);
      expect(holder('Neto del pedido').numFmt).toBe('#,##0.00 "EUR"');
    }
    const attendeesCsv = csvRecords(
      (
        await t.app.inject({
          url: `/api/events/${s.event.id}/attendees/export?format=csv`,
          headers: s.headers,
        })
      ).body,
    );
    expect(attendeesCsv.find((r) => r.Pedido === s.partly)).toMatchObject({
      'Reembolsado del pedido': '12,34',
      'Neto del pedido': '50,16',
      Moneda: 'EUR',
    });
  });

  it('a yen event exports whole amounts: integers in XLSX and CSV', async () => {
    // 2 × (1500 ¥ + 315 ¥ IVA + 100 ¥ fees) = 3830 ¥, 333 ¥ refunded: 3497 ¥ net.
    const s = await refundedOrders('JPY', 1500, 100, 333);
    const url = `/api/events/${s.event.id}/orders/export`;
    const csv = csvRecords((await t.app.inject({ url: `${url}?format=csv`, headers: s.headers })).body);
    expect(csv.find((r) => r.Pedido === s.partly)).toMatchObject({
      Impuestos: '630',
      Gastos: '200',
      Total: '3830',
      Reembolsado: '333',
      Neto: '3497',
      Moneda: 'JPY',
    });
    const xlsx = await xlsxRecords(
      (await t.app.inject({ url: `${url}?format=xlsx`, headers: s.headers })).rawPayload,
    );
    const row = xlsx.find((cell) => cell('Pedido').value === s.partly);
    if (!row) throw new Error('no row');
    for (const [name, value] of Object.entries({
      Impuestos: 630,
      Gastos: 200,
      Total: 3830,
      Reembolsado: 333,
      Neto: 3497,
    })) {
      expect(row(name).value).toBe(value);
      expect(Number.isInteger(row(name).value)).toBe(true);
      expect(row(name).numFmt).toBe('#,##0 "JPY"');
    }
  });

  it('orders as XLSX: translated headers and values, money as numbers with the currency, dates in the event time zone, answers as columns, formulas kept as text', async () => {
    const bought = new Date();
    const s = await answeredOrder();
    const res = await t.app.inject({
      url: `/api/events/${s.event.id}/orders/export?format=xlsx`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="concierto-de-otono-orders.xlsx"');
    const { sheet, rows } = await readXlsx(res.rawPayload);
    expect(sheet.name).toBe('Pedidos');
    const header = rows[0]?.values as unknown[];
    expect(header.slice(1, 5)).toEqual(['Pedido', 'Estado', 'Estado del pago', 'Estado de la devolución']);
    expect(header.at(-1)).toBe('Empresa');
    const row = rows[1];
    expect(row?.getCell(1).value).toBe(s.short);
    expect(row?.getCell(2).value).toBe('Completado');
    expect(row?.getCell(5).value).toBe('=1+1');
    expect(row?.getCell(5).type).toBe(ExcelJS.ValueType.String);
    expect(row?.getCell(13).value).toBe(19.99);
    expect(row?.getCell(13).numFmt).toBe('#,##0.00 "EUR"');
    const created = row?.getCell(20).value as Date;
    expect(created).toBeInstanceOf(Date);
    // The wall clock in Madrid when the order was made (the minute may have turned while it was made).
    const madrid = (d: Date) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Madrid',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(d);
    expect([madrid(bought), madrid(new Date())]).toContain(
      created.toISOString().slice(0, 16).replace('T', ' '),
    );
    expect(row?.getCell(header.length - 1).value).toBe('Acme, S.L.');

    const english = await t.app.inject({
      url: `/api/events/${s.event.id}/orders/export?format=xlsx`,
      headers: { ...s.headers, 'accept-language': 'en' },
    });
    const en = await readXlsx(english.rawPayload);
    expect(en.sheet.name).toBe('Orders');
    expect(en.rows[1]?.getCell(2).value).toBe('Completed');
  });

  it('attendees as CSV and XLSX with each attendee question as a column; a bad format is a 422', async () => {
    const s = await answeredOrder();
    const csv = await t.app.inject({
      url: `/api/events/${s.event.id}/attendees/export?format=csv`,
      headers: s.headers,
    });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]?.endsWith(',Dieta')).toBe(true);
    expect(lines[1]).toContain('Ada,Ríos,ada@example.com,Entrada general,,Válida,');
    expect(lines[1]?.endsWith(',"Vegana, Sin gluten"')).toBe(true);
    const xlsx = await t.app.inject({
      url: `/api/events/${s.event.id}/attendees/export?format=xlsx`,
      headers: s.headers,
    });
    const { rows } = await readXlsx(xlsx.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.getCell(2).value).toBe('Ada');
    const head = (rows[0]?.values ?? []) as unknown[];
    expect(head.at(-1)).toBe('Dieta');
    expect(rows[1]?.getCell(head.length - 1).value).toBe('Vegana, Sin gluten');

    const bad = await t.app.inject({
      url: `/api/events/${s.event.id}/attendees/export?format=pdf`,
      headers: s.headers,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.format).toBe('Elige csv o xlsx.');
    const other = await createAccountWithUser(t.app);
    for (const path of ['orders', 'attendees']) {
      const res = await t.app.inject({
        url: `/api/events/${s.event.id}/${path}/export?format=xlsx`,
        headers: other.headers,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('a list longer than a batch keeps its sort and filter across batches, in CSV and XLSX', async () => {
    const s = await answeredOrder();
    const db = t.app.deps.db;
    const n = BATCH * 3;
    // More attendees on the same order, with names that sort apart from their creation order.
    await db.execute(sql`
      insert into attendees (short_id, account_id, event_id, order_id, order_item_id, ticket_id, price_id,
        first_name, last_name, email, status, qr_secret)
      select 'a_long_' || g, a.account_id, a.event_id, a.order_id, a.order_item_id, a.ticket_id, a.price_id,
        'Nombre' || g, 'Apellido ' || (g * 7919 % 613), 'long' || g || '@example.com',
        case when g % 10 = 0 then 'CANCELLED' else 'ACTIVE' end, 'qr_long_' || g
      from (select * from attendees where event_id = ${s.event.id} limit 1) a, generate_series(1, ${n}) g`);
    const expected = rowsOf<{ short_id: string }>(
      await db.execute(sql`select short_id from attendees where event_id = ${s.event.id} and status = 'ACTIVE'
        order by last_name desc, id asc`),
    ).map((r) => r.short_id);
    expect(expected.length).toBeGreaterThan(BATCH * 2);
    const query = 'sort_by=last_name&sort_direction=desc&filter_fields[status][eq]=ACTIVE';
    const csv = await t.app.inject({
      url: `/api/events/${s.event.id}/attendees/export?format=csv&${query}`,
      headers: s.headers,
    });
    const ids = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(ids).toEqual(expected);
    const xlsx = await t.app.inject({
      url: `/api/events/${s.event.id}/attendees/export?format=xlsx&${query}`,
      headers: s.headers,
    });
    const { rows } = await readXlsx(xlsx.rawPayload);
    expect(rows.slice(1).map((r) => r.getCell(1).value)).toEqual(expected);
  });
});
