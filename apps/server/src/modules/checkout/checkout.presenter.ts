import type { PublicOrder } from '@taquilla/shared';
import type { CheckoutOrder } from '@taquilla/shared/schemas/checkout';
import type { Receipt } from '@taquilla/shared/schemas/receipt';
import type { AppDeps } from '../../deps.ts';
import { orderInvoicesForBuyer } from '../invoices/invoices.service.ts';
import { orderDateRefs, presentLoadedOrder, presentPublicOrder } from '../orders/order-presenter.ts';
import type { AttendeeRow, OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import { presentReceipt, type ReceiptEvent } from '../orders/receipt.ts';
import { eventPaymentProviders } from '../payments/providers.ts';
import { findEvent } from './checkout.repository.ts';

type PresentDeps = Pick<AppDeps, 'db' | 'config'>;

/** The public order plus what the next step needs: providers to choose from, offline instructions. */
export async function presentCheckoutOrder(deps: PresentDeps, order: OrderRow): Promise<CheckoutOrder> {
  const [base, event] = await Promise.all([
    presentPublicOrder(deps.db, order),
    findEvent(deps.db, order.event_id),
  ]);
  const receipt = event && order.status !== 'RESERVED' ? await orderReceipt(deps, order, event) : undefined;
  return { ...withNextStep(deps, order, base, event?.settings ?? {}), ...(receipt ? { receipt } : {}) };
}

/**
 * The receipt of a placed order (paid, awaiting its offline payment, or cancelled) with its invoices.
 * The busy steps that complete an order leave it out of their answer (the summary reads the order again).
 */
export async function orderReceipt(
  deps: Pick<AppDeps, 'db'>,
  order: OrderRow,
  knownEvent?: ReceiptEvent,
): Promise<Receipt | null> {
  const [event, invoices] = await Promise.all([
    knownEvent ?? findEvent(deps.db, order.event_id),
    orderInvoicesForBuyer(deps.db, order),
  ]);
  if (!event) return null;
  return presentReceipt(
    deps.db,
    order,
    event,
    invoices.map((i) => ({ kind: i.kind, number: i.number, pdf_url: i.pdf_url })),
  );
}

/** The same from the rows a step just read and wrote (the busy details and payment steps): no read. */
export async function presentLoadedCheckoutOrder(
  deps: PresentDeps,
  order: OrderRow,
  rows: { items: OrderItemRow[]; attendees: AttendeeRow[]; settings: Record<string, unknown> },
): Promise<CheckoutOrder> {
  // No read for a single-date event (no date ids).
  const dates = await orderDateRefs(deps.db, order, rows.attendees);
  const base = await presentLoadedOrder(order, rows.items, rows.attendees, dates);
  return withNextStep(deps, order, base, rows.settings);
}

function withNextStep(
  deps: PresentDeps,
  order: OrderRow,
  base: PublicOrder,
  settings: Record<string, unknown>,
): CheckoutOrder {
  const instructions = String(settings.offline_payment_instructions ?? '').trim() || null;
  return {
    ...base,
    payment_providers: order.status === 'RESERVED' ? eventPaymentProviders(deps.config, settings) : [],
    offline_payment_instructions: order.payment_provider === 'offline' ? instructions : null,
    ...(order.status === 'RESERVED'
      ? { saved_details: savedDetails(order), can_extend: order.reservation_extended_at === null }
      : {}),
  };
}

/** What the details step saved on a reservation (`pending_attendees` are written by `saveDetails`). */
function savedDetails(order: OrderRow): NonNullable<CheckoutOrder['saved_details']> {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const record = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  return {
    answers: order.answers,
    attendees: order.pending_attendees.map((a) => ({
      ticket_id: text(a.ticket_id),
      price_id: text(a.price_id),
      first_name: text(a.first_name),
      last_name: text(a.last_name),
      email: text(a.email),
      answers: record(a.answers),
    })),
  };
}

/** A just-reserved order: its providers come from the event settings the reservation already read. */
export function presentReservedOrder(
  deps: PresentDeps,
  order: PublicOrder,
  settings: Record<string, unknown>,
): CheckoutOrder {
  return {
    ...order,
    payment_providers: eventPaymentProviders(deps.config, settings),
    offline_payment_instructions: null,
    can_extend: true,
  };
}
