import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { BATCH } from '../../lib/spreadsheet.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { addQuestion, addTicket, createSellingEvent } from '../../test/factories/checkout.ts';

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

describe('exports', () => {
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
    const created = row?.getCell(18).value as Date;
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
