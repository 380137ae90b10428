import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  attendees,
  checkIns,
  events,
  orderItems,
  orders,
  ticketPrices,
  tickets,
  waitlistEntries,
} from '../../db/schema/index.ts';

/**
 * The resources webhook messages describe, read by the fan-out job (which sweeps every account: each
 * query is scoped by the account id the change was emitted with).
 */

const iso = (d: Date | null) => d?.toISOString() ?? null;
type Data = Record<string, unknown>;

export async function ordersData(q: Queryable, accountId: string, ids: string[]): Promise<Map<string, Data>> {
  const rows = await q
    .select()
    .from(orders)
    .where(and(eq(orders.account_id, accountId), inArray(orders.id, ids)));
  const items = rows.length
    ? await q
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.order_id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderItems.id))
    : [];
  return new Map(
    rows.map((o) => [
      o.id,
      {
        object: 'order',
        id: o.id,
        short_id: o.short_id,
        event_id: o.event_id,
        status: o.status,
        payment_status: o.payment_status,
        refund_status: o.refund_status,
        payment_provider: o.payment_provider,
        first_name: o.first_name,
        last_name: o.last_name,
        email: o.email,
        locale: o.locale,
        currency: o.currency,
        subtotal_cents: o.subtotal_cents,
        discount_cents: o.discount_cents,
        taxes_cents: o.taxes_cents,
        fees_cents: o.fees_cents,
        total_cents: o.total_cents,
        promo_code: o.promo_code,
        is_manual: o.is_manual,
        items: items
          .filter((i) => i.order_id === o.id)
          .map((i) => ({
            id: i.id,
            ticket_id: i.ticket_id,
            price_id: i.price_id,
            ticket_name: i.ticket_name,
            price_label: i.price_label,
            quantity: i.quantity,
            unit_price_cents: i.unit_price_cents,
            total_cents: i.total_cents,
          })),
        created_at: iso(o.created_at),
        completed_at: iso(o.completed_at),
        updated_at: iso(o.updated_at),
      },
    ]),
  );
}

function attendeeData(a: typeof attendees.$inferSelect): Data {
  return {
    object: 'attendee',
    id: a.id,
    short_id: a.short_id,
    event_id: a.event_id,
    order_id: a.order_id,
    ticket_id: a.ticket_id,
    price_id: a.price_id,
    first_name: a.first_name,
    last_name: a.last_name,
    email: a.email,
    status: a.status,
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
  };
}

export async function attendeesData(
  q: Queryable,
  accountId: string,
  where: { ids?: string[]; orderId?: string },
): Promise<Map<string, Data>> {
  const filter = where.ids ? inArray(attendees.id, where.ids) : eq(attendees.order_id, where.orderId ?? '');
  const rows = await q
    .select()
    .from(attendees)
    .where(and(eq(attendees.account_id, accountId), filter))
    .orderBy(asc(attendees.created_at), asc(attendees.id));
  return new Map(rows.map((a) => [a.id, attendeeData(a)]));
}

/** Check-in messages are about an attendee at a list: `checked_in_at` is null once undone. */
export async function checkInsData(
  q: Queryable,
  accountId: string,
  listId: string,
  attendeeIds: string[],
): Promise<Map<string, Data>> {
  const rows = await q
    .select({ attendee: attendees, scannedAt: checkIns.scanned_at })
    .from(attendees)
    .leftJoin(checkIns, and(eq(checkIns.attendee_id, attendees.id), eq(checkIns.check_in_list_id, listId)))
    .where(and(eq(attendees.account_id, accountId), inArray(attendees.id, attendeeIds)));
  return new Map(
    rows.map((r) => [
      r.attendee.id,
      {
        object: 'check_in',
        check_in_list_id: listId,
        attendee_id: r.attendee.id,
        event_id: r.attendee.event_id,
        checked_in_at: iso(r.scannedAt),
        attendee: attendeeData(r.attendee),
      },
    ]),
  );
}

export async function eventsData(q: Queryable, accountId: string, ids: string[]): Promise<Map<string, Data>> {
  const rows = await q
    .select()
    .from(events)
    .where(and(eq(events.account_id, accountId), inArray(events.id, ids)));
  return new Map(
    rows.map((e) => [
      e.id,
      {
        object: 'event',
        id: e.id,
        organizer_id: e.organizer_id,
        name: e.name,
        slug: e.slug,
        status: e.status,
        start_date: iso(e.start_date),
        end_date: iso(e.end_date),
        timezone: e.timezone,
        currency: e.currency,
        deleted_at: iso(e.deleted_at),
        updated_at: iso(e.updated_at),
      },
    ]),
  );
}

export async function ticketsData(
  q: Queryable,
  accountId: string,
  ids: string[],
): Promise<Map<string, Data>> {
  const rows = await q
    .select()
    .from(tickets)
    .where(and(eq(tickets.account_id, accountId), inArray(tickets.id, ids)));
  const prices = rows.length
    ? await q
        .select()
        .from(ticketPrices)
        .where(
          and(
            inArray(
              ticketPrices.ticket_id,
              rows.map((r) => r.id),
            ),
            isNull(ticketPrices.deleted_at),
          ),
        )
        .orderBy(asc(ticketPrices.sort_order), asc(ticketPrices.id))
    : [];
  return new Map(
    rows.map((t) => [
      t.id,
      {
        object: 'ticket',
        id: t.id,
        event_id: t.event_id,
        name: t.name,
        price_type: t.price_type,
        is_hidden: t.is_hidden,
        sale_start_date: iso(t.sale_start_date),
        sale_end_date: iso(t.sale_end_date),
        prices: prices
          .filter((p) => p.ticket_id === t.id)
          .map((p) => ({ id: p.id, label: p.label, price_cents: p.price_cents, quantity: p.quantity })),
        deleted_at: iso(t.deleted_at),
        updated_at: iso(t.updated_at),
      },
    ]),
  );
}

export async function waitlistEntriesData(
  q: Queryable,
  accountId: string,
  ids: string[],
): Promise<Map<string, Data>> {
  const rows = await q
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.account_id, accountId), inArray(waitlistEntries.id, ids)));
  return new Map(
    rows.map((w) => [
      w.id,
      {
        object: 'waitlist_entry',
        id: w.id,
        event_id: w.event_id,
        ticket_id: w.ticket_id,
        price_id: w.price_id,
        first_name: w.first_name,
        last_name: w.last_name,
        email: w.email,
        quantity: w.quantity,
        state: w.state,
        order_id: w.order_id,
        offered_at: iso(w.offered_at),
        offer_expires_at: iso(w.offer_expires_at),
        created_at: iso(w.created_at),
      },
    ]),
  );
}
