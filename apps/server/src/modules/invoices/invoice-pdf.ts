import type { Locale } from '@taquilla/shared';
import { formatMoney, formatPercent } from '@taquilla/shared/money';
import { isValidEuVatNumber } from '@taquilla/shared/tax-id';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { t } from '../../lib/i18n.ts';
import { type Breakdown, creditBreakdown, type InvoiceLine, invoiceBreakdown } from './breakdown.ts';
import { invoicesMessages } from './invoices.messages.ts';
import type { InvoiceRow } from './invoices.repository.ts';
import { registroAlta, verificationUrl } from './verifactu.ts';

/** What a PDF shows besides the invoice row. */
export interface PdfContext {
  invoice: InvoiceRow;
  /** The invoice a credit note corrects, and its figures. */
  corrected?: InvoiceRow;
  orderShortId: string;
  eventName: string;
  locale: Locale;
}

/** Intl's narrow and no-break spaces are not in the PDF standard fonts' encoding. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

function figuresOf(ctx: PdfContext): Breakdown {
  const { invoice } = ctx;
  const source = ctx.corrected ?? invoice;
  const rate = Number(source.seller.fees_vat_rate_bp ?? 0);
  const whole = invoiceBreakdown(source.lines as unknown as InvoiceLine[], rate);
  return invoice.kind === 'CREDIT_NOTE'
    ? creditBreakdown(whole, invoice.total_cents, invoice.tax_cents)
    : whole;
}

type Key = keyof typeof invoicesMessages;

function titleOf(invoice: InvoiceRow): Key {
  if (invoice.kind === 'CREDIT_NOTE') return 'invoices.pdf_title_credit';
  return invoice.type === 'F1' ? 'invoices.pdf_title_invoice' : 'invoices.pdf_title_simplified';
}

/**
 * The PDF of an invoice or credit note (pdfkit, standard fonts: its text is extractable): issuer and
 * recipient, lines, the breakdown per VAT rate, the total, and the AEAT's verification QR code with its
 * record's fingerprint.
 */
export function renderInvoicePdf(ctx: PdfContext): Promise<Buffer> {
  const { invoice, locale } = ctx;
  const m = (key: Key, params?: Record<string, string | number>) =>
    plain(t(locale, invoicesMessages[key], params));
  const money = (cents: number) => plain(formatMoney(cents, invoice.currency, locale));
  // Dated when the invoice was issued, not when rendered: the same document is the same bytes (an
  // e-mail sent again attaches exactly what it attached the first time).
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: invoice.number_text, CreationDate: invoice.issued_at },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const seller = invoice.seller as {
    legal_name?: string;
    tax_id?: string;
    address?: string;
    vat_regime?: string;
  };
  const buyer = invoice.buyer as { name?: string; tax_id?: string; address?: string } | null;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(m(titleOf(invoice)));
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`${m('invoices.pdf_number')}: ${invoice.number_text}`);
  doc.text(`${m('invoices.pdf_date')}: ${invoice.issue_date.replaceAll('-', '/')}`);
  doc.text(m('invoices.pdf_order', { order: ctx.orderShortId, event: ctx.eventName }));
  if (ctx.corrected) {
    doc.text(m('invoices.pdf_corrects', { number: ctx.corrected.number_text }));
    doc.text(
      m(
        invoice.reason === 'CANCELLATION' ? 'invoices.pdf_reason_cancellation' : 'invoices.pdf_reason_refund',
      ),
    );
  }
  doc.moveDown();
  const top = doc.y;
  doc.font('Helvetica-Bold').text(m('invoices.pdf_seller'), 50, top);
  doc.font('Helvetica').text(seller.legal_name ?? '', { width: 230 });
  doc.text(`NIF: ${seller.tax_id ?? ''}`, { width: 230 });
  doc.text(seller.address ?? '', { width: 230 });
  const sellerBottom = doc.y;
  if (buyer) {
    doc.font('Helvetica-Bold').text(m('invoices.pdf_buyer'), 310, top);
    doc.font('Helvetica').text(buyer.name ?? '', 310, doc.y, { width: 230 });
    // Another member state's VAT number is printed as such (NIF-IVA), with its country prefix.
    const euVat = isValidEuVatNumber(buyer.tax_id ?? '');
    doc.text(`${euVat ? m('invoices.pdf_eu_vat_number') : 'NIF'}: ${buyer.tax_id ?? ''}`, { width: 230 });
    doc.text(buyer.address ?? '', { width: 230 });
  }
  doc.y = Math.max(sellerBottom, doc.y) + 15;

  // Concept, quantity, unit price, discount, amount: x and width of each column.
  const cols: [number, number][] = [
    [50, 225],
    [280, 35],
    [320, 75],
    [400, 70],
    [475, 70],
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => {
      const [x, width] = cols[i] ?? [50, 225];
      if (!cell) return;
      doc.text(cell, x, y, { width, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 50;
    doc.y = bottom + 3;
  };
  row(
    [
      m('invoices.pdf_concept'),
      m('invoices.pdf_quantity'),
      m('invoices.pdf_unit_price'),
      m('invoices.pdf_discount'),
      m('invoices.pdf_amount'),
    ],
    true,
  );
  const source = ctx.corrected ?? invoice;
  for (const line of source.lines as unknown as InvoiceLine[]) {
    const name = line.price_label ? `${line.ticket_name} (${line.price_label})` : line.ticket_name;
    row([
      name,
      String(line.quantity),
      money(line.unit_price_cents),
      line.unit_discount_cents ? money(-line.unit_discount_cents * line.quantity) : '',
      money((line.unit_price_cents - line.unit_discount_cents) * line.quantity),
    ]);
  }
  const fees = (source.lines as unknown as InvoiceLine[]).reduce((n, l) => n + l.fees_cents, 0);
  if (fees > 0) row([m('invoices.pdf_fees'), '', '', '', money(fees)]);

  const figures = figuresOf(ctx);
  doc.moveDown();
  doc.x = 50;
  doc.font('Helvetica-Bold').text(m('invoices.pdf_breakdown'), 50, doc.y);
  doc.moveDown(0.3);
  row(['', '', m('invoices.pdf_base'), m('invoices.pdf_vat'), ''], true);
  for (const r of figures.rows) {
    const rate = plain(formatPercent(r.rate_bp ?? 0, locale));
    const label =
      r.kind === 'FEES'
        ? m('invoices.pdf_fees_row', { rate })
        : r.kind === 'FIXED_TAX'
          ? (r.name ?? '')
          : m('invoices.pdf_rate', { rate });
    row([label, '', money(r.base_cents), money(r.tax_cents), '']);
  }
  row(
    [
      m('invoices.pdf_total'),
      '',
      money(figures.base_cents),
      money(figures.tax_cents),
      money(invoice.total_cents),
    ],
    true,
  );
  if (seller.vat_regime === 'EXEMPT') {
    doc.moveDown(0.5);
    doc.font('Helvetica').text(m('invoices.pdf_exempt'), 50, doc.y);
  }

  // The AEAT's verification QR code: at least 30 mm wide, medium error correction (its specification).
  const record = registroAlta(invoice);
  const qr = QRCode.create(verificationUrl(record), { errorCorrectionLevel: 'M' }).modules;
  const cell = 110 / qr.size;
  const qrTop = Math.max(doc.y + 20, 600);
  doc.font('Helvetica').fontSize(9).text(m('invoices.pdf_qr'), 50, qrTop);
  const x0 = 50;
  const y0 = qrTop + 14;
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.data[y * qr.size + x]) doc.rect(x0 + x * cell, y0 + y * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc.fontSize(8).text(`${m('invoices.pdf_fingerprint')}: ${invoice.fingerprint}`, 180, y0, { width: 360 });
  doc.end();
  return done;
}
