import type { PaymentProvider, PublicAttendee, PublicOrder, PublicOrderItem } from '@taquilla/shared';
import type { EventDateRef } from '@taquilla/shared/schemas/event-dates';
import type { Queryable } from '../../db/client.ts';
import { qrSvg } from '../../lib/qr.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import {
  type AttendeeRow,
  loadAttendees,
  loadItems,
  type OrderItemRow,
  type OrderRow,
} from './orders.repository.ts';

export function presentItem(item: OrderItemRow): PublicOrderItem {
  return {
    id: item.id,
    ticket_id: item.ticket_id,
    price_id: item.price_id,
    ticket_name: item.ticket_name,
    price_label: item.price_label,
    quantity: item.quantity,
    unit_price_cents: item.unit_price_cents,
    unit_discount_cents: item.unit_discount_cents,
    taxes_cents: item.taxes_cents,
    fees_cents: item.fees_cents,
    total_cents: item.total_cents,
  };
}

/** QR codes are shown once the order holds its tickets, for tickets already paid (ACTIVE). */
const showsQr = (order: OrderRow) => SOLD_ORDERS.includes(order.status);

export async function presentAttendee(
  attendee: AttendeeRow,
  item: OrderItemRow | undefined,
  withQr: boolean,
  dates: Map<string, EventDateRef>,
): Promise<PublicAttendee> {
  return {
    short_id: attendee.short_id,
    first_name: attendee.first_name,
    last_name: attendee.last_name,
    email: attendee.email,
    ticket_id: attendee.ticket_id,
    ticket_name: item?.ticket_name ?? '',
    price_label: item?.price_label ?? null,
    status: attendee.status,
    event_date: refOf(dates, attendee.event_date_id),
    ...(withQr && attendee.status === 'ACTIVE' ? { qr_svg: await qrSvg(attendee.qr_secret) } : {}),
  };
}

/** The buyer's view of an order: `{data: PublicOrder}` of every public order endpoint. */
export async function presentPublicOrder(q: Queryable, order: OrderRow): Promise<PublicOrder> {
  const [items, attendeeRows] = await Promise.all([loadItems(q, [order.id]), loadAttendees(q, order.id)]);
  return presentLoadedOrder(order, items, attendeeRows, await orderDateRefs(q, order, attendeeRows));
}

/** The dates an order and its attendees are for (the same one unless a ticket was moved). */
export function orderDateRefs(q: Queryable, order: OrderRow, attendeeRows: AttendeeRow[]) {
  return loadDateRefs(q, [order.event_date_id, ...attendeeRows.map((a) => a.event_date_id)]);
}

/** The same view from rows the caller already has (the checkout's busy steps read them in one query). */
export async function presentLoadedOrder(
  order: OrderRow,
  items: OrderItemRow[],
  attendeeRows: AttendeeRow[],
  dates: Map<string, EventDateRef>,
): Promise<PublicOrder> {
  const itemById = new Map(items.map((i) => [i.id, i]));
  const withQr = showsQr(order);
  return {
    short_id: order.short_id,
    event_id: order.event_id,
    status: order.status,
    payment_status: order.payment_status,
    refund_status: order.refund_status,
    payment_provider: order.payment_provider as PaymentProvider | null,
    reserved_until: order.reserved_until.toISOString(),
    first_name: order.first_name,
    last_name: order.last_name,
    email: order.email,
    currency: order.currency,
    subtotal_cents: order.subtotal_cents,
    discount_cents: order.discount_cents,
    taxes_cents: order.taxes_cents,
    fees_cents: order.fees_cents,
    total_cents: order.total_cents,
    promo_code: order.promo_code,
    event_date: refOf(dates, order.event_date_id),
    items: items.map(presentItem),
    attendees: await Promise.all(
      attendeeRows
        .filter((a) => a.status !== 'CANCELLED' || order.status === 'CANCELLED')
        // A ticket its holder passed on is someone else's now: the buyer's pages no longer show it.
        .filter((a) => !a.transfer_count)
        .map((a) => presentAttendee(a, itemById.get(a.order_item_id), withQr, dates)),
    ),
    created_at: order.created_at.toISOString(),
    completed_at: order.completed_at?.toISOString() ?? null,
  };
}
