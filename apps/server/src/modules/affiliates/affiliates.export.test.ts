import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import {
  addAffiliate,
  addPromoCode,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

/** The affiliates and promo codes exports, read back by a CSV split and by exceljs (a real XLSX reader). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function xlsxRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { name: sheet.name, rows };
}

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

/** An event with a 25,00 € ticket, an affiliate with two tickets sold, another with none, and codes. */
async function sellingWithPartners() {
  const s = await createSellingEvent(t.app);
  const general = await addTicket(t.app, s.event, {
    name: 'General',
    prices: [{ price_cents: 2500, quantity: 50 }],
  });
  const vip = await addTicket(t.app, s.event, { name: 'VIP', prices: [{ price_cents: 6000, quantity: 5 }] });
  await addAffiliate(t.app, s.event, 'RADIO');
  await buyWithTestCard(t.app, s.event, general, { quantity: 2, affiliate_code: 'RADIO' });
  await addPromoCode(t.app, s.event, {
    code: 'AMIGOS',
    discount_type: 'PERCENTAGE',
    discount: 15,
    max_uses: 10,
  });
  await addPromoCode(t.app, s.event, {
    code: 'VIP5',
    discount_type: 'FIXED',
    discount: 550,
    ticket_ids: [vip.id],
    expiry_date: new Date('2031-01-10T22:30:00Z'),
  });
  await addPromoCode(t.app, s.event, { code: 'PRENSA', discount_type: 'NONE' });
  return s;
}

describe('affiliates export', () => {
  it('gives every affiliate with its sales as CSV and XLSX, in the reader language', async () => {
    const s = await sellingWithPartners();
    const url = `/api/events/${s.event.id}/affiliates/export`;
    const csv = await t.app.inject({ url, headers: s.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`${s.event.slug}-affiliates.csv`);
    const lines = csvRows(csv.body);
    expect(lines[0]).toBe(
      'Nombre,Código,Correo electrónico,Estado,Pedidos,Entradas vendidas,Ingresos brutos,Reembolsado,Ingresos netos,Moneda,Creado',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^Radio Local,RADIO,,Activo,1,2,"50,00","0,00","50,00",EUR,\d{4}-\d\d-\d\d \d\d:\d\d$/,
    );

    const xlsx = await t.app.inject({
      url: `${url}?format=xlsx`,
      headers: { ...s.headers, 'accept-language': 'en' },
    });
    expect(xlsx.statusCode).toBe(200);
    const { name, rows } = await xlsxRows(xlsx.rawPayload);
    expect(name).toBe('Affiliates');
    expect(rows[0]?.slice(0, 6)).toEqual(['Name', 'Code', 'Email', 'Status', 'Orders', 'Tickets sold']);
    expect(rows[1]?.slice(0, 10)).toEqual([
      'Radio Local',
      'RADIO',
      undefined,
      'Active',
      1,
      2,
      50,
      0,
      50,
      'EUR',
    ]);
  });
});

describe('promo codes export', () => {
  it('gives every code with its discount, tickets, expiry and uses as CSV and XLSX', async () => {
    const s = await sellingWithPartners();
    const url = `/api/events/${s.event.id}/promo-codes/export`;
    const csv = await t.app.inject({ url, headers: s.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`${s.event.slug}-promo-codes.csv`);
    const lines = csvRows(csv.body);
    expect(lines[0]).toBe(
      'Código,Tipo,Descuento fijo,Descuento (%),Entradas,Caduca,Usos máximos,Usos,Estado,Moneda,Creado',
    );
    const byCode = (code: string) => lines.find((l) => l.startsWith(`${code},`)) ?? '';
    expect(byCode('AMIGOS')).toMatch(/^AMIGOS,Porcentaje,,15,Todas,,10,0,Activo,EUR,/);
    // The expiry in the event's time zone (Madrid: UTC+1 in January).
    expect(byCode('VIP5')).toMatch(/^VIP5,Importe fijo,"5,50",,VIP,2031-01-10 23:30,,0,Activo,EUR,/);
    expect(byCode('PRENSA')).toMatch(/^PRENSA,Solo acceso,,,Todas,,,0,Activo,EUR,/);

    const xlsx = await t.app.inject({
      url: `${url}?format=xlsx`,
      headers: { ...s.headers, 'accept-language': 'ca' },
    });
    const { name, rows } = await xlsxRows(xlsx.rawPayload);
    expect(name).toBe('Codis promocionals');
    const vip = rows.find((r) => r[0] === 'VIP5');
    expect(vip?.slice(0, 5)).toEqual(['VIP5', 'Import fix', 5.5, undefined, 'VIP']);
  });

  it('needs orders:export (READ_ONLY gets 403), another account gets 404, a bad format is a 422', async () => {
    const s = await sellingWithPartners();
    const reader = await addUser(t.app, s.account.id, { role: 'READ_ONLY' });
    const other = await createAccountWithUser(t.app);
    for (const path of ['affiliates', 'promo-codes']) {
      const url = `/api/events/${s.event.id}/${path}/export`;
      expect((await t.app.inject({ url, headers: reader.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
      const bad = await t.app.inject({ url: `${url}?format=pdf`, headers: s.headers });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().error.fields)).toEqual(['format']);
    }
  });
});
