import type { Locale } from '@taquilla/shared';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { t } from '../../lib/i18n.ts';
import { ticketDocumentsMessages } from './ticket-documents.messages.ts';
import type { TicketView } from './ticket-view.ts';

type Key = keyof typeof ticketDocumentsMessages;

/**
 * Characters the PDF standard fonts can draw (WinAnsi: Latin-1 plus a few, which covers Spanish and
 * Catalan: á ñ ü ç l·l ¿ ¡ €). Anything else loses its accents (Ł stays "L" via its base letter when it
 * has one), else becomes "?", rather than printing as garbage. Intl's narrow and no-break spaces are
 * spaces.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const FOLD: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', ß: 'ss', '−': '-' };
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\u202f\u00a0\u2009]/g, ' ')) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) {
      out += ch;
      continue;
    }
    if (code < 0x20) continue;
    const base = FOLD[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += [...base].every((c) => (c.codePointAt(0) ?? 0) < 0x100) ? base : '?';
  }
  return out;
}

/** A `#rgb` or `#rrggbb` colour, else the fallback. */
export function hexOr(colour: unknown, fallback: string): string {
  if (typeof colour !== 'string') return fallback;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : fallback;
}

/** Black or white, whichever reads better on `background` (WCAG relative luminance). */
export function textOn(background: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(background.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const QR_SIZE = 190;

/**
 * One PDF, one A4 page per ticket: a band in the organizer's colour with their logo and the event's name,
 * then when and where (in the event's time zone), holder, ticket and tier, order and ticket codes, and
 * the QR code the door scans (vector squares, sharp at any zoom and print). A cancelled ticket is
 * marked void and has no code; an unpaid one says its code comes with the payment. Standard fonts: the
 * text is extractable and the file small.
 */
export function renderTicketsPdf(view: TicketView, locale: Locale): Promise<Buffer> {
  const m = (key: Key, params?: Record<string, string | number>) =>
    winAnsi(t(locale, ticketDocumentsMessages[key], params));
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    // Dated by the data it shows, not by the moment it was drawn: the same tickets are the same bytes.
    info: {
      Title: m('ticket_documents.pdf_title', { event: view.event.name }),
      CreationDate: view.changedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const band = hexOr(view.colors.primary, '#1c7ed6');
  const bandText = textOn(band);
  const width = PAGE.width - 2 * PAGE.margin;
  view.tickets.forEach((ticket, index) => {
    doc.addPage();
    // The band: logo on the left when there is one, the event's name beside it.
    doc.rect(0, 0, PAGE.width, 110).fill(band);
    let textX = PAGE.margin;
    if (view.logoPng) {
      doc.image(view.logoPng, PAGE.margin, 20, { fit: [70, 70] });
      textX += 86;
    }
    doc
      .fillColor(bandText)
      .font('Helvetica-Bold')
      .fontSize(22)
      .text(winAnsi(view.event.name), textX, 30, {
        width: PAGE.width - textX - PAGE.margin,
        height: 56,
        ellipsis: true,
      });
    doc
      .font('Helvetica')
      .fontSize(11)
      .text(m('ticket_documents.pdf_organizer', { organizer: view.organizerName }), textX, 86, {
        width: PAGE.width - textX - PAGE.margin,
        lineBreak: false,
      });

    doc.fillColor('#000000');
    let y = 140;
    const field = (label: Key | { text: string }, value: string) => {
      if (!value) return;
      const caption = typeof label === 'string' ? m(label) : winAnsi(label.text);
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor('#555555')
        .text(caption.toUpperCase(), PAGE.margin, y, { width: width - QR_SIZE - 20 });
      doc
        .font('Helvetica-Bold')
        .fontSize(13)
        .fillColor('#000000')
        .text(winAnsi(value), PAGE.margin, doc.y + 2, { width: width - QR_SIZE - 20 });
      y = doc.y + 12;
    };
    field('ticket_documents.pdf_when', view.when);
    field('ticket_documents.pdf_where', view.where);
    field('ticket_documents.pdf_holder', ticket.holder);
    field('ticket_documents.pdf_ticket', ticket.ticketName);
    field('ticket_documents.pdf_order', view.orderShortId);
    field('ticket_documents.pdf_ticket_id', ticket.shortId);
    // The holder's answers, as far as the page holds them (a long one is cut, never a second page).
    for (const a of ticket.answers) {
      if (y > PAGE.height - PAGE.margin - 60) break;
      const value = a.value === true ? m('ticket_documents.answer_yes') : a.value;
      field({ text: a.label }, value.length > 300 ? `${value.slice(0, 299)}…` : value);
    }

    const qrX = PAGE.width - PAGE.margin - QR_SIZE;
    const qrY = 140;
    if (ticket.state === 'VALID') {
      drawQr(doc, ticket.code, qrX, qrY, QR_SIZE);
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor('#333333')
        .text(m('ticket_documents.pdf_scan_hint'), qrX, qrY + QR_SIZE + 8, {
          width: QR_SIZE,
          align: 'center',
        });
    } else {
      const cancelled = ticket.state === 'VOID';
      doc
        .rect(qrX, qrY, QR_SIZE, QR_SIZE)
        .lineWidth(2)
        .stroke(cancelled ? '#c92a2a' : '#868e96');
      doc
        .font('Helvetica-Bold')
        .fontSize(cancelled ? 28 : 16)
        .fillColor(cancelled ? '#c92a2a' : '#495057')
        .text(
          m(cancelled ? 'ticket_documents.pdf_void' : 'ticket_documents.pdf_unpaid'),
          qrX,
          qrY + QR_SIZE / 2 - 14,
          {
            width: QR_SIZE,
            align: 'center',
          },
        );
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor('#333333')
        .text(
          m(cancelled ? 'ticket_documents.pdf_void_hint' : 'ticket_documents.pdf_unpaid_hint'),
          qrX,
          qrY + QR_SIZE + 8,
          { width: QR_SIZE, align: 'center' },
        );
    }

    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555555')
      .text(
        m('ticket_documents.pdf_page', { n: index + 1, count: view.tickets.length }),
        PAGE.margin,
        PAGE.height - PAGE.margin - 12,
        { width, align: 'right', lineBreak: false },
      );
  });
  doc.end();
  return done;
}

/** The code's dark modules as filled squares, on a white quiet zone of four modules. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x0: number, y0: number, size: number) {
  const qr = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  }).modules;
  const cell = size / (qr.size + 8);
  doc.rect(x0, y0, size, size).fill('#ffffff');
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.data[y * qr.size + x]) doc.rect(x0 + (x + 4) * cell, y0 + (y + 4) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}
