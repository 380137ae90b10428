import { DEFAULT_LOCALE, type Locale } from '@taquilla/shared';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { isLocale } from '../../lib/i18n.ts';
import type { AttachmentRef, MailAttachment } from '../../lib/mailer.ts';
import { TICKET_DOCUMENTS } from '../order-lifecycle/order-documents.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { renderApplePass } from './apple-pass.ts';
import { googleWalletLink } from './google-wallet.ts';
import type { TicketDocumentRow } from './ticket-documents.repository.ts';
import * as repo from './ticket-documents.repository.ts';
import { renderTicketsPdf } from './ticket-pdf.ts';
import { ticketView } from './ticket-view.ts';
import { followPass } from './wallet.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export interface PdfFile {
  filename: string;
  pdf: Buffer;
}

/** Tickets worth a document: their order holds them (sold) and they were not cancelled. */
const held = (rows: TicketDocumentRow[]) =>
  rows.filter((r) => SOLD_ORDERS.includes(r.order.status) && r.attendee.status !== 'CANCELLED');

/** An order's tickets whose order sold them, or was cancelled afterwards (its tickets then show void). */
const shown = (row: TicketDocumentRow | undefined) =>
  row && (SOLD_ORDERS.includes(row.order.status) || row.order.status === 'CANCELLED') ? row : undefined;

/** The tickets as their documents show them, with the answers to the event's shown questions. */
async function viewOf(q: Queryable, dataDir: string, rows: TicketDocumentRow[], locale: Locale) {
  const [first] = rows;
  if (!first) return null;
  return ticketView(rows, await repo.shownTicketQuestions(q, first.event.id), locale, dataDir);
}

async function pdfOf(
  q: Queryable,
  dataDir: string,
  rows: TicketDocumentRow[],
  locale: Locale,
): Promise<Buffer | null> {
  const view = await viewOf(q, dataDir, rows, locale);
  return view ? renderTicketsPdf(view, locale) : null;
}

/**
 * What the ticket page offers to carry the ticket (the public ticket answer): its PDF always, the wallet
 * passes when the installation is configured for them and the ticket has a code to scan.
 */
export function ticketDocumentLinks(
  config: Deps['config'],
  eventId: string,
  attendeeShortId: string,
  active: boolean,
) {
  const base = `/api/public/events/${encodeURIComponent(eventId)}/attendees/${encodeURIComponent(attendeeShortId)}`;
  return {
    pdf_url: `${base}/pdf`,
    apple_wallet_url: config.appleWallet && active ? `${base}/apple-wallet` : null,
    google_wallet_url: config.googleWallet && active ? `${base}/google-wallet` : null,
  };
}

/** The order's tickets as one PDF (the order page). */
export const orderPdfUrl = (eventId: string, orderShortId: string) =>
  `/api/public/events/${encodeURIComponent(eventId)}/order/${encodeURIComponent(orderShortId)}/tickets/pdf`;

export const orderPdfName = (orderShortId: string) => `entradas-${orderShortId}.pdf`;
export const ticketPdfName = (attendeeShortId: string) => `entrada-${attendeeShortId}.pdf`;

/** GET /api/public/events/{id}/order/{orderShortId}/tickets/pdf: every ticket the order still holds. */
export async function publicOrderPdf(
  deps: Deps,
  eventId: string,
  orderShortId: string,
  locale: Locale,
): Promise<PdfFile> {
  const rows = held(await repo.orderTicketsByShortId(deps.db, eventId, orderShortId));
  const pdf = await pdfOf(deps.db, deps.config.dataDir, rows, locale);
  if (!pdf) throw notFound();
  return { filename: orderPdfName(orderShortId), pdf };
}

/** GET /api/public/events/{id}/attendees/{attendeeShortId}/pdf: one ticket, marked void once cancelled. */
export async function publicTicketPdf(
  deps: Deps,
  eventId: string,
  attendeeShortId: string,
  locale: Locale,
): Promise<PdfFile> {
  const row = shown(await repo.ticketByShortId(deps.db, eventId, attendeeShortId));
  if (!row) throw notFound();
  const pdf = await pdfOf(deps.db, deps.config.dataDir, [row], locale);
  if (!pdf) throw notFound();
  return { filename: ticketPdfName(attendeeShortId), pdf };
}

/** The organizer left the tickets' PDF out of the event's e-mails. */
const attachmentOff = (row: TicketDocumentRow) => row.event.settings.attach_ticket_pdf === false;

/**
 * The tickets' PDF an order e-mail attaches by reference, made when the e-mail is sent from the tickets
 * as they are then: the whole order for the confirmation, one attendee's for their ticket e-mail. None
 * when the event turned it off, or no ticket is held any more.
 */
export async function ticketsAttachment(
  config: Deps['config'],
  q: Queryable,
  ref: AttachmentRef,
): Promise<MailAttachment | null> {
  const locale = ref.locale && isLocale(ref.locale) ? ref.locale : DEFAULT_LOCALE;
  const ofOrder = ref.kind === TICKET_DOCUMENTS.ORDER_TICKETS;
  const found = ofOrder
    ? await repo.orderTicketsById(q, ref.accountId, ref.id)
    : [await repo.ticketById(q, ref.accountId, ref.id)].filter((r) => r !== undefined);
  const rows = held(found);
  const [first] = rows;
  if (!first || attachmentOff(first)) return null;
  const pdf = await pdfOf(q, config.dataDir, rows, locale);
  if (!pdf) return null;
  return {
    filename: ofOrder ? orderPdfName(first.order.short_id) : ticketPdfName(first.attendee.short_id),
    content: pdf.toString('base64'),
    encoding: 'base64',
    contentType: 'application/pdf',
  };
}

/**
 * A ticket for a wallet: configured, and the ticket has a code to scan or was cancelled (its new copy
 * then shows void). An unpaid ticket gets none yet.
 */
async function walletTicket(deps: Deps, eventId: string, attendeeShortId: string, locale: Locale) {
  const row = shown(await repo.ticketByShortId(deps.db, eventId, attendeeShortId));
  const view = row ? await viewOf(deps.db, deps.config.dataDir, [row], locale) : null;
  const ticket = view?.tickets[0];
  if (!view || !ticket || ticket.state === 'UNPAID') throw notFound();
  return { view, ticket };
}

/**
 * A ticket's wallet pass by the attendee's id, in the order's language: what the PassKit web service
 * serves and the sync pushes to Google. None once the ticket is gone or not (yet) paid.
 */
export async function walletTicketById(deps: Deps, accountId: string, attendeeId: string) {
  const row = shown(await repo.ticketById(deps.db, accountId, attendeeId));
  if (!row) return null;
  const locale = isLocale(row.order.locale) ? row.order.locale : DEFAULT_LOCALE;
  const view = await viewOf(deps.db, deps.config.dataDir, [row], locale);
  const ticket = view?.tickets[0];
  if (!view || !ticket || ticket.state === 'UNPAID') return null;
  return { view, ticket, locale };
}

/** GET /api/public/events/{id}/attendees/{attendeeShortId}/apple-wallet: the signed .pkpass. */
export async function publicApplePass(deps: Deps, eventId: string, attendeeShortId: string, locale: Locale) {
  const apple = deps.config.appleWallet;
  if (!apple) throw notFound();
  const { view, ticket } = await walletTicket(deps, eventId, attendeeShortId, locale);
  const body = await renderApplePass(apple, deps.config.authSecret, view, ticket, locale);
  return { filename: `${attendeeShortId}.pkpass`, body };
}

/** GET /api/public/events/{id}/attendees/{attendeeShortId}/google-wallet: where the save link goes. */
export async function publicGoogleWalletLink(
  deps: Deps,
  eventId: string,
  attendeeShortId: string,
  locale: Locale,
): Promise<string> {
  const google = deps.config.googleWallet;
  if (!google) throw notFound();
  const found = await repo.ticketByShortId(deps.db, eventId, attendeeShortId);
  // Followed before it is made, so a change from now on reaches the object Google creates from it.
  if (found) await followPass(deps.db, found.order.account_id, found.attendee.id, true);
  const { view, ticket } = await walletTicket(deps, eventId, attendeeShortId, locale);
  return googleWalletLink(google, deps.config.appUrl, view, ticket, locale);
}
