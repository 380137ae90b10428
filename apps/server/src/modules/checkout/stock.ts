import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client.ts';
import { type EventUsage, loadEventUsage, orderHoldsUnits, remainingFor } from '../tickets/availability.ts';

/**
 * The no-overselling core (DESIGN §5). Inside one transaction: lock the ticket rows, then the active
 * capacity assignments of those tickets, then the promo code row — always in that order and each set
 * ordered by id, so concurrent checkouts queue instead of deadlocking — and only then count what is
 * held. Under READ COMMITTED every statement after the locks sees the orders committed before them.
 *
 * Every round trip made while the locks are held is time other buyers of the same ticket wait, so the
 * locked part is three statements: capacities (with their tickets), promo code, and one count.
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
      from order_items oi join orders on orders.id = oi.order_id
      where oi.ticket_id in (${idList(locked.relatedTicketIds)}) and ${orderHoldsUnits}
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
  const usage = await lockedUsage(tx, locked);
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

export interface ReserveLine {
  ticket_id: string;
  price_id: string;
  quantity: number;
  /** The tier's quantity (null = unlimited). */
  limit: number | null;
  ticket_name: string;
  price_label: string | null;
  unit_price_cents: number;
  unit_discount_cents: number;
  taxes_cents: number;
  fees_cents: number;
  total_cents: number;
  taxes_and_fees: unknown[];
}

export interface InsertedOrder {
  orderId: string;
  reservedUntil: Date;
  createdAt: Date;
  /** Order item id per price id. */
  itemIds: Map<string, string>;
}

export interface NewOrder {
  short_id: string;
  account_id: string;
  event_id: string;
  timeout_minutes: number;
  locale: string;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  taxes_cents: number;
  fees_cents: number;
  total_cents: number;
  promo_code_id: string | null;
  promo_code: string | null;
  affiliate_id: string | null;
}

/**
 * Counts what is held and writes the order and its lines in ONE statement, after `lockSellingRows`
 * (a later statement, so its snapshot sees every order committed before the locks were granted). Each
 * limit — a tier's quantity, an active capacity assignment — becomes a row of `needs`; the insert happens
 * only when no need goes over its limit. Returns the new order's id, or the name of a ticket that does
 * not fit.
 */
export async function insertIfUnitsFit(
  tx: Tx,
  order: NewOrder,
  lines: ReserveLine[],
  locked: LockedRows,
  opts: { unsafeNoLocks?: boolean } = {},
): Promise<InsertedOrder | { soldOut: string }> {
  const needs: { ids: string[]; wanted: number; limit: number; name: string }[] = [];

  for (const l of lines) {
    if (l.limit !== null)
      needs.push({ ids: [l.price_id], wanted: l.quantity, limit: l.limit, name: l.ticket_name });
  }
  for (const c of locked.capacities) {
    const inside = lines.filter((l) => c.ticketIds.includes(l.ticket_id));
    const wanted = inside.reduce((n, l) => n + l.quantity, 0);
    if (wanted > 0) needs.push({ ids: c.ticketIds, wanted, limit: c.capacity, name: inside[0].ticket_name });
  }
  if (opts.unsafeNoLocks) {
    // The race control (test builds only): the naive "count, then write" in two statements, unguarded.
    const usage = await lockedUsage(tx, locked);
    for (const n of needs) {
      const held = n.ids.reduce((sum, id) => sum + (usage.byPrice.get(id) ?? usage.byTicket.get(id) ?? 0), 0);
      if (held + n.wanted > n.limit) return { soldOut: n.name };
    }
    needs.length = 0;
  }
  const needRows = needs.length
    ? sql.join(
        needs.map(
          (n) => sql`(array[${idList(n.ids)}]::uuid[], ${n.wanted}::int, ${n.limit}::int, ${n.name}::text)`,
        ),
        sql`, `,
      )
    : sql`(array[]::uuid[], 0, 0, '')`;
  const itemRows = sql.join(
    lines.map(
      (l) => sql`(${l.ticket_id}::uuid, ${l.price_id}::uuid, ${l.ticket_name}::text, ${l.price_label}::text,
        ${l.quantity}::int, ${l.unit_price_cents}::int, ${l.unit_discount_cents}::int, ${l.taxes_cents}::int,
        ${l.fees_cents}::int, ${l.total_cents}::int, ${JSON.stringify(l.taxes_and_fees)}::jsonb)`,
    ),
    sql`, `,
  );
  // Price ids and ticket ids are both uuids, so one `ids` array can name either kind of unit.
  const [row] = rowsOf<{
    order_id: string | null;
    reserved_until: string | Date | null;
    created_at: string | Date | null;
    items: { id: string; price_id: string }[] | string | null;
    sold_out: string | null;
  }>(
    await tx.execute(sql`
      with held as (
        select oi.price_id, oi.ticket_id, sum(oi.quantity)::int as units
        from order_items oi join orders on orders.id = oi.order_id
        where oi.ticket_id in (${idList(locked.relatedTicketIds)}) and ${orderHoldsUnits}
        group by oi.price_id, oi.ticket_id
      ),
      needs (ids, wanted, lim, name) as (values ${needRows}),
      short as (
        select n.name from needs n
        where n.wanted > 0 and n.wanted + coalesce(
          (select sum(h.units) from held h where h.price_id = any(n.ids) or h.ticket_id = any(n.ids)), 0) > n.lim
        limit 1
      ),
      new_order as (
        insert into orders (short_id, account_id, event_id, status, reserved_until, locale, currency,
          subtotal_cents, discount_cents, taxes_cents, fees_cents, total_cents, promo_code_id, promo_code,
          affiliate_id)
        select ${order.short_id}, ${order.account_id}::uuid, ${order.event_id}::uuid, 'RESERVED',
          now() + make_interval(mins => ${order.timeout_minutes}::int), ${order.locale}, ${order.currency},
          ${order.subtotal_cents}::int, ${order.discount_cents}::int, ${order.taxes_cents}::int,
          ${order.fees_cents}::int, ${order.total_cents}::int, ${order.promo_code_id}::uuid,
          ${order.promo_code}::text, ${order.affiliate_id}::uuid
        where not exists (select 1 from short)
        returning id, reserved_until, created_at
      ),
      new_items as (
        insert into order_items (order_id, event_id, ticket_id, price_id, ticket_name, price_label, quantity,
          unit_price_cents, unit_discount_cents, taxes_cents, fees_cents, total_cents, taxes_and_fees)
        select new_order.id, ${order.event_id}::uuid, v.* from new_order cross join (values ${itemRows})
          as v (ticket_id, price_id, ticket_name, price_label, quantity, unit_price_cents, unit_discount_cents,
            taxes_cents, fees_cents, total_cents, taxes_and_fees)
        returning id, price_id
      )
      select o.id as order_id, o.reserved_until, o.created_at, o_items.items, s.name as sold_out
      from (select 1) one
      left join new_order o on true
      left join short s on true
      left join (select json_agg(json_build_object('id', id, 'price_id', price_id)) as items from new_items) o_items
        on true`),
  );
  if (!row.order_id) return { soldOut: row.sold_out ?? lines[0].ticket_name };
  const items = typeof row.items === 'string' ? JSON.parse(row.items) : (row.items ?? []);
  return {
    orderId: row.order_id,
    reservedUntil: new Date(row.reserved_until as string),
    createdAt: new Date(row.created_at as string),
    itemIds: new Map((items as { id: string; price_id: string }[]).map((i) => [i.price_id, i.id])),
  };
}

/** The same check without locks: a hint for refusing early, never a reason to accept. */
export async function findShortageUnlocked(
  q: Queryable,
  eventId: string,
  tickets: StockTicket[],
  lines: StockLine[],
): Promise<StockTicket | null> {
  const usage = await loadEventUsage(q, eventId, [...new Set(lines.map((l) => l.ticket_id))]);
  for (const ticket of tickets) {
    const wanted = lines.filter((l) => l.ticket_id === ticket.id).reduce((n, l) => n + l.quantity, 0);
    if (wanted === 0) continue;
    const left = remainingFor(ticket, usage);
    if (left.ticket !== null && wanted > left.ticket) return ticket;
  }
  return null;
}
