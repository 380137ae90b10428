import { DEFAULT_LOCALE, type Locale } from '@taquilla/shared';
import type {
  EventInvoicing,
  InvoiceSettings,
  InvoiceSummary,
  UpdateInvoiceSettingsInput,
} from '@taquilla/shared/schemas/invoices';
import {
  SIMPLIFIED_INVOICE_LIMIT_CENTS,
  updateInvoiceSettingsSchema,
} from '@taquilla/shared/schemas/invoices';
import type { Queryable } from '../../db/client.ts';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { isLocale } from '../../lib/i18n.ts';
import type { AttachmentRef, MailAttachment } from '../../lib/mailer.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { ORDER_DOCUMENTS, type OrderDocument } from '../order-lifecycle/order-documents.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { invoicesMessages as m } from './invoices.messages.ts';
import * as repo from './invoices.repository.ts';

/**
 * Invoicing: the account's settings (admins: `invoices:manage`), an event's opt-out, and reading the
 * invoices and credit notes the database issued (migration 0018) — as a list, as PDFs, as a period's
 * export. Nothing here writes an invoice: numbers, records and fingerprints are the database's, taken in
 * the transaction that pays, refunds or cancels the order.
 */
const DEFAULTS = {
  enabled: false,
  legal_name: '',
  tax_id: '',
  address: '',
  series_prefix: 'F',
  vat_regime: 'GENERAL' as const,
  fees_vat_rate_bp: 2100,
};

export async function getSettings(deps: DbDeps, auth: AuthContext): Promise<InvoiceSettings> {
  assertCan(auth, 'invoices:manage');
  return presentSettings(deps.db, auth.accountId);
}

async function presentSettings(q: Queryable, accountId: string): Promise<InvoiceSettings> {
  const row = (await repo.findSettings(q, accountId)) ?? DEFAULTS;
  const year = await repo.accountYear(q, accountId);
  const [counter, issued] = await Promise.all([
    repo.findCounter(q, accountId, row.series_prefix, year),
    repo.issuedInSeries(q, accountId, row.series_prefix, year),
  ]);
  return {
    enabled: row.enabled,
    legal_name: row.legal_name,
    tax_id: row.tax_id,
    address: row.address,
    series_prefix: row.series_prefix,
    next_number: counter?.next_number ?? 1,
    next_number_editable: issued === 0,
    vat_regime: row.vat_regime,
    fees_vat_rate_bp: row.fees_vat_rate_bp,
    aeat_submission: 'OFF',
  };
}

/**
 * Saves the settings. `next_number` starts this year's series elsewhere than 1 (an organizer coming
 * from another system); once an invoice was issued in it, the sequence alone moves it (422 otherwise).
 */
export async function updateSettings(deps: DbDeps, auth: AuthContext, input: UpdateInvoiceSettingsInput) {
  assertCan(auth, 'invoices:manage');
  const { next_number: next, ...values } = updateInvoiceSettingsSchema.parse(input);
  await deps.db.transaction(async (tx) => {
    await repo.saveSettings(tx, auth.accountId, values);
    if (next === undefined) return;
    const year = await repo.accountYear(tx, auth.accountId);
    const counter = await repo.findCounter(tx, auth.accountId, values.series_prefix, year, true);
    if ((counter?.next_number ?? 1) === next) return;
    if ((await repo.issuedInSeries(tx, auth.accountId, values.series_prefix, year)) > 0) {
      throw invalid({ next_number: m['invoices.next_number_locked'] });
    }
    await repo.setNextNumber(tx, auth.accountId, values.series_prefix, year, next);
  });
  return presentSettings(deps.db, auth.accountId);
}

/** Whether this account invoices this event's orders (turned on, and the event did not opt out). */
export async function invoicingActive(q: Queryable, accountId: string, eventId: string) {
  return repo.isInvoicing(q, accountId, eventId);
}

/** Why checkout refuses a purchase above 400 € without the buyer's details (422 on `invoice`). */
export const INVOICE_DETAILS_REQUIRED = m['invoices.details_required'];

/**
 * Whether checkout must ask for the buyer's details: a full invoice is due above the simplified
 * invoice's limit (400 €, EUR orders) when the event invoices.
 */
export async function invoiceDetailsRequired(
  q: Queryable,
  order: { account_id: string; event_id: string; total_cents: number; currency: string },
) {
  if (order.currency !== 'EUR' || order.total_cents <= SIMPLIFIED_INVOICE_LIMIT_CENTS) return false;
  return invoicingActive(q, order.account_id, order.event_id);
}

export async function getEventInvoicing(
  deps: DbDeps,
  auth: AuthContext,
  eventId: string,
): Promise<EventInvoicing> {
  assertCan(auth, 'events:read');
  await loadOwnedEvent(deps.db, auth, eventId);
  return presentEventInvoicing(deps.db, auth.accountId, eventId);
}

async function presentEventInvoicing(
  q: Queryable,
  accountId: string,
  eventId: string,
): Promise<EventInvoicing> {
  const [settings, optedOut] = await Promise.all([
    repo.findSettings(q, accountId),
    repo.isOptedOut(q, accountId, eventId),
  ]);
  const accountEnabled = Boolean(settings?.enabled);
  return { enabled: accountEnabled && !optedOut, account_enabled: accountEnabled, opted_out: optedOut };
}

export async function setEventInvoicing(deps: DbDeps, auth: AuthContext, eventId: string, optedOut: boolean) {
  assertCan(auth, 'invoices:manage');
  await loadOwnedEvent(deps.db, auth, eventId);
  await repo.setOptedOut(deps.db, auth.accountId, eventId, optedOut);
  return presentEventInvoicing(deps.db, auth.accountId, eventId);
}

type Listed = { invoice: repo.InvoiceRow; order_short_id: string };

function presentInvoice(row: Listed, numbers: Map<string, string>, pdfUrl: string): InvoiceSummary {
  const { invoice } = row;
  const buyer = invoice.buyer as { name?: string; tax_id?: string } | null;
  return {
    id: invoice.id,
    kind: invoice.kind,
    type: invoice.type,
    number: invoice.number_text,
    issue_date: invoice.issue_date,
    issued_at: invoice.issued_at.toISOString(),
    currency: invoice.currency,
    total_cents: invoice.total_cents,
    tax_cents: invoice.tax_cents,
    corrects: invoice.corrects_invoice_id ? (numbers.get(invoice.corrects_invoice_id) ?? null) : null,
    reason: invoice.reason,
    buyer_name: buyer?.name ?? null,
    buyer_tax_id: buyer?.tax_id ?? null,
    order_short_id: row.order_short_id,
    pdf_url: pdfUrl,
  };
}

const organizerPdfUrl = (i: repo.InvoiceRow) => `/api/events/${i.event_id}/invoices/${i.id}/pdf`;
const buyerPdfUrl = (i: repo.InvoiceRow, short: string) =>
  `/api/public/events/${i.event_id}/order/${short}/invoices/${i.id}/pdf`;

function presentList(rows: Listed[], url: (row: Listed) => string) {
  const numbers = new Map(rows.map((r) => [r.invoice.id, r.invoice.number_text]));
  return rows.map((r) => presentInvoice(r, numbers, url(r)));
}

/** GET events/{id}/orders/{orderId}/invoices: the order's invoice and credit notes. */
export async function listOrderInvoices(deps: DbDeps, auth: AuthContext, eventId: string, orderId: string) {
  assertCan(auth, 'orders:read');
  await loadOwnedEvent(deps.db, auth, eventId);
  const rows = (await repo.orderInvoices(deps.db, auth.accountId, orderId)).filter(
    (r) => r.invoice.event_id === eventId,
  );
  return presentList(rows, (r) => organizerPdfUrl(r.invoice));
}

async function pdfOf(q: Queryable, row: Listed & { event_name: string }, locale: Locale) {
  const { invoice } = row;
  const corrected = invoice.corrects_invoice_id
    ? await repo.findCorrected(q, invoice.account_id, invoice.corrects_invoice_id)
    : undefined;
  return renderInvoicePdf({
    invoice,
    corrected,
    orderShortId: row.order_short_id,
    eventName: row.event_name,
    locale,
  });
}

const DOCUMENT_LOOKUP = {
  [ORDER_DOCUMENTS.INVOICE]: (id: string) => ({ orderInvoice: id }),
  [ORDER_DOCUMENTS.REFUND_CREDIT_NOTE]: (id: string) => ({ refundCreditNote: id }),
  [ORDER_DOCUMENTS.CANCELLATION_CREDIT_NOTE]: (id: string) => ({ cancellationCreditNote: id }),
};

/**
 * An order e-mail's invoice or credit note as a PDF attachment, made when the e-mail is sent (never in
 * the transaction that pays); null while there is none (the account does not invoice, a free order).
 */
export async function documentAttachment(q: Queryable, ref: AttachmentRef): Promise<MailAttachment | null> {
  const lookup = DOCUMENT_LOOKUP[ref.kind as OrderDocument];
  const row = await repo.findDocument(q, ref.accountId, lookup(ref.id));
  if (!row) return null;
  const locale = ref.locale && isLocale(ref.locale) ? ref.locale : DEFAULT_LOCALE;
  const pdf = await pdfOf(q, row, locale);
  return {
    filename: `${row.invoice.number_text}.pdf`,
    content: pdf.toString('base64'),
    encoding: 'base64',
    contentType: 'application/pdf',
  };
}

/** GET events/{id}/invoices/{invoiceId}/pdf */
export async function organizerPdf(
  deps: DbDeps,
  auth: AuthContext,
  eventId: string,
  invoiceId: string,
  locale: Locale,
) {
  assertCan(auth, 'orders:read');
  const row = await repo.findInvoice(deps.db, auth.accountId, invoiceId);
  if (!row || row.invoice.event_id !== eventId) throw notFound();
  return { number: row.invoice.number_text, pdf: await pdfOf(deps.db, row, locale) };
}

/** The buyer's invoices: the order's unguessable short id is the key (no login). */
export async function buyerInvoices(deps: DbDeps, eventId: string, shortId: string) {
  const order = await repo.findOrderByShortId(deps.db, eventId, shortId);
  if (!order) throw notFound();
  return orderInvoicesForBuyer(deps.db, { ...order, short_id: shortId });
}

/** An order's invoice and credit notes with the buyer's PDF links (the receipt lists them). */
export async function orderInvoicesForBuyer(
  q: Queryable,
  order: { id: string; account_id: string; short_id: string },
) {
  const rows = await repo.orderInvoices(q, order.account_id, order.id);
  return presentList(rows, (r) => buyerPdfUrl(r.invoice, order.short_id));
}

export async function buyerPdf(
  deps: DbDeps,
  eventId: string,
  shortId: string,
  invoiceId: string,
  locale: Locale,
) {
  const order = await repo.findOrderByShortId(deps.db, eventId, shortId);
  if (!order) throw notFound();
  const row = await repo.findInvoice(deps.db, order.account_id, invoiceId);
  if (!row || row.invoice.order_id !== order.id) throw notFound();
  return { number: row.invoice.number_text, pdf: await pdfOf(deps.db, row, locale) };
}
