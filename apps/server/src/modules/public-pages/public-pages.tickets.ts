import type { Locale } from '@taquilla/shared';
import { isTestModeOnly } from '@taquilla/shared/test-mode';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { publicTicket } from '../attendees/attendees.service.ts';
import { orderReceipt } from '../checkout/checkout.presenter.ts';
import { publicOrder } from '../checkout/checkout.service.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { presentPublicOrder } from '../orders/order-presenter.ts';
import { loadPublicEvent } from '../public-events/public-events.service.ts';
import { ticketActions } from '../ticket-changes/ticket-changes.service.ts';
import type { PageColors, PrintPageData, TicketPageData } from './public-pages.renderer.ts';

/** What the ticket and print pages show, read through the modules' services; null when not found. */

async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

/**
 * The organizer's page colours while the event is public (afterwards the page keeps the defaults), and
 * whether it only takes simulated payments (the page then says so).
 */
async function lookOf(
  deps: AppDeps,
  eventId: string,
): Promise<{ colors: PageColors | null; testMode: boolean }> {
  const event = await loadPublicEvent(deps.db, eventId);
  return {
    colors: (event?.settings.colors as PageColors | undefined) ?? null,
    testMode: isTestModeOnly(event?.settings.payment_providers ?? []),
  };
}

export async function ticketPageData(
  deps: AppDeps,
  eventId: string,
  attendeeShortId: string,
  locale?: Locale,
): Promise<TicketPageData | null> {
  const ticket = await orNull(() => publicTicket(deps, eventId, attendeeShortId));
  if (!ticket) return null;
  // The holder's own page offers what they may change (the print pages ask without a locale: nothing).
  const changes = locale ? await orNull(() => ticketActions(deps, eventId, attendeeShortId, locale)) : null;
  const { event, order_short_id, qr_code: _secret, order_status: _status, documents, ...attendee } = ticket;
  return {
    eventId,
    event,
    ...(await lookOf(deps, eventId)),
    attendee,
    orderShortId: order_short_id,
    changes,
    documents,
  };
}

export async function ticketPrintData(
  deps: AppDeps,
  eventId: string,
  attendeeShortId: string,
): Promise<PrintPageData | null> {
  const page = await ticketPageData(deps, eventId, attendeeShortId);
  if (!page) return null;
  return {
    event: page.event,
    colors: page.colors,
    testMode: page.testMode,
    tickets: [page.attendee],
    orderShortId: page.orderShortId,
    receipt: null,
  };
}

/**
 * Every ticket of an order that holds its tickets (completed, or awaiting an offline payment), under its
 * receipt.
 */
export async function orderPrintData(
  deps: AppDeps,
  eventId: string,
  orderShortId: string,
): Promise<PrintPageData | null> {
  const order = await orNull(() => publicOrder(deps, eventId, orderShortId));
  if (!order || !SOLD_ORDERS.includes(order.status)) return null;
  const [presented, receipt] = await Promise.all([
    presentPublicOrder(deps.db, order),
    orderReceipt(deps, order),
  ]);
  const tickets = presented.attendees.filter((a) => a.status !== 'CANCELLED');
  const first = tickets[0];
  if (!first) return null;
  const page = await ticketPageData(deps, eventId, first.short_id);
  if (!page) return null;
  return {
    event: page.event,
    colors: page.colors,
    testMode: page.testMode,
    tickets,
    orderShortId: order.short_id,
    receipt,
  };
}
