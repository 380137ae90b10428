import type { OrderStatus } from '@taquilla/shared';
import type { WaitlistState } from '@taquilla/shared/schemas/waitlist';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import {
  eventDates,
  orders,
  ticketPrices,
  tickets,
  waitlistEntries,
  waitlistSettings,
} from '../../db/schema/index.ts';
import { type ListParams, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

type NewEntry = typeof waitlistEntries.$inferInsert;

/** Place among the waiting entries of the ticket and date (#27), in sign-up order. */
const position = sql<number | null>`case when ${waitlistEntries.state} = 'WAITING' then (
  select count(*)::int from waitlist_entries w
  where w.ticket_id = ${waitlistEntries.ticket_id} and w.state = 'WAITING'
    and w.event_date_id is not distinct from ${waitlistEntries.event_date_id}
    and (w.created_at, w.id) <= (${waitlistEntries.created_at}, ${waitlistEntries.id})) end`;

export const entryListSpec = {
  sortable: {
    created_at: waitlistEntries.created_at,
    email: waitlistEntries.email,
    state: waitlistEntries.state,
  },
  defaultSort: { by: 'created_at', direction: 'asc' as const },
  filterable: {
    state: { column: waitlistEntries.state, operators: ['eq' as const, 'in' as const] },
    ticket_id: { column: waitlistEntries.ticket_id, operators: ['eq' as const], type: 'uuid' as const },
    event_date_id: {
      column: waitlistEntries.event_date_id,
      operators: ['eq' as const, 'in' as const],
      type: 'uuid' as const,
    },
  },
};

const listColumns = {
  entry: waitlistEntries,
  ticket_name: tickets.name,
  price_label: ticketPrices.label,
  order_short_id: orders.short_id,
  position,
};

function listQuery(q: Queryable) {
  return q
    .select(listColumns)
    .from(waitlistEntries)
    .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticket_id))
    .innerJoin(ticketPrices, eq(ticketPrices.id, waitlistEntries.price_id))
    .leftJoin(orders, eq(orders.id, waitlistEntries.order_id));
}
export type ListedEntry = Awaited<ReturnType<typeof listQuery>>[number];

const scope = (accountId: string, eventId: string) =>
  and(eq(waitlistEntries.account_id, accountId), eq(waitlistEntries.event_id, eventId));

export async function listEntries(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const conditions: (SQL | undefined)[] = [scope(accountId, eventId), params.where];
  if (params.query) {
    const like = likePattern(params.query);
    conditions.push(
      or(
        ilike(waitlistEntries.email, like),
        ilike(waitlistEntries.first_name, like),
        ilike(waitlistEntries.last_name, like),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    listQuery(q)
      .where(where)
      .orderBy(params.orderBy, asc(waitlistEntries.created_at), asc(waitlistEntries.id))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: count() }).from(waitlistEntries).where(where),
  ]);
  return { rows, total: one(totals).total };
}

/** Every entry of the event for the CSV export, in sign-up order. */
export function allEntries(q: Queryable, accountId: string, eventId: string, limit: number) {
  return listQuery(q)
    .where(scope(accountId, eventId))
    .orderBy(asc(waitlistEntries.created_at), asc(waitlistEntries.id))
    .limit(limit);
}

export async function findListedEntry(q: Queryable, accountId: string, eventId: string, id: string) {
  const [row] = await listQuery(q)
    .where(and(scope(accountId, eventId), eq(waitlistEntries.id, id)))
    .limit(1);
  return row;
}

/** Inserts the entry unless the e-mail already waits for this tier (and date); `created` says which. */
export async function insertEntry(q: Queryable, values: NewEntry) {
  const [created] = await q.insert(waitlistEntries).values(values).onConflictDoNothing().returning();
  if (created) return { entry: created, created: true };
  const [existing] = await q
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.price_id, values.price_id),
        sql`${waitlistEntries.event_date_id} is not distinct from ${values.event_date_id ?? null}`,
        eq(waitlistEntries.email, values.email),
      ),
    );
  return { entry: one(existing ? [existing] : []), created: false };
}

export async function findByLeaveToken(q: Queryable, hash: string) {
  const [row] = await q.select().from(waitlistEntries).where(eq(waitlistEntries.leave_token_hash, hash));
  return row;
}

/** Writes an entry already found (filtered by its account and id). */
export async function setEntry(
  q: Queryable,
  entry: { id: string; account_id: string },
  values: Partial<NewEntry>,
) {
  await q
    .update(waitlistEntries)
    .set(values)
    .where(and(eq(waitlistEntries.account_id, entry.account_id), eq(waitlistEntries.id, entry.id)));
}

export async function deleteEntry(q: Queryable, accountId: string, id: string) {
  await q
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.account_id, accountId), eq(waitlistEntries.id, id)));
}

/**
 * Serializes the offers of one ticket across transactions and server processes (released at commit), so
 * two offer jobs never count the same free units.
 */
export async function lockTicketOffers(q: Queryable, ticketId: string) {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext(${`waitlist:${ticketId}`}))`);
}

/** The ticket's waiting entries (of every date), first signed up first. */
export function waitingEntries(q: Queryable, ticketId: string) {
  return q
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.ticket_id, ticketId), eq(waitlistEntries.state, 'WAITING')))
    .orderBy(asc(waitlistEntries.created_at), asc(waitlistEntries.id));
}

/**
 * Settles the offers (entries in `rule.offered`): those whose order is in `rule.sold` move to
 * `rule.purchased`; those whose order is neither sold nor an unexpired `rule.held` (expired, abandoned,
 * cancelled) move to `rule.expired`. Answers the tickets whose offers lapsed.
 */
export async function settleOffers(
  q: Queryable,
  rule: {
    sold: readonly OrderStatus[];
    held: OrderStatus;
    offered: WaitlistState;
    purchased: WaitlistState;
    expired: WaitlistState;
  },
): Promise<string[]> {
  await q.execute(sql`
    update waitlist_entries w set state = ${rule.purchased}, updated_at = now()
    from orders o
    where w.state = ${rule.offered} and o.id = w.order_id and o.status in ${rule.sold}`);
  const lapsed = rowsOf<{ ticket_id: string }>(
    await q.execute(sql`
      update waitlist_entries w set state = ${rule.expired}, updated_at = now()
      where w.state = ${rule.offered} and not exists (
        select 1 from orders o where o.id = w.order_id
          and (o.status in ${rule.sold}
            or (o.status = ${rule.held} and o.reserved_until > now())))
      returning w.ticket_id`),
  );
  return [...new Set(lapsed.map((r) => r.ticket_id))];
}

/** Tickets with someone waiting whose event offers automatically. */
export async function ticketsWithAutoOffers(q: Queryable): Promise<string[]> {
  const rows = rowsOf<{ ticket_id: string }>(
    await q.execute(sql`
      select distinct w.ticket_id from waitlist_entries w
      left join waitlist_settings s on s.event_id = w.event_id
      where w.state = 'WAITING' and coalesce(s.auto_offer, true)`),
  );
  return rows.map((r) => r.ticket_id);
}

export async function findSettings(q: Queryable, eventId: string) {
  const [row] = await q.select().from(waitlistSettings).where(eq(waitlistSettings.event_id, eventId));
  return row;
}

export async function saveSettings(q: Queryable, eventId: string, offerMinutes: number, autoOffer: boolean) {
  await q
    .insert(waitlistSettings)
    .values({ event_id: eventId, offer_minutes: offerMinutes, auto_offer: autoOffer })
    .onConflictDoUpdate({
      target: waitlistSettings.event_id,
      set: { offer_minutes: offerMinutes, auto_offer: autoOffer, updated_at: new Date() },
    });
}

/** The event of a live ticket, for offers and e-mails. */
export async function ticketEvent(q: Queryable, ticketId: string) {
  const rows = rowsOf<{
    event_id: string;
    account_id: string;
    event_name: string;
    timezone: string;
    ticket_name: string;
  }>(
    await q.execute(sql`
      select t.event_id, t.account_id, e.name as event_name, e.timezone, t.name as ticket_name
      from tickets t join events e on e.id = t.event_id
      where t.id = ${ticketId} and t.deleted_at is null`),
  );
  return rows[0];
}

export async function orderShortId(q: Queryable, accountId: string, orderId: string): Promise<string> {
  const [row] = await q
    .select({ short_id: orders.short_id })
    .from(orders)
    .where(and(eq(orders.account_id, accountId), eq(orders.id, orderId)));
  return one(row ? [row] : []).short_id;
}

export async function waitingTicketIds(q: Queryable, eventId: string): Promise<string[]> {
  const rows = await q
    .selectDistinct({ ticket_id: waitlistEntries.ticket_id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.event_id, eventId), eq(waitlistEntries.state, 'WAITING')));
  return rows.map((r) => r.ticket_id);
}

/** Whether the event has dates (#27): then every entry is for one of them. */
export async function eventHasDates(q: Queryable, eventId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: eventDates.id })
    .from(eventDates)
    .where(eq(eventDates.event_id, eventId))
    .limit(1);
  return row !== undefined;
}
