import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { invoices, orders } from '../../db/schema/index.ts';
import { SEND_EMAIL_JOB } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTax, addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';
import { SmtpPeer } from '../messages/smtp-peer.ts';

/**
 * The invoice's PDF attached to the order confirmation, and the credit note's to the refund and
 * cancellation e-mails, through a real SMTP peer: the received message is parsed with Python's e-mail
 * package, its PDF read back with pdftotext. The PDF is made when the e-mail is sent (the job carries a
 * reference), so a copy sent again after a crash has the same Message-ID and the same attachment.
 */
let peer: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  peer = new SmtpPeer();
  const smtpUrl = await peer.start();
  t = await createTestApp({ env: { SMTP_URL: smtpUrl } });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

/** Every attachment of a raw e-mail, by a real MIME parser: filename, content type and bytes. */
function attachmentsOf(raw: string): { filename: string; type: string; bytes: Buffer }[] {
  const script = [
    'import email, json, sys, base64',
    'm = email.message_from_string(sys.stdin.read())',
    'out = [{"filename": p.get_filename(), "type": p.get_content_type(),',
    '        "b64": base64.b64encode(p.get_payload(decode=True)).decode()}',
    '       for p in m.walk() if p.get_filename()]',
    'print(json.dumps(out))',
  ].join('\n');
  const parsed = JSON.parse(execFileSync('python3', ['-c', script], { input: raw }).toString()) as {
    filename: string;
    type: string;
    b64: string;
  }[];
  return parsed.map((a) => ({ filename: a.filename, type: a.type, bytes: Buffer.from(a.b64, 'base64') }));
}

function pdfText(pdf: Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mailed-invoice-')), 'doc.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

async function invoicingSale(enabled = true) {
  const s = await createSellingEvent(t.app);
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/accounts/me/invoicing',
    headers: s.headers,
    payload: {
      enabled,
      legal_name: 'Sala Apolo S.L.',
      tax_id: 'B12345674',
      address: 'Carrer Nou de la Rambla 113, 08004 Barcelona',
      series_prefix: 'EM',
      vat_regime: 'GENERAL',
      fees_vat_rate_bp: 2100,
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  const iva = await addTax(t.app, s.account.id, {
    name: 'IVA',
    type: 'TAX',
    calculation: 'PERCENTAGE',
    value: 1000,
  });
  const ticket = await addTicket(t.app, s.event, {
    prices: [{ price_cents: 2000, quantity: 100 }],
    taxIds: [iva.id],
  });
  const short = await buyWithTestCard(t.app, s.event, ticket, { quantity: 2 });
  const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short));
  if (!order) throw new Error('no order');
  return { ...s, order };
}

const received = (key: string) => peer.inbox.filter((m) => m.messageId.startsWith(`<${key}@`));

describe('invoice PDFs in the order e-mails', () => {
  it('attaches the invoice to the confirmation, made at send time; a copy sent again is the same message and PDF', async () => {
    const s = await invoicingSale();
    const [invoice] = await t.app.deps.db.select().from(invoices).where(eq(invoices.order_id, s.order.id));
    if (!invoice) throw new Error('no invoice');
    // Queued with the order, the e-mail job holds a reference to the invoice, not its PDF.
    const [job] = rowsOf<{ payload: { attachmentRefs: unknown; attachments: { contentType: string }[] } }>(
      await t.app.deps.db.execute(
        sql`select payload from jobs where kind = ${SEND_EMAIL_JOB} and payload->>'message_key' = ${`order-confirmation.${s.order.id}`}`,
      ),
    );
    expect(job?.payload.attachmentRefs).toEqual([
      { kind: 'order-tickets-pdf', id: s.order.id, accountId: s.account.id, locale: 'es' },
      { kind: 'order-invoice', id: s.order.id, accountId: s.account.id, locale: 'es' },
    ]);
    expect(job?.payload.attachments.map((a) => a.contentType)).not.toContain('application/pdf');

    await t.app.deps.jobs.drain();
    const [mail] = received(`order-confirmation.${s.order.id}`);
    if (!mail) throw new Error('no confirmation received');
    // The tickets' PDF comes first (ticket-documents), then the invoice.
    const pdfs = attachmentsOf(mail.raw).filter(
      (a) => a.type === 'application/pdf' && !a.filename.startsWith('entradas-'),
    );
    expect(pdfs.map((a) => a.filename)).toEqual([`${invoice.number_text}.pdf`]);
    const text = pdfText(pdfs[0]?.bytes ?? Buffer.alloc(0));
    expect(text).toContain(invoice.number_text);
    expect(text).toContain('NIF: B12345674');
    expect(text).toMatch(/Total\s+40,00 €\s+4,00 €\s+44,00 €/);

    // As if the process died after the server's 250 and before the job was marked done.
    await t.app.deps.db.execute(
      sql`update jobs set completed_at = null, run_at = now() where kind = ${SEND_EMAIL_JOB} and payload->>'message_key' = ${`order-confirmation.${s.order.id}`}`,
    );
    await t.app.deps.jobs.drain();
    const copies = received(`order-confirmation.${s.order.id}`);
    expect(copies).toHaveLength(2);
    expect(copies[1]?.messageId).toBe(mail.messageId);
    const again = attachmentsOf(copies[1]?.raw ?? '').filter(
      (a) => a.type === 'application/pdf' && !a.filename.startsWith('entradas-'),
    );
    expect(again[0]?.bytes.equals(pdfs[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
  });

  it("attaches the refund's credit note to the refund e-mail and the cancellation's to the cancellation e-mail", async () => {
    const s = await invoicingSale();
    const url = `/api/events/${s.event.id}/orders/${s.order.id}`;
    const refund = await t.app.inject({
      method: 'POST',
      url: `${url}/refund`,
      headers: s.headers,
      payload: { amount_cents: 1100 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const refundId = refund.json().data.refunds[0].id as string;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${url}/cancel`,
      headers: s.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.deps.jobs.drain();
    const notes = await t.app.deps.db
      .select()
      .from(invoices)
      .where(eq(invoices.order_id, s.order.id))
      .orderBy(invoices.chain_seq);
    const [invoice, refundNote, cancelNote] = notes;
    expect(notes.map((n) => n.reason)).toEqual([null, 'REFUND', 'CANCELLATION']);

    const [refunded] = received(`order-refund.${refundId}`);
    const refundPdf = attachmentsOf(refunded?.raw ?? '').find((a) => a.type === 'application/pdf');
    expect(refundPdf?.filename).toBe(`${refundNote?.number_text}.pdf`);
    const refundText = pdfText(refundPdf?.bytes ?? Buffer.alloc(0));
    expect(refundText).toContain('Factura rectificativa');
    expect(refundText).toContain(`Rectifica la factura ${invoice?.number_text}`);
    expect(refundText).toMatch(/Total\s+[-−]10,00 €\s+[-−]1,00 €\s+[-−]11,00 €/);

    const [cancelled] = received(`order-cancelled.${s.order.id}`);
    const cancelPdf = attachmentsOf(cancelled?.raw ?? '').find((a) => a.type === 'application/pdf');
    expect(cancelPdf?.filename).toBe(`${cancelNote?.number_text}.pdf`);
    expect(pdfText(cancelPdf?.bytes ?? Buffer.alloc(0))).toMatch(
      /Total\s+[-−]30,00 €\s+[-−]3,00 €\s+[-−]33,00 €/,
    );
  });

  it('attaches no invoice when the account does not invoice (only the tickets)', async () => {
    const s = await invoicingSale(false);
    await t.app.deps.jobs.drain();
    const [mail] = received(`order-confirmation.${s.order.id}`);
    if (!mail) throw new Error('no confirmation received');
    const attached = attachmentsOf(mail.raw);
    expect(attached.map((a) => a.type)).toContain('image/png');
    expect(attached.filter((a) => a.type === 'application/pdf').map((a) => a.filename)).toEqual([
      `entradas-${s.order.short_id}.pdf`,
    ]);
  });
});
