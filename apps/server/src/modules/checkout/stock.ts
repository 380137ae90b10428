import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client.ts';
import { type EventUsage, itemHoldsUnits, remainingFor } from '../tickets/availability.ts';

/**
 * The no-overselling core (DESIGN §5). Inside one transaction: lock the ticket rows, then the active
 * capacity assignments of those tickets, then the promo code row — always in that order and each set
 * ordered by id, so concurrent checkouts queue instead of deadlocking — and only then count what is
 * held. Under READ COMMITTED every statement after the locks sees the orders committed before them.
 *
 * A reservation does all of this inside the `checkout_reserve` database function (`reserveUnits`): one
 * round trip, no JavaScript while the locks are held. A late payment reviving an expired order
 * (confirmation.ts) does it statement by statement with `lockSellingRows` + `findShortage`.
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

export interface ReserveLine {
  ticket_id: string;
  price_id: string;
  quantity: number;
  ticket_name: string;
  price_label: string | null;
  unit_price_cents: number;
  unit_discount_cents: number;
  taxes_cents: number;
  fees_cents: number;
  total_cents: number;
  taxes_and_fees: unknown[];
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

export interface InsertedOrder {
  orderId: string;
  reservedUntil: Date;
  createdAt: Date;
  /** Order item id per price id. */
  itemIds: Map<string, string>;
}

/** Why the locked re-check refused the order; `ticketId` names the line at fault. */
export type ReserveProblem =
  | { problem: 'PROMO_CODE_INVALID' }
  | {
      problem:
        | 'SOLD_OUT'
        | 'TICKET_UNAVAILABLE'
        | 'SALE_NOT_STARTED'
        | 'SALE_ENDED'
        | 'MIN_PER_ORDER'
        | 'MAX_PER_ORDER';
      ticketId: string;
    };

type RawAnswer =
  | { problem: ReserveProblem['problem']; ticket_id: string }
  | { error: string }
  | {
      order_id: string;
      reserved_until: string;
      created_at: string;
      items: { id: string; price_id: string }[];
    };

interface Waiting {
  payload: NewOrder & { lines: ReserveLine[] };
  resolve: (answer: RawAnswer) => void;
  reject: (err: unknown) => void;
}

/**
 * At most this many orders per call: each is a subtransaction, and PostgreSQL keeps up to 64 per
 * transaction cheaply.
 */
const MAX_BATCH = 32;

/**
 * Calls in flight per key: the second waits for the row locks inside PostgreSQL and starts the moment
 * the first commits, instead of after this process has handled the first answer.
 */
const MAX_IN_FLIGHT = 2;

/**
 * Batches the locked part of reservations of the same tickets and promo code. While calls of
 * `checkout_reserve` are in flight for a key, the reservations that arrive wait and go together in the
 * next call: alone, a reservation goes at once; in a flash sale, one lock acquisition and one commit
 * serve many buyers instead of each queueing for the row lock and its own disk flush. Every order is
 * still checked on its own, under the locks, after the orders before it were written.
 */
class ReserveBatcher {
  private waiting = new Map<string, Waiting[]>();
  private inFlight = new Map<string, number>();

  constructor(
    private q: Queryable,
    private unsafeNoLocks: boolean,
  ) {}

  submit(key: string, payload: Waiting['payload']): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(key) ?? [];
      queue.push({ payload, resolve, reject });
      this.waiting.set(key, queue);
      if ((this.inFlight.get(key) ?? 0) < MAX_IN_FLIGHT) void this.drain(key);
    });
  }

  private async drain(key: string) {
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    for (;;) {
      const queue = this.waiting.get(key) ?? [];
      const batch = queue.splice(0, MAX_BATCH);
      if (batch.length === 0) break;
      try {
        const answers = await this.call(batch.map((w) => w.payload));
        batch.forEach((w, i) => w.resolve(answers[i]));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    const left = (this.inFlight.get(key) ?? 1) - 1;
    if (left > 0) {
      this.inFlight.set(key, left);
    } else {
      this.inFlight.delete(key);
      this.waiting.delete(key);
    }
  }

  private async call(orders: Waiting['payload'][]): Promise<RawAnswer[]> {
    const arg = JSON.stringify({ orders, unsafe_no_locks: this.unsafeNoLocks });
    const [{ answers }] = rowsOf<{ answers: RawAnswer[] | string }>(
      await this.q.execute(sql`select checkout_reserve(${arg}::jsonb) as answers`),
    );
    return typeof answers === 'string' ? JSON.parse(answers) : answers;
  }
}

const batchers = new WeakMap<Queryable, Map<boolean, ReserveBatcher>>();

function batcherFor(q: Queryable, unsafeNoLocks: boolean): ReserveBatcher {
  const byMode = batchers.get(q) ?? new Map<boolean, ReserveBatcher>();
  batchers.set(q, byMode);
  const found = byMode.get(unsafeNoLocks);
  if (found) return found;
  const created = new ReserveBatcher(q, unsafeNoLocks);
  byMode.set(unsafeNoLocks, created);
  return created;
}

/**
 * The locked part of a reservation: the `checkout_reserve` database function (migration 0003) locks
 * tickets → capacity assignments → promo code, re-checks every limit against the locked rows (tier
 * quantity, capacity, promo max uses and expiry, sale windows, min/max per order) with the units held
 * now, and writes the order and its lines — or answers the first problem. It runs as one statement in
 * its own transaction, batched with concurrent reservations of the same tickets (`ReserveBatcher`), so
 * the locks are held only while PostgreSQL works, never while this process waits for its event loop.
 * `unsafeNoLocks` (test builds' race control) skips the locks and the re-check: the order is written on
 * the strength of the unlocked count made before.
 */
export async function reserveUnits(
  q: Queryable,
  order: NewOrder,
  lines: ReserveLine[],
  opts: { unsafeNoLocks?: boolean } = {},
): Promise<InsertedOrder | ReserveProblem> {
  const key = `${[...new Set(lines.map((l) => l.ticket_id))].sort().join(',')}|${order.promo_code_id ?? ''}`;
  const answer = await batcherFor(q, opts.unsafeNoLocks ?? false).submit(key, { ...order, lines });
  if ('error' in answer) throw new Error(`checkout_reserve failed: ${answer.error}`);
  if ('problem' in answer) {
    return answer.problem === 'PROMO_CODE_INVALID'
      ? { problem: answer.problem }
      : { problem: answer.problem, ticketId: answer.ticket_id };
  }
  return {
    orderId: answer.order_id,
    reservedUntil: new Date(answer.reserved_until),
    createdAt: new Date(answer.created_at),
    itemIds: new Map(answer.items.map((i) => [i.price_id, i.id])),
  };
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
