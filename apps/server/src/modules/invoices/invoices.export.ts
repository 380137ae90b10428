import { PassThrough } from 'node:stream';
import type { Locale } from '@taquilla/shared';
import { currencyDigits } from '@taquilla/shared/money';
import yazl from 'yazl';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid } from '../../lib/errors.ts';
import { csvLine } from '../../lib/spreadsheet.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { invoicesMessages as m } from './invoices.messages.ts';
import * as repo from './invoices.repository.ts';

const money = (cents: number, currency: string) => ({
  money: cents,
  currency,
  digits: currencyDigits(currency),
});

const CSV_HEADER = [
  'number',
  'kind',
  'type',
  'issue_date',
  'order',
  'event',
  'buyer_name',
  'buyer_tax_id',
  'currency',
  'base',
  'vat',
  'total',
  'corrects',
  'fingerprint',
  'file',
];

/**
 * A period's invoices and credit notes for the accountant: a ZIP (yazl, streamed) with one PDF per
 * document and `index.csv` listing them (amounts as decimals with a point). The period is by issue time,
 * `from` and `to` both included, days of UTC.
 */
export async function exportPeriod(
  deps: DbDeps,
  auth: AuthContext,
  period: { from?: string; to?: string },
  locale: Locale,
) {
  assertCan(auth, 'invoices:manage');
  const today = new Date().toISOString().slice(0, 10);
  const first = period.from ?? `${today.slice(0, 8)}01`;
  const last = period.to ?? today;
  const from = new Date(`${first}T00:00:00Z`);
  const to = new Date(`${last}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  if (to <= from) throw invalid({ to: m['invoices.period_invalid'] });
  const rows = await repo.invoicesIssuedBetween(deps.db, auth.accountId, from, to, auth.organizerIds);
  const numbers = new Map(rows.map((r) => [r.invoice.id, r.invoice]));
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  const lines = [csvLine(CSV_HEADER)];
  for (const row of rows) {
    const { invoice } = row;
    const corrected = invoice.corrects_invoice_id
      ? (numbers.get(invoice.corrects_invoice_id) ??
        (await repo.findCorrected(deps.db, auth.accountId, invoice.corrects_invoice_id)))
      : undefined;
    const file = `${invoice.number_text}.pdf`;
    const pdf = await renderInvoicePdf({
      invoice,
      corrected,
      orderShortId: row.order_short_id,
      eventName: row.event_name,
      locale,
    });
    zip.addBuffer(pdf, file);
    const buyer = invoice.buyer as { name?: string; tax_id?: string } | null;
    lines.push(
      csvLine([
        invoice.number_text,
        invoice.kind,
        invoice.type,
        invoice.issue_date,
        row.order_short_id,
        row.event_name,
        buyer?.name ?? '',
        buyer?.tax_id ?? '',
        invoice.currency,
        money(invoice.total_cents - invoice.tax_cents, invoice.currency),
        money(invoice.tax_cents, invoice.currency),
        money(invoice.total_cents, invoice.currency),
        corrected?.number_text ?? '',
        invoice.fingerprint,
        file,
      ]),
    );
  }
  zip.addBuffer(Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8'), 'index.csv');
  zip.end();
  return { filename: `facturas-${first}-${last}.zip`, stream: out };
}
