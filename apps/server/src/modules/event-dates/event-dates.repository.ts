import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { eventDatePrices, eventDates, events, orders, ticketPrices, tickets } from '../../db/schema/index.ts';
import type { ListParams } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export type EventDateRow = typeof eventDates.$inferSelect;

export const eventDateListSpec = {
  sortable: { starts_at: eventDates.starts_at, created_at: eventDates.created_at },
  defaultSort: { by: 'starts_at', direction: 'asc' as const },
  filterable: {
    status: { column: eventDates.status, operators: ['eq' as const, 'in' as const] },
    starts_at: {
      column: eventDates.starts_at,
      operators: ['gte' as const, 'lt' as const],
      type: 'date' as const,
    },
  },
};

const scope = (accountId: string, eventId: string) =>
  and(eq(eventDates.account_id, accountId), eq(eventDates.event_id, eventId));

export async function listDates(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const where = and(scope(accountId, eventId), params.where);
  const [rows, totals] = await Promise.all([
    q
      .select()
      .from(eventDates)
      .where(where)
      .orderBy(params.orderBy, asc(eventDates.id))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: count() }).from(eventDates).where(where),
  ]);
  return { rows, total: one(totals).total };
}

/** Serialises changes to one event's dates (the 5,000 cap holds under concurrent creations). */
export async function lockEvent(q: Queryable, eventId: string) {
  await q.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
}

export async function countDates(q: Queryable, accountId: string, eventId: string) {
  return one(await q.select({ n: count() }).from(eventDates).where(scope(accountId, eventId))).n;
}

export async function findDate(q: Queryable, accountId: string, eventId: string, id: string) {
  const [row] = await q
    .select()
    .from(eventDates)
    .where(and(scope(accountId, eventId), eq(eventDates.id, id)));
  return row;
}

export async function findDates(q: Queryable, accountId: string, eventId: string, ids: string[]) {
  return q
    .select()
    .from(eventDates)
    .where(and(scope(accountId, eventId), inArray(eventDates.id, ids)))
    .for('update');
}

export async function insertDates(q: Queryable, values: (typeof eventDates.$inferInsert)[]) {
  if (values.length === 0) return [];
  return q.insert(eventDates).values(values).returning({ id: eventDates.id });
}

/** The start instants (ms) of the event's dates, but those in `except`. */
export async function startsOf(q: Queryable, eventId: string, except: string[] = []) {
  const rows = await q
    .select({ id: eventDates.id, starts_at: eventDates.starts_at })
    .from(eventDates)
    .where(eq(eventDates.event_id, eventId));
  const skip = new Set(except);
  return new Set(rows.filter((r) => !skip.has(r.id)).map((r) => r.starts_at.getTime()));
}

export async function updateDate(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof eventDates.$inferInsert>,
) {
  return one(
    await q
      .update(eventDates)
      .set(values)
      .where(and(eq(eventDates.account_id, accountId), eq(eventDates.id, id)))
      .returning(),
  );
}

/** Several dates at once: a shift of both ends, and/or a capacity, status or sale window end. */
export async function updateDates(
  q: Queryable,
  accountId: string,
  ids: string[],
  change: {
    shiftMinutes?: number;
    capacity?: number | null;
    status?: EventDateRow['status'];
    saleStartsAt?: Date | null;
    saleEndsAt?: Date | null;
  },
) {
  const set: Record<string, SQL | number | null | string | Date> = { updated_at: sql`now()` };
  if (change.shiftMinutes) {
    const shift = sql`make_interval(mins => ${change.shiftMinutes})`;
    set.starts_at = sql`${eventDates.starts_at} + ${shift}`;
    set.ends_at = sql`${eventDates.ends_at} + ${shift}`;
  }
  if (change.capacity !== undefined) set.capacity = change.capacity;
  if (change.status !== undefined) set.status = change.status;
  if (change.saleStartsAt !== undefined) set.sale_starts_at = change.saleStartsAt;
  if (change.saleEndsAt !== undefined) set.sale_ends_at = change.saleEndsAt;
  const rows = await q
    .update(eventDates)
    .set(set)
    .where(and(eq(eventDates.account_id, accountId), inArray(eventDates.id, ids)))
    .returning({ id: eventDates.id });
  return rows.length;
}

export async function countOrdersOfDate(q: Queryable, dateId: string) {
  return one(await q.select({ n: count() }).from(orders).where(eq(orders.event_date_id, dateId))).n;
}

export async function deleteDate(q: Queryable, accountId: string, id: string) {
  await q.delete(eventDates).where(and(eq(eventDates.account_id, accountId), eq(eventDates.id, id)));
}

/** Dates by id (callers pass ids read from their own account-scoped rows). */
export async function selectDatesById(q: Queryable, ids: string[]) {
  return q
    .select({
      id: eventDates.id,
      starts_at: eventDates.starts_at,
      ends_at: eventDates.ends_at,
      location: eventDates.location,
    })
    .from(eventDates)
    .where(inArray(eventDates.id, ids));
}

/** How many of these ids are dates of this event of the account. */
export async function countDatesOf(q: Queryable, accountId: string, eventId: string, ids: string[]) {
  return one(
    await q
      .select({ n: count() })
      .from(eventDates)
      .where(and(scope(accountId, eventId), inArray(eventDates.id, ids))),
  ).n;
}

export interface DatePrice {
  price_id: string;
  price_cents: number;
}

/** The own prices of these dates (ids read from the account's own rows), by date. */
export async function pricesOf(q: Queryable, dateIds: string[]) {
  const byDate = new Map<string, DatePrice[]>();
  if (dateIds.length === 0) return byDate;
  const rows = await q
    .select({
      event_date_id: eventDatePrices.event_date_id,
      price_id: eventDatePrices.price_id,
      price_cents: eventDatePrices.price_cents,
    })
    .from(eventDatePrices)
    .where(inArray(eventDatePrices.event_date_id, dateIds))
    .orderBy(asc(eventDatePrices.event_date_id), asc(eventDatePrices.price_id));
  for (const { event_date_id, ...price } of rows) {
    const list = byDate.get(event_date_id) ?? [];
    list.push(price);
    byDate.set(event_date_id, list);
  }
  return byDate;
}

/** The ids among `priceIds` that are live prices of this event's live tickets, with their ticket's type. */
export async function eventPrices(q: Queryable, accountId: string, eventId: string, priceIds: string[]) {
  if (priceIds.length === 0) return new Map<string, string>();
  const rows = await q
    .select({ id: ticketPrices.id, price_type: tickets.price_type })
    .from(ticketPrices)
    .innerJoin(tickets, eq(tickets.id, ticketPrices.ticket_id))
    .where(
      and(
        eq(tickets.account_id, accountId),
        eq(tickets.event_id, eventId),
        eq(ticketPrices.event_id, eventId),
        inArray(ticketPrices.id, priceIds),
        isNull(ticketPrices.deleted_at),
        isNull(tickets.deleted_at),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.price_type as string]));
}

/** The dates' own prices become `prices` (all of them the same; an empty list removes them). */
export async function replacePrices(q: Queryable, accountId: string, dateIds: string[], prices: DatePrice[]) {
  if (dateIds.length === 0) return;
  await q
    .delete(eventDatePrices)
    .where(and(eq(eventDatePrices.account_id, accountId), inArray(eventDatePrices.event_date_id, dateIds)));
  const values = dateIds.flatMap((event_date_id) =>
    prices.map((p) => ({
      account_id: accountId,
      event_date_id,
      price_id: p.price_id,
      price_cents: p.price_cents,
    })),
  );
  // In slices: 5,000 dates times a few prices stays under the statement's parameter limit.
  for (let i = 0; i < values.length; i += 5000) {
    await q.insert(eventDatePrices).values(values.slice(i, i + 5000));
  }
}
