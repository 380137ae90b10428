import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { type EventUsage, itemHoldsUnits, remainingFor } from '../tickets/availability.ts';

/**
 * The no-overselling core (DESIGN §5). Inside one transaction: lock the ticket rows, then the active
 * capacity assignments of those tickets, then the promo code row — always in that order and each set
 * ordered by id, so concurrent checkouts queue instead of deadlocking — and only then count what is
 * held. Under READ COMMITTED every statement after the locks sees the orders committed before them.
 *
 * A reservation does all of this inside the `checkout_reserve` database function (`reserveUnits` in
 * reserve-units.ts): one round trip, no JavaScript while the locks are held. A late payment reviving an
 * expired order (confirmation.ts) does it statement by statement with `lockSellingRows` + `findShortage`.
 */
export interface StockLine {
  ticket_id: string;
  price_id: string;
  quantity: number;
}

export interface StockTicket {
  id: string;
  name: string;
  prices: { id: string; quantity: number | null }[];
}

export interface LockedRows {
  capacities: { id: string; name: string; capacity: number; ticketIds: string[] }[];
  /** Every ticket whose sales count against the same limits (the order's tickets and their capacity peers). */
  relatedTicketIds: string[];
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export async function lockSellingRows(
  tx: Tx,
  ticketIds: string[],
  promoCodeId: string | null,
  opts: { unsafeNoLocks?: boolean } = {},
): Promise<LockedRows> {
  const ids = [...new Set(ticketIds)].sort();
  const lock = opts.unsafeNoLocks ? sql`` : sql` for update`;
  await tx.execute(sql`select id from tickets where id in (${idList(ids)}) order by id${lock}`);
  // The capacity rows are locked (FOR UPDATE OF ca) and come back with all their tickets in one go.
  const rows = rowsOf<{ id: string; name: string; capacity: number; ticket_id: string }>(
    await tx.execute(sql`
      select ca.id, ca.name, ca.capacity, cat.ticket_id
      from capacity_assignments ca
      join capacity_assignment_tickets cat on cat.capacity_assignment_id = ca.id
      where ca.status = 'ACTIVE' and ca.id in (
        select capacity_assignment_id from capacity_assignment_tickets where ticket_id in (${idList(ids)}))
      order by ca.id, cat.ticket_id${opts.unsafeNoLocks ? sql`` : sql` for update of ca`}`),
  );
  const capacities = new Map<string, LockedRows['capacities'][number]>();
  for (const r of rows) {
    const entry = capacities.get(r.id) ?? { id: r.id, name: r.name, capacity: r.capacity, ticketIds: [] };
    entry.ticketIds.push(r.ticket_id);
    capacities.set(r.id, entry);
  }
  if (promoCodeId) await tx.execute(sql`select id from promo_codes where id = ${promoCodeId}${lock}`);
  return {
    capacities: [...capacities.values()],
    relatedTicketIds: [...new Set([...ids, ...rows.map((r) => r.ticket_id)])],
  };
}

/** Units held now per price tier and ticket, over the locked tickets and their capacity peers: one query. */
async function lockedUsage(tx: Tx, locked: LockedRows): Promise<EventUsage> {
  const held = rowsOf<{ price_id: string; ticket_id: string; units: number }>(
    await tx.execute(sql`
      select oi.price_id, oi.ticket_id, sum(oi.quantity)::int as units
      from order_items oi
      where oi.ticket_id in (${idList(locked.relatedTicketIds)}) and ${itemHoldsUnits}
      group by oi.price_id, oi.ticket_id`),
  );
  const byPrice = new Map<string, number>();
  const byTicket = new Map<string, number>();
  for (const row of held) {
    byPrice.set(row.price_id, (byPrice.get(row.price_id) ?? 0) + row.units);
    byTicket.set(row.ticket_id, (byTicket.get(row.ticket_id) ?? 0) + row.units);
  }
  const capacities = locked.capacities.map((c) => ({
    ...c,
    used: c.ticketIds.reduce((sum, id) => sum + (byTicket.get(id) ?? 0), 0),
  }));
  return { byPrice, byTicket, capacities };
}

/**
 * Whether `lines` still fit every limit: price tier quantity, capacity assignments (summed over the
 * order's tickets in the same assignment). Returns the first ticket that does not fit, or null.
 * Call after `lockSellingRows` in the same transaction.
 */
export async function findShortage(
  tx: Tx,
  tickets: StockTicket[],
  lines: StockLine[],
  locked: LockedRows,
): Promise<StockTicket | null> {
  return shortageIn(await lockedUsage(tx, locked), tickets, lines);
}

/**
 * Tickets the locked check lately refused as sold out, in this process. The unlocked early refusal needs
 * a count of the ticket's held units — work that only pays off once a ticket has sold out — so it runs
 * only for these tickets; every other reservation goes straight to the locked check, which decides anyway.
 */
const SOLD_OUT_HINT_MS = 10_000;
const soldOutAt = new Map<string, number>();

export function noteSoldOut(ticketId: string) {
  if (soldOutAt.size > 10_000) soldOutAt.clear();
  soldOutAt.set(ticketId, Date.now());
}

export function soldOutLately(ticketId: string): boolean {
  const at = soldOutAt.get(ticketId);
  return at !== undefined && Date.now() - at < SOLD_OUT_HINT_MS;
}

/**
 * The first ticket of `lines` that does not fit what `usage` says is left, or null. Unlocked usage makes
 * it a hint for refusing early, never a reason to accept.
 */
export function shortageIn(
  usage: EventUsage,
  tickets: StockTicket[],
  lines: StockLine[],
): StockTicket | null {
  const byPrice = new Map<string, number>();
  const byTicket = new Map<string, number>();
  for (const l of lines) {
    byPrice.set(l.price_id, (byPrice.get(l.price_id) ?? 0) + l.quantity);
    byTicket.set(l.ticket_id, (byTicket.get(l.ticket_id) ?? 0) + l.quantity);
  }
  for (const ticket of tickets) {
    const wanted = byTicket.get(ticket.id);
    if (!wanted) continue;
    const left = remainingFor(ticket, usage);
    if (left.ticket !== null && wanted > left.ticket) return ticket;
    for (const price of ticket.prices) {
      const want = byPrice.get(price.id) ?? 0;
      const priceLeft = left.byPrice.get(price.id);
      if (want > 0 && priceLeft !== null && priceLeft !== undefined && want > priceLeft) return ticket;
    }
  }
  for (const capacity of usage.capacities) {
    const wanted = capacity.ticketIds.reduce((sum, id) => sum + (byTicket.get(id) ?? 0), 0);
    if (wanted > 0 && capacity.used + wanted > capacity.capacity) {
      return tickets.find((t) => capacity.ticketIds.includes(t.id) && byTicket.has(t.id)) ?? null;
    }
  }
  return null;
}
