import type { Queryable } from '../../db/client.ts';
import { at } from '../../lib/rows.ts';
import { callCheckoutReserve } from './checkout.repository.ts';

// The locked part of every hold on units, batched (`reserveUnits` below). The rules it enforces (DESIGN §5)
// are written in the `checkout_reserve` database function (migrations 0003, 0005) and `stock_levels`.

/** One line of the order to write, priced. */
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

/** What is written of a new order (its totals come from `orderTotals` of `@taquilla/shared/pricing`). */
export interface NewOrder {
  short_id: string;
  account_id: string;
  event_id: string;
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
  /** The date bought, on an event with dates (#27); null on a single-date event. */
  event_date_id: string | null;
}

/** The status a hold gives its order: RESERVED for `hold_minutes`, or one that holds the units for good. */
export type HoldStatus = 'RESERVED' | 'COMPLETED' | 'AWAITING_OFFLINE_PAYMENT';

/** One entry of a `checkout_reserve` call: a new order, or an existing order to hold again. */
export type HoldPayload =
  | (NewOrder & {
      lines: ReserveLine[];
      status: HoldStatus;
      hold_minutes: number;
      is_manual: boolean;
      organizer: boolean;
    } & Partial<Holder>)
  | { order_id: string; status: HoldStatus; hold_minutes: number };

/** A buyer's reservation: who holds it (`holderKey`) and how many units that holder may hold in all. */
export interface Holder {
  held_by: string;
  max_units_held: number;
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
  /** The order's date is no longer on sale (cancelled, hidden, sold out or started meanwhile). */
  | { problem: 'DATE_UNAVAILABLE' }
  /** The holder's live reservations of the event and this one together pass its limit. */
  | { problem: 'HOLDER_LIMIT'; held: number }
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
  | { problem: 'HOLDER_LIMIT'; held: number }
  | { problem: Exclude<ReserveProblem['problem'], 'HOLDER_LIMIT'>; ticket_id: string }
  | { error: string }
  | {
      order_id: string;
      reserved_until: string;
      created_at: string;
      items: { id: string; price_id: string }[];
    };

interface Waiting {
  payload: HoldPayload;
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
        for (const [i, w] of batch.entries()) w.resolve(at(answers, i));
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

  private async call(orders: HoldPayload[]): Promise<RawAnswer[]> {
    const answers = await callCheckoutReserve(this.q, { orders, unsafe_no_locks: this.unsafeNoLocks });
    return answers as RawAnswer[];
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
 * The locked part of a hold (`holdUnits` in checkout.service.ts says who calls it and how): the
 * `checkout_reserve` database function locks tickets → event dates → capacity assignments → promo code
 * (migration 0032: stock per date), re-checks every
 * limit against the locked rows with `stock_levels` and `promo_code_levels` (tier quantity, capacity,
 * promo max uses and expiry, sale windows, min/max per order) and writes the order — or answers the first
 * problem. It runs as one statement, batched with concurrent holds of the same tickets and promo code
 * (`ReserveBatcher`, per Queryable: a transaction gets its own), so the locks are held only while
 * PostgreSQL works, never while this process waits for its event loop. For an existing order the key
 * is its id: its tickets are read inside the function. `unsafeNoLocks` (test builds' race control)
 * skips the locks and the re-check.
 */
export async function reserveUnits(
  q: Queryable,
  payload: HoldPayload,
  opts: { unsafeNoLocks?: boolean } = {},
): Promise<InsertedOrder | ReserveProblem> {
  const key =
    'order_id' in payload
      ? `order:${payload.order_id}`
      : `${[...new Set(payload.lines.map((l) => l.ticket_id))].sort().join(',')}|${payload.promo_code_id ?? ''}|${payload.event_date_id ?? ''}`;
  const answer = await batcherFor(q, opts.unsafeNoLocks ?? false).submit(key, payload);
  if ('error' in answer) throw new Error(`checkout_reserve failed: ${answer.error}`);
  if ('problem' in answer) {
    if (answer.problem === 'HOLDER_LIMIT') return answer;
    return answer.problem === 'PROMO_CODE_INVALID' || answer.problem === 'DATE_UNAVAILABLE'
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
