import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders } from '../../db/schema/index.ts';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser } from '../../test/factories/accounts.ts';
import {
  addTax,
  addTicket,
  buyer,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';
import { createOrganizer } from '../../test/factories/events.ts';
import { fingerprint } from './verifactu.ts';
import { verifyChain } from './verify-chain.ts';

/**
 * Invoicing over HTTP on the real app and database: settings, the invoice issued when an order is paid,
 * credit notes for refunds and cancellations, immutability, the Verifactu chain, the PDF read back with
 * pdftotext and its QR code decoded with zbarimg, the buyer's downloads and a period's ZIP.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const settings = {
  enabled: true,
  legal_name: 'Sala Apolo S.L.',
  tax_id: 'b-12.345.674',
  address: 'Carrer Nou de la Rambla 113, 08004 Barcelona',
  series_prefix: 'TQ',
  vat_regime: 'GENERAL',
  fees_vat_rate_bp: 2100,
};

async function invoicingEvent(opts: { price?: number; taxes?: boolean } = {}) {
  const s = await createSellingEvent(t.app);
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/accounts/me/invoicing',
    headers: s.headers,
    payload: settings,
  });
  expect(put.statusCode, put.body).toBe(200);
  const taxIds = [];
  if (opts.taxes !== false) {
    taxIds.push(
      (
        await addTax(t.app, s.account.id, {
          name: 'IVA',
          type: 'TAX',
          calculation: 'PERCENTAGE',
          value: 1000,
        })
      ).id,
    );
    taxIds.push(
      (await addTax(t.app, s.account.id, { name: 'Gastos', type: 'FEE', calculation: 'FIXED', value: 121 }))
        .id,
    );
  }
  const ticket = await addTicket(t.app, s.event, {
    prices: [{ price_cents: opts.price ?? 2000, quantity: 500 }],
    taxIds,
  });
  return { ...s, ticket };
}

const invoicesOf = (accountId: string) =>
  t.app.deps.db.select().from(invoices).where(eq(invoices.account_id, accountId)).orderBy(invoices.chain_seq);

const orderOf = async (short: string) =>
  at(await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short)), 0);

describe('invoicing settings', () => {
  it('are off by default, refuse a wrong NIF with a translated message, and save a valid one normalized', async () => {
    const s = await createSellingEvent(t.app);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/invoicing',
      headers: s.headers,
    });
    expect(first.json().data).toMatchObject({
      enabled: false,
      series_prefix: 'F',
      next_number: 1,
      aeat_submission: 'OFF',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/invoicing',
      headers: { ...s.headers, 'accept-language': 'es' },
      payload: { ...settings, tax_id: 'B12345675', legal_name: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({
      tax_id: expect.stringContaining('El NIF, NIE o CIF no es válido'),
      legal_name: expect.stringContaining('razón social'),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/accounts/me/invoicing', headers: s.headers })).json()
        .data.enabled,
    ).toBe(false);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/invoicing',
      headers: s.headers,
      payload: { ...settings, next_number: 57 },
    });
    expect(ok.json().data).toMatchObject({
      enabled: true,
      tax_id: 'B12345674',
      next_number: 57,
      next_number_editable: true,
    });
    const organizer = await addUser(t.app, s.account.id, { role: 'ORGANIZER' });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/invoicing',
      headers: organizer.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('invoices when orders are paid', () => {
  it('numbers each paid order in its series from the next number, F2 without buyer details; none for free or opted-out events', async () => {
    const s = await invoicingEvent();
    await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/invoicing',
      headers: s.headers,
      payload: { ...settings, next_number: 41 },
    });
    const shorts = [
      await buyWithTestCard(t.app, s.event, s.ticket),
      await buyWithTestCard(t.app, s.event, s.ticket, { quantity: 3 }),
    ];
    const rows = await invoicesOf(s.account.id);
    const year = at(rows, 0).year;
    expect(rows.map((r) => [r.number_text, r.type, r.kind, r.total_cents, r.tax_cents])).toEqual([
      // 20,00 € + 10 % VAT + 1,21 € fee (0,21 € of it VAT) = 23,21 €, VAT 2,21 €.
      [`TQ${year}-000041`, 'F2', 'INVOICE', 2321, 221],
      [`TQ${year}-000042`, 'F2', 'INVOICE', 6963, 663],
    ]);
    expect(at(rows, 1).total_cents).toBe((await orderOf(at(shorts, 1))).total_cents);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/accounts/me/invoicing', headers: s.headers })).json()
        .data,
    ).toMatchObject({
      next_number: 43,
      next_number_editable: false,
    });
    const locked = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/invoicing',
      headers: s.headers,
      payload: { ...settings, next_number: 1 },
    });
    expect(locked.statusCode).toBe(422);

    const free = await addTicket(t.app, s.event, {
      price_type: 'FREE',
      prices: [{ price_cents: 0, quantity: 10 }],
    });
    await buyWithTestCard(t.app, s.event, free).catch(() => undefined);
    const optOut = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/invoicing`,
      headers: s.headers,
      payload: { opted_out: true },
    });
    expect(optOut.json().data).toEqual({ enabled: false, account_enabled: true, opted_out: true });
    await buyWithTestCard(t.app, s.event, s.ticket);
    expect(await invoicesOf(s.account.id)).toHaveLength(2);
  });

  it('issues nothing while the account does not invoice', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event);
    await buyWithTestCard(t.app, s.event, ticket);
    expect(await invoicesOf(s.account.id)).toEqual([]);
  });
});

describe('credit notes', () => {
  it('credit a refund with negative amounts, then the rest on cancellation, referencing the invoice', async () => {
    const s = await invoicingEvent();
    const short = await buyWithTestCard(t.app, s.event, s.ticket, { quantity: 2 });
    const order = await orderOf(short);
    const url = `/api/events/${s.event.id}/orders/${order.id}`;
    const refund = await t.app.inject({
      method: 'POST',
      url: `${url}/refund`,
      headers: s.headers,
      payload: { amount_cents: 1000 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${url}/cancel`,
      headers: s.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [invoice, ...credits] = await invoicesOf(s.account.id);
    expect(invoice).toMatchObject({ type: 'F2', total_cents: 4642, tax_cents: 442 });
    const year = invoice?.year;
    expect(
      credits.map((c) => [
        c.number_text,
        c.type,
        c.reason,
        c.total_cents,
        c.tax_cents,
        c.corrects_invoice_id,
      ]),
    ).toEqual([
      // 10,00 € of 46,42 €: its VAT in proportion (442 × 1000 / 4642 = 95,2 → 95).
      [`TQR${year}-000001`, 'R5', 'REFUND', -1000, -95, invoice?.id],
      [`TQR${year}-000002`, 'R5', 'CANCELLATION', -3642, -347, invoice?.id],
    ]);
    const list = await t.app.inject({ method: 'GET', url: `${url}/invoices`, headers: s.headers });
    expect(
      list.json().data.map((i: { number: string; corrects: string | null }) => [i.number, i.corrects]),
    ).toEqual([
      [invoice?.number_text, null],
      [`TQR${year}-000001`, invoice?.number_text],
      [`TQR${year}-000002`, invoice?.number_text],
    ]);
  });

  it('refuses to change or delete an issued invoice', async () => {
    const s = await invoicingEvent();
    await buyWithTestCard(t.app, s.event, s.ticket);
    const [invoice] = await invoicesOf(s.account.id);
    await expect(
      t.app.deps.db
        .update(invoices)
        .set({ total_cents: 1 })
        .where(eq(invoices.id, invoice?.id ?? '')),
    ).rejects.toThrow();
    await expect(t.app.deps.db.delete(invoices).where(eq(invoices.id, invoice?.id ?? ''))).rejects.toThrow();
    expect(await invoicesOf(s.account.id)).toEqual([invoice]);
  });
});

describe('the Verifactu records', () => {
  it("computes the AEAT's own example fingerprint", () => {
    expect(
      fingerprint({
        IDEmisorFactura: '89890001K',
        NumSerieFactura: '12345678/G33',
        FechaExpedicionFactura: '01-01-2024',
        TipoFactura: 'F1',
        CuotaTotal: '12.35',
        ImporteTotal: '123.45',
        HuellaAnterior: '',
        FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
      }),
    ).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });

  it('chain every record to the previous one; the verification finds a record changed behind its back', async () => {
    const s = await invoicingEvent();
    const short = await buyWithTestCard(t.app, s.event, s.ticket);
    await buyWithTestCard(t.app, s.event, s.ticket);
    const order = await orderOf(short);
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/orders/${order.id}/cancel`,
      headers: s.headers,
      payload: {},
    });
    const rows = await invoicesOf(s.account.id);
    expect(rows.map((r) => r.chain_seq)).toEqual([1, 2, 3]);
    expect(at(rows, 0).previous_fingerprint).toBeNull();
    expect(at(rows, 1).previous_fingerprint).toBe(at(rows, 0).fingerprint);
    expect(at(rows, 0).generated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(await verifyChain(t.app.deps.db, s.account.id)).toEqual({
      accountId: s.account.id,
      records: 3,
      problems: [],
    });

    // Someone with the database's keys edits an amount: the trigger is off, the chain tells.
    await t.app.deps.db.execute(sql`alter table invoices disable trigger invoices_immutable`);
    await t.app.deps.db
      .update(invoices)
      .set({ total_cents: 1 })
      .where(eq(invoices.id, at(rows, 1).id));
    await t.app.deps.db.execute(sql`alter table invoices enable trigger invoices_immutable`);
    const report = await verifyChain(t.app.deps.db, s.account.id);
    expect(report.problems).toEqual([
      expect.stringContaining(`${at(rows, 1).number_text} (#2): fingerprint`),
    ]);
  });
});

function pdfText(pdf: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
  const file = path.join(dir, 'invoice.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', file, path.join(dir, 'page')]);
  const qr = execFileSync('zbarimg', ['--quiet', '--raw', path.join(dir, 'page.png')])
    .toString()
    .trim();
  return { text, qr };
}

describe('the PDF', () => {
  it('has the number, both NIFs, the breakdown and total as text, and the AEAT QR code; the buyer downloads it by the order', async () => {
    const s = await invoicingEvent();
    const short = await buyWithTestCard(t.app, s.event, s.ticket);
    const order = await orderOf(short);
    const [invoice] = await invoicesOf(s.account.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${s.event.id}/invoices/${invoice?.id}/pdf`,
      headers: { ...s.headers, 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text, qr } = pdfText(res.rawPayload);
    expect(text).toContain('Factura simplificada');
    expect(text).toContain(invoice?.number_text);
    expect(text).toContain('NIF: B12345674');
    expect(text).toMatch(/IVA 10\s?%\s+20,00 €\s+2,00 €/);
    expect(text).toMatch(/Total\s+21,00 €\s+2,21 €\s+23,21 €/);
    expect(text).toContain(invoice?.fingerprint);
    const url = new URL(qr);
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      nif: 'B12345674',
      numserie: invoice?.number_text,
      fecha: invoice?.issue_date,
      importe: '23.21',
    });

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${s.event.id}/order/${short}/invoices`,
    });
    expect(mine.json().data).toEqual([
      expect.objectContaining({ number: invoice?.number_text, total_cents: 2321 }),
    ]);
    const download = await t.app.inject({
      method: 'GET',
      url: at(mine.json().data as { pdf_url: string }[], 0).pdf_url,
    });
    expect(download.statusCode).toBe(200);
    expect(pdfText(download.rawPayload).text).toContain(invoice?.number_text);
    const other = await createSellingEvent(t.app);
    const wrongEvent = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${other.event.id}/order/${short}/invoices`,
    });
    expect(wrongEvent.statusCode).toBe(404);
    const otherAccount = await t.app.inject({
      method: 'GET',
      url: `/api/events/${s.event.id}/invoices/${invoice?.id}/pdf`,
      headers: other.headers,
    });
    expect(otherAccount.statusCode).toBe(404);
    expect(order.id).toBe(invoice?.order_id);
  });

  it("is in a period's ZIP with an index", async () => {
    const s = await invoicingEvent();
    await buyWithTestCard(t.app, s.event, s.ticket);
    await buyWithTestCard(t.app, s.event, s.ticket, { quantity: 2 });
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/me/invoices/export?from=${today}&to=${today}`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'invoices-zip-'));
    writeFileSync(path.join(dir, 'x.zip'), res.rawPayload);
    execFileSync('unzip', ['-q', 'x.zip'], { cwd: dir });
    const rows = await invoicesOf(s.account.id);
    const index = execFileSync('cat', [path.join(dir, 'index.csv')])
      .toString()
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(index).toHaveLength(3);
    expect(at(index, 2)).toContain(`${at(rows, 1).number_text},INVOICE,F2`);
    expect(at(index, 2)).toContain('42.00,4.42,46.42');
    expect(pdfText(execFileSync('cat', [path.join(dir, `${at(rows, 1).number_text}.pdf`)])).text).toContain(
      '46,42 €',
    );
    const backwards = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/invoices/export?from=2026-02-01&to=2026-01-01',
      headers: s.headers,
    });
    expect(backwards.statusCode).toBe(422);

    // An admin limited to another organizer of the account exports none of this organizer's invoices.
    const elsewhere = await createOrganizer(t.app, s.headers, { name: 'Otra sala' });
    const limited = await addUser(t.app, s.account.id, { role: 'ADMIN' });
    const scoped = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${limited.user.id}`,
      headers: s.headers,
      payload: { organizer_ids: [elsewhere.id] },
    });
    expect(scoped.statusCode).toBe(200);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/me/invoices/export?from=${today}&to=${today}`,
      headers: limited.headers,
    });
    expect(theirs.statusCode).toBe(200);
    const other = mkdtempSync(path.join(tmpdir(), 'invoices-zip-'));
    writeFileSync(path.join(other, 'x.zip'), theirs.rawPayload);
    execFileSync('unzip', ['-q', 'x.zip'], { cwd: other });
    const lines = execFileSync('cat', [path.join(other, 'index.csv')])
      .toString()
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1);
  });
});

describe('«Necesito factura» at checkout', () => {
  const base = (eventId: string) => `/api/public/events/${eventId}/order`;
  async function reserve(s: Awaited<ReturnType<typeof invoicingEvent>>, quantity: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: base(s.event.id),
      payload: { tickets: [{ ticket_id: s.ticket.id, price_id: at(s.ticket.prices, 0).id, quantity }] },
    });
    return res.json().data.short_id as string;
  }
  const details = (eventId: string, short: string, invoice?: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `${base(eventId)}/${short}`,
      headers: { 'accept-language': 'es' },
      payload: { ...buyer, ...(invoice === undefined ? {} : { invoice }) },
    });

  it('refuses a wrong NIF with its message, then issues a full invoice (F1) made out to the buyer', async () => {
    const s = await invoicingEvent();
    const short = await reserve(s, 1);
    const company = {
      name: 'Consultora Ejemplo S.A.',
      tax_id: 'A58818502',
      address: 'Calle Mayor 1, Madrid',
    };
    const bad = await details(s.event.id, short, company);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({
      'invoice.tax_id': expect.stringContaining('número de IVA de otro país de la UE'),
    });
    expect((await details(s.event.id, short, { ...company, tax_id: 'a-58818501' })).statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${base(s.event.id)}/${short}/payment`,
      payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
    });
    expect(paid.json().data.status).toBe('COMPLETED');
    const [invoice] = await invoicesOf(s.account.id);
    expect(invoice).toMatchObject({ type: 'F1', buyer: { ...company, tax_id: 'A58818501' } });
  });

  it("takes another EU state's VAT number (checked, with its prefix) and prints it on the invoice as NIF-IVA", async () => {
    const s = await invoicingEvent();
    const short = await reserve(s, 1);
    const company = { name: 'Beispiel GmbH', tax_id: 'DE136695977', address: 'Hauptstraße 1, Berlin' };
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${base(s.event.id)}/${short}`,
      headers: { 'accept-language': 'en' },
      payload: { ...buyer, invoice: company },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({
      'invoice.tax_id': expect.stringContaining('VAT number of another EU country'),
    });
    expect((await details(s.event.id, short, { ...company, tax_id: 'de 136 695 976' })).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `${base(s.event.id)}/${short}/payment`,
      payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
    });
    const [invoice] = await invoicesOf(s.account.id);
    expect(invoice).toMatchObject({ type: 'F1', buyer: { ...company, tax_id: 'DE136695976' } });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${s.event.id}/order/${short}/invoices/${invoice?.id}/pdf`,
      headers: { 'accept-language': 'es' },
    });
    const { text } = pdfText(pdf.rawPayload);
    expect(text).toContain('NIF-IVA: DE136695976');
    expect(text).toContain('NIF: B12345674');
  });

  it('requires the details above 400 € when the event invoices', async () => {
    const s = await invoicingEvent({ price: 20_000 });
    const short = await reserve(s, 2);
    const without = await details(s.event.id, short);
    expect(without.statusCode).toBe(422);
    expect(without.json().error.fields).toEqual({ invoice: expect.stringContaining('más de 400 €') });
    const company = { name: 'Ana García', tax_id: '12345678Z', address: 'Calle Mayor 1, Madrid' };
    expect((await details(s.event.id, short, company)).statusCode).toBe(200);
  });
});
