import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  events,
  orderItems,
  orders,
  organizers,
  type promoCodes,
  questions,
  taxesAndFees,
  ticketPrices,
  tickets,
  ticketTaxes,
} from '../../db/schema/index.ts';

import type { OrderItemRow } from '../orders/orders.service.ts';

/** Reads of what the public order flow sells: the event, its tickets, codes and questions; an order's context. */

export async function findEvent(q: Queryable, eventId: string) {
  const [row] = await q
    .select({ event: events, organizerName: organizers.name })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(events.id, eventId), isNull(events.deleted_at)))
    .limit(1);
  return row ? { ...row.event, organizer_name: row.organizerName } : undefined;
}
export type EventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

export type TicketRow = typeof tickets.$inferSelect;
export type PriceRow = typeof ticketPrices.$inferSelect;
export type SellableTicket = TicketRow & {
  prices: PriceRow[];
  taxes: {
    id: string;
    name: string;
    type: 'TAX' | 'FEE';
    calculation: 'PERCENTAGE' | 'FIXED';
    value: number;
  }[];
};

/** The event's live tickets among `ticketIds`, each with its live price tiers and active taxes/fees. */
export async function loadTickets(
  q: Queryable,
  eventId: string,
  ticketIds: string[],
): Promise<SellableTicket[]> {
  if (ticketIds.length === 0) return [];
  const [ticketRows, priceRows, taxRows] = await Promise.all([
    q
      .select()
      .from(tickets)
      .where(and(eq(tickets.event_id, eventId), inArray(tickets.id, ticketIds), isNull(tickets.deleted_at))),
    q
      .select()
      .from(ticketPrices)
      .where(and(inArray(ticketPrices.ticket_id, ticketIds), isNull(ticketPrices.deleted_at)))
      .orderBy(asc(ticketPrices.sort_order), asc(ticketPrices.id)),
    q
      .select({
        ticketId: ticketTaxes.ticket_id,
        id: taxesAndFees.id,
        name: taxesAndFees.name,
        type: taxesAndFees.type,
        calculation: taxesAndFees.calculation,
        value: taxesAndFees.value,
      })
      .from(ticketTaxes)
      .innerJoin(taxesAndFees, eq(taxesAndFees.id, ticketTaxes.tax_id))
      .where(
        and(
          inArray(ticketTaxes.ticket_id, ticketIds),
          eq(taxesAndFees.is_active, true),
          isNull(taxesAndFees.deleted_at),
        ),
      )
      .orderBy(asc(taxesAndFees.type), asc(taxesAndFees.name)),
  ]);
  return ticketRows.map((t) => ({
    ...t,
    prices: priceRows.filter((p) => p.ticket_id === t.id),
    taxes: taxRows.filter((x) => x.ticketId === t.id).map(({ ticketId: _, ...tax }) => tax),
  }));
}

export type PromoRow = typeof promoCodes.$inferSelect;

export type QuestionRow = typeof questions.$inferSelect;

/** What the details and payment steps check an answer against. */
export type AskedQuestion = Pick<
  QuestionRow,
  'id' | 'type' | 'options' | 'required' | 'belongs_to' | 'ticket_ids'
>;

/**
 * Everything the details and payment steps read, in one round trip: the order of a public link, its
 * event (with the organizer's name), its items and the event's visible questions. Undefined when the
 * order or its event does not exist.
 */
export async function loadOrderContext(q: Queryable, eventId: string, shortId: string) {
  const [row] = await q
    .select({
      order: orders,
      event: events,
      organizerName: organizers.name,
      items: sql<OrderItemRow[]>`(
        select coalesce(json_agg(oi order by oi.ticket_name, oi.id), '[]'::json)
        from ${orderItems} oi where oi.order_id = ${orders.id})`,
      questions: sql<AskedQuestion[]>`(
        select coalesce(json_agg(json_build_object(
          'id', qu.id, 'type', qu.type, 'options', qu.options, 'required', qu.required,
          'belongs_to', qu.belongs_to, 'ticket_ids', qu.ticket_ids) order by qu.sort_order, qu.id), '[]'::json)
        from ${questions} qu where qu.event_id = ${events.id} and not qu.is_hidden)`,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.event_id))
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(orders.event_id, eventId), eq(orders.short_id, shortId), isNull(events.deleted_at)))
    .limit(1);
  if (!row) return undefined;
  return {
    order: row.order,
    event: { ...row.event, organizer_name: row.organizerName },
    items: row.items,
    questions: row.questions,
  };
}
export type OrderContext = NonNullable<Awaited<ReturnType<typeof loadOrderContext>>>;
