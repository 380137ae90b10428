import { randomUUID } from 'node:crypto';
import type { EventStatus, OrderStatus } from '@taquilla/shared';
import type { EventStats } from '@taquilla/shared/schemas/events';
import { and, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import {
  capacityAssignments,
  capacityAssignmentTickets,
  checkInLists,
  events,
  orders,
  organizers,
  promoCodes,
  questions,
  ticketPrices,
  tickets,
  ticketTaxes,
} from '../../db/schema/index.ts';
import { newShortId } from '../../lib/ids.ts';
import { type ListParams, type ListSpec, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';
import type { RefundRowStatus } from '../order-lifecycle/order-lifecycle.ts';
import { moneyRows, moneySums, revenue } from '../order-lifecycle/order-money.ts';

export type EventRow = typeof events.$inferSelect;
export type EventWithOrganizer = EventRow & { organizer_name: string };

export const eventListSpec: ListSpec = {
  sortable: {
    start_date: events.start_date,
    name: events.name,
    created_at: events.created_at,
    updated_at: events.updated_at,
  },
  defaultSort: { by: 'start_date', direction: 'asc' },
  filterable: {
    status: { column: events.status, operators: ['eq', 'ne', 'in'] },
    organizer_id: { column: events.organizer_id, operators: ['eq'], type: 'uuid' },
    start_date: { column: events.start_date, operators: ['gt', 'gte', 'lt', 'lte'], type: 'date' },
  },
  extraParams: ['eventsState', 'events_state'],
};

const endsAt = sql`coalesce(${events.end_date}, ${events.start_date})`;

/** A state of the list, as the service defines it: these statuses, ending (end or start) after or before now. */
export type EventStateFilter = { statuses: readonly EventStatus[]; ends?: 'future' | 'past' };

const stateCondition = ({ statuses, ends }: EventStateFilter) =>
  and(
    inArray(events.status, [...statuses]),
    ends === 'future' ? sql`${endsAt} >= now()` : ends === 'past' ? sql`${endsAt} < now()` : undefined,
  );

const owned = (accountId: string) => and(eq(events.account_id, accountId), isNull(events.deleted_at));
const withOrganizer = { event: events, organizer_name: organizers.name };

export async function listEvents(
  q: Queryable,
  accountId: string,
  params: ListParams,
  state: EventStateFilter | undefined,
  organizerIds: string[] | null,
) {
  const where = and(
    owned(accountId),
    organizerIds ? inArray(events.organizer_id, organizerIds) : undefined,
    params.where,
    state ? stateCondition(state) : undefined,
    params.query ? ilike(events.name, likePattern(params.query)) : undefined,
  );
  const rows = await q
    .select(withOrganizer)
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(where)
    .orderBy(params.orderBy, events.id)
    .limit(params.perPage)
    .offset(params.offset);
  const { total } = one(await q.select({ total: count() }).from(events).where(where));
  return { rows: rows.map((r) => ({ ...r.event, organizer_name: r.organizer_name })), total };
}

export async function findEvent(
  q: Queryable,
  accountId: string,
  id: string,
): Promise<EventWithOrganizer | undefined> {
  const [row] = await q
    .select(withOrganizer)
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(owned(accountId), eq(events.id, id)));
  return row ? { ...row.event, organizer_name: row.organizer_name } : undefined;
}

export async function insertEvent(q: Queryable, values: typeof events.$inferInsert) {
  return one(await q.insert(events).values(values).returning());
}

export async function updateEvent(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof events.$inferInsert>,
) {
  const [row] = await q
    .update(events)
    .set(values)
    .where(and(owned(accountId), eq(events.id, id)))
    .returning();
  return row;
}

/**
 * Key figures from the orders in `statuses`, less their refunds in `refunds` (the three revenue figures;
 * `revenue_cents` is the net), one grouped query for any number of events.
 */
export async function statsFor(
  q: Queryable,
  accountId: string,
  eventIds: string[],
  statuses: readonly OrderStatus[],
  refunds: readonly RefundRowStatus[],
) {
  const stats = new Map<string, EventStats>();
  if (eventIds.length === 0) return stats;
  const ids = sql.join(
    eventIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{
    event_id: string;
    orders_count: number;
    tickets: string;
    gross: string;
    refunded: string;
  }>(
    await q.execute(sql`
      select m.event_id, ${moneySums}
      from ${moneyRows(sql`o.account_id = ${accountId} and o.event_id in (${ids})`, statuses, refunds)} m
      group by m.event_id`),
  );
  for (const r of rows) {
    const money = revenue(r.gross, r.refunded);
    stats.set(r.event_id, {
      tickets_sold: Number(r.tickets),
      orders_count: Number(r.orders_count),
      ...money,
      revenue_cents: money.net_revenue_cents,
    });
  }
  return stats;
}

export async function countTickets(q: Queryable, eventId: string) {
  const { n } = one(
    await q
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.event_id, eventId), isNull(tickets.deleted_at))),
  );
  return n;
}

/** Whether the event sells a ticket a buyer pays for: a price above 0 (not FREE) or a donation. */
export async function hasPaidTickets(q: Queryable, eventId: string) {
  const [row] = await q
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.event_id, eventId),
        isNull(tickets.deleted_at),
        sql`(${tickets.price_type} = 'DONATION' OR (${tickets.price_type} <> 'FREE' AND EXISTS (
          SELECT 1 FROM ${ticketPrices} WHERE ${ticketPrices.ticket_id} = ${tickets.id}
          AND ${ticketPrices.deleted_at} IS NULL AND ${ticketPrices.price_cents} > 0)))`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether the event has an order in `statuses`. */
export async function hasOrders(q: Queryable, eventId: string, statuses: readonly OrderStatus[]) {
  const [row] = await q
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.event_id, eventId), inArray(orders.status, [...statuses])))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether the event has an order a buyer or the organizer placed (completed, awaiting payment or
 * cancelled), or a reservation still running: then it is archived, never deleted.
 */
export async function hasPlacedOrHeldOrders(q: Queryable, eventId: string) {
  const [row] = await q
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.event_id, eventId),
        sql`(${orders.status} in ('COMPLETED', 'AWAITING_OFFLINE_PAYMENT', 'CANCELLED') or (${orders.status} = 'RESERVED' and ${orders.reserved_until} > now()))`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Locks the event's row until the transaction ends (a delete waits for reservations being written). */
export async function lockEvent(q: Queryable, accountId: string, eventId: string) {
  await q.execute(sql`select id from events where id = ${eventId} and account_id = ${accountId} for update`);
}

export async function deleteEvent(q: Queryable, accountId: string, eventId: string) {
  await q.delete(events).where(and(eq(events.id, eventId), eq(events.account_id, accountId)));
}

/** Copies of a row for another event: a new id, the new event id, fresh timestamps. */
function cloneRow<T extends { id: string; event_id: string }>(row: T, eventId: string) {
  const {
    id: _id,
    created_at: _c,
    updated_at: _u,
    ...rest
  } = row as T & { created_at?: Date; updated_at?: Date };
  return { ...rest, id: randomUUID(), event_id: eventId };
}

/** Copies live tickets with their live price tiers and tax links; returns old id → new id. */
export async function copyTickets(tx: Queryable, fromId: string, toId: string) {
  const map = new Map<string, string>();
  const rows = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.event_id, fromId), isNull(tickets.deleted_at)));
  if (rows.length === 0) return map;
  const copies = rows.map((row) => {
    const copy = cloneRow(row, toId);
    map.set(row.id, copy.id);
    return copy;
  });
  await tx.insert(tickets).values(copies);
  const prices = await tx
    .select()
    .from(ticketPrices)
    .where(and(eq(ticketPrices.event_id, fromId), isNull(ticketPrices.deleted_at)));
  const livePrices = prices.filter((p) => map.has(p.ticket_id));
  if (livePrices.length) {
    await tx
      .insert(ticketPrices)
      .values(livePrices.map((p) => ({ ...cloneRow(p, toId), ticket_id: map.get(p.ticket_id)! })));
  }
  const taxes = await tx
    .select()
    .from(ticketTaxes)
    .where(inArray(ticketTaxes.ticket_id, [...map.keys()]));
  if (taxes.length) {
    await tx
      .insert(ticketTaxes)
      .values(taxes.map((t) => ({ ticket_id: map.get(t.ticket_id)!, tax_id: t.tax_id })));
  }
  return map;
}

/**
 * Ticket lists of copied rows point at the new tickets. A row limited to tickets that were not copied
 * is skipped: widening it to every ticket would change what it means.
 */
function remapTicketIds(ids: string[], map: Map<string, string>): string[] | null {
  if (ids.length === 0) return [];
  const mapped = ids.map((id) => map.get(id)).filter((id): id is string => Boolean(id));
  return mapped.length ? mapped : null;
}

export async function copyQuestions(
  tx: Queryable,
  fromId: string,
  toId: string,
  ticketMap: Map<string, string>,
) {
  const rows = await tx.select().from(questions).where(eq(questions.event_id, fromId));
  const copies = rows.flatMap((row) => {
    const ticket_ids = remapTicketIds(row.ticket_ids, ticketMap);
    return ticket_ids ? [{ ...cloneRow(row, toId), ticket_ids }] : [];
  });
  if (copies.length) await tx.insert(questions).values(copies);
}

export async function copyPromoCodes(
  tx: Queryable,
  fromId: string,
  toId: string,
  ticketMap: Map<string, string>,
) {
  const rows = await tx.select().from(promoCodes).where(eq(promoCodes.event_id, fromId));
  const copies = rows.flatMap((row) => {
    const ticket_ids = remapTicketIds(row.ticket_ids, ticketMap);
    return ticket_ids ? [{ ...cloneRow(row, toId), ticket_ids }] : [];
  });
  if (copies.length) await tx.insert(promoCodes).values(copies);
}

/**
 * Check-in lists with their tickets remapped, each under a new door link; their time windows are left
 * out (they belonged to the old dates) and, like every copy, no check-ins come along.
 */
export async function copyCheckInLists(
  tx: Queryable,
  fromId: string,
  toId: string,
  ticketMap: Map<string, string>,
) {
  const rows = await tx.select().from(checkInLists).where(eq(checkInLists.event_id, fromId));
  const copies = rows.flatMap((row) => {
    const ticket_ids = remapTicketIds(row.ticket_ids, ticketMap);
    if (!ticket_ids) return [];
    return [
      { ...cloneRow(row, toId), ticket_ids, short_id: newShortId('c'), activates_at: null, expires_at: null },
    ];
  });
  if (copies.length) await tx.insert(checkInLists).values(copies);
}

export async function copyCapacityAssignments(
  tx: Queryable,
  fromId: string,
  toId: string,
  ticketMap: Map<string, string>,
) {
  const rows = await tx.select().from(capacityAssignments).where(eq(capacityAssignments.event_id, fromId));
  if (rows.length === 0) return;
  const idMap = new Map<string, string>();
  const copies = rows.map((row) => {
    const copy = cloneRow(row, toId);
    idMap.set(row.id, copy.id);
    return copy;
  });
  await tx.insert(capacityAssignments).values(copies);
  const links = await tx
    .select()
    .from(capacityAssignmentTickets)
    .where(inArray(capacityAssignmentTickets.capacity_assignment_id, [...idMap.keys()]));
  const newLinks = links
    .filter((l) => ticketMap.has(l.ticket_id))
    .map((l) => ({
      capacity_assignment_id: idMap.get(l.capacity_assignment_id)!,
      ticket_id: ticketMap.get(l.ticket_id)!,
    }));
  if (newLinks.length) await tx.insert(capacityAssignmentTickets).values(newLinks);
}

/** What other modules need of an event they work under, when it is this account's and not deleted. */
export async function findOwnedEventSummary(q: Queryable, accountId: string, eventId: string) {
  const [event] = await q
    .select({
      id: events.id,
      account_id: events.account_id,
      currency: events.currency,
      timezone: events.timezone,
      slug: events.slug,
      status: events.status,
      organizer_id: events.organizer_id,
    })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.account_id, accountId), isNull(events.deleted_at)))
    .limit(1);
  return event;
}
