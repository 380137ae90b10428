import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { loadEventUsage, remainingFor } from '../tickets/availability.ts';

/**
 * The no-overselling core (DESIGN §5). Inside one transaction: lock the ticket rows, then the active
 * capacity assignments of those tickets, then the promo code row — always in that order and each set
 * ordered by id, so concurrent checkouts queue instead of deadlocking — and only then count what is
 * held. Under READ COMMITTED every statement after the locks sees the orders committed before them.
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
  const forUpdate = opts.unsafeNoLocks ? sql`` : sql` for update`;
  await tx.execute(sql`select id from tickets where id in (${idList(ids)}) order by id${forUpdate}`);
  const capacities = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from capacity_assignments
      where status = 'ACTIVE' and id in (
        select capacity_assignment_id from capacity_assignment_tickets where ticket_id in (${idList(ids)}))
      order by id${forUpdate}`),
  );
  let related = ids;
  if (capacities.length > 0) {
    const peers = rowsOf<{ ticket_id: string }>(
      await tx.execute(sql`
        select distinct ticket_id from capacity_assignment_tickets
        where capacity_assignment_id in (${idList(capacities.map((c) => c.id))})`),
    );
    related = [...new Set([...ids, ...peers.map((p) => p.ticket_id)])];
  }
  if (promoCodeId) {
    await tx.execute(sql`select id from promo_codes where id = ${promoCodeId}${forUpdate}`);
  }
  return { relatedTicketIds: related };
}

/**
 * Whether `lines` still fit every limit: price tier quantity, capacity assignments (summed over the
 * order's tickets in the same assignment). Returns the first ticket that does not fit, or null.
 * Call after `lockSellingRows` in the same transaction.
 */
export async function findShortage(
  tx: Tx,
  eventId: string,
  tickets: StockTicket[],
  lines: StockLine[],
  locked: LockedRows,
): Promise<StockTicket | null> {
  const usage = await loadEventUsage(tx, eventId, locked.relatedTicketIds);
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
