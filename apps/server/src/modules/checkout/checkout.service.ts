import type { Locale, PublicOrder } from '@taquilla/shared';
import { saleWindowState } from '@taquilla/shared/event-date-limits';
import { orderTotals, priceLine, promoUnlocks, withDatePrices } from '@taquilla/shared/pricing';
import {
  type CheckoutOrder,
  type CreateOrderInput,
  emailsMatch,
  type OrderDetailsInput,
} from '@taquilla/shared/schemas/checkout';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict, type FieldError, invalid, notFound } from '../../lib/errors.ts';
import { moneyParam } from '../../lib/i18n.ts';
import { newShortId } from '../../lib/ids.ts';
import { INVOICE_DETAILS_REQUIRED, invoiceDetailsRequired } from '../invoices/invoices.service.ts';
import type { OrderItemRow, OrderRow, PendingAttendee } from '../orders/orders.service.ts';
import * as orders from '../orders/orders.service.ts';
import { checkAnswers } from '../questions/answers.ts';
import { checkoutMessages as m } from './checkout.messages.ts';
import { presentCheckoutOrder } from './checkout.presenter.ts';
import type { EventRow, OrderContext, PromoRow, SellableTicket } from './checkout.repository.ts';
import * as repo from './checkout.repository.ts';
import { holderKey } from './holder.ts';
import { type ContextDate, loadReservationContext, type ReservationContext } from './reservation-context.ts';
import {
  type Holder,
  type HoldStatus,
  type InsertedOrder,
  type NewOrder,
  type ReserveLine,
  type ReserveProblem,
  reserveUnits,
} from './reserve-units.ts';
import { noteSoldOut, soldOutLately } from './sold-out-hint.ts';

export type { HoldStatus, InsertedOrder, NewOrder, ReserveLine, ReserveProblem };

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

export const ORDER_EXPIRED = 'ORDER_EXPIRED';
export const SOLD_OUT = 'SOLD_OUT';

/** The LIVE event a buyer may order from; anything else is "event unavailable". */
export async function sellingEvent(deps: Deps, eventId: string): Promise<EventRow> {
  const event = await repo.findEvent(deps.db, eventId);
  if (event?.status !== 'LIVE') throw notFound(m['checkout.event_unavailable']);
  return event;
}

/**
 * A hold on units: a new order, or an existing one held again. Its rules are the database's
 * (`checkout_reserve`, `stock_levels`), applied under the locks; see `holdUnits`.
 */
export type HoldRequest =
  | {
      order: NewOrder;
      lines: ReserveLine[];
      status: HoldStatus;
      /** RESERVED only: how long the units stay held, in minutes. */
      holdMinutes?: number;
      /**
       * A manual order: the order is flagged `is_manual`, and the buyer's rules (hidden tickets and
       * tiers, sale windows, min/max per order) do not apply. Stock limits always do.
       */
      byOrganizer?: boolean;
      /** A buyer's reservation: limited per holder (the address it came from). */
      holder?: Holder;
    }
  | {
      /** An existing order of the event, held again (its lines, promo code and tickets as stored). */
      orderId: string;
      status: HoldStatus;
      holdMinutes?: number;
    };

/**
 * THE entry point for every hold on units (DESIGN §5: "new holds go through the same function"). It
 * calls the `checkout_reserve` database function, which locks tickets → capacity assignments → promo
 * code, re-checks every limit with `stock_levels`/`promo_code_levels` (the functions the display reads)
 * counting the units held now, and writes — or answers the first problem (`ReserveProblem`, nothing
 * written). Calls for the same tickets and promo code made together share one locked call.
 *
 * - Checkout (`reserve` below): `{ order, lines, status: 'RESERVED', holdMinutes:
 *   event.order_timeout_minutes }` on `deps.db`.
 * - Late payment (confirmation.ts): `{ orderId, status: 'COMPLETED' }` inside the payment's transaction
 *   (`q` = that transaction, the order row already locked), then `completeOrder` in the same transaction.
 *   An order whose units still count is simply given the status; an expired one is re-checked like a new
 *   order — promo code max uses and expiry included.
 * - Manual order (organizer; the caller first checks the event is the account's): `const p = await
 *   priceOrder(deps, eventId, { tickets }, { byOrganizer: true })`, then inside one transaction
 *   `holdUnits(deps, { order: { ...p.order, short_id: newShortId('o'), locale }, lines: p.lines,
 *   status: 'COMPLETED' | 'AWAITING_OFFLINE_PAYMENT', byOrganizer: true }, tx)` followed by the
 *   attendees and e-mails (`completeOrder` / `holdForOfflinePayment`) in the same `tx`; a problem →
 *   roll back and answer with it (409 sold out, 422 otherwise).
 * - Waitlist offer: `priceOrder(deps, eventId, { tickets })` (the buyer's rules), then `holdUnits(deps,
 *   { order, lines, status: 'RESERVED', holdMinutes: offer timeout in minutes })` on `deps.db` — a
 *   RESERVED order held until the offer expires, which the buyer completes through the normal checkout
 *   (details, payment) with its short id; units held for an offer count like any reservation, so nobody
 *   else can take them. When the offer lapses the reservation simply expires (or set it ABANDONED to
 *   free the units at once).
 *
 * `q`: `deps.db` (its own transaction, batched) or the caller's transaction (the locks are then held
 * until it commits: keep it short).
 */
export async function holdUnits(
  deps: Pick<Deps, 'db' | 'config'>,
  request: HoldRequest,
  q: Queryable = deps.db,
): Promise<InsertedOrder | ReserveProblem> {
  const holdMinutes = request.holdMinutes ?? 0;
  const payload =
    'orderId' in request
      ? { order_id: request.orderId, status: request.status, hold_minutes: holdMinutes }
      : {
          ...request.order,
          lines: request.lines,
          status: request.status,
          hold_minutes: holdMinutes,
          is_manual: request.byOrganizer ?? false,
          organizer: request.byOrganizer ?? false,
          ...request.holder,
        };
  return reserveUnits(q, payload, { unsafeNoLocks: deps.config.checkoutUnsafeNoLocks });
}

interface PlannedLine {
  ticket: SellableTicket;
  price: SellableTicket['prices'][number];
  quantity: number;
  unitPriceCents: number;
}

/**
 * Every per-line rule that needs no lock and no stock: the ticket exists, is visible to this buyer (any
 * ticket of the event for the organizer), and the line is priced right. Sale windows, min/max per order
 * and stock are the locked check's (`holdUnits`).
 */
function planLines(
  input: Pick<CreateOrderInput, 'tickets'>,
  tickets: SellableTicket[],
  promo: PromoRow | null,
  currency: string,
  byOrganizer: boolean,
) {
  const fields: Record<string, FieldError | string> = {};
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const seen = new Set<string>();
  const lines: PlannedLine[] = [];
  input.tickets.forEach((line, i) => {
    const at = `tickets.${i}`;
    const ticket = byId.get(line.ticket_id);
    const price = ticket?.prices.find((p) => p.id === line.price_id);
    if (seen.has(line.price_id)) {
      fields[at] = m['checkout.duplicate_line'];
      return;
    }
    seen.add(line.price_id);
    if (!ticket || !price || (price.is_hidden && !byOrganizer)) {
      fields[`${at}.ticket_id`] = m['checkout.ticket_unavailable'];
      return;
    }
    // As on the public page: hidden tickets never sell; "hidden unless promo code" ones only with a code
    // that names them.
    const unlocked = promo !== null && promoUnlocks(promo, ticket.id);
    if (!byOrganizer && (ticket.is_hidden || (ticket.hidden_unless_promo_code && !unlocked))) {
      fields[`${at}.ticket_id`] = m['checkout.ticket_unavailable'];
      return;
    }
    let unitPriceCents = ticket.price_type === 'FREE' ? 0 : price.price_cents;
    if (ticket.price_type === 'DONATION') {
      unitPriceCents = line.amount_cents ?? price.price_cents;
      if (unitPriceCents < price.price_cents) {
        fields[`${at}.amount_cents`] = {
          key: m['checkout.donation_minimum'],
          params: { amount: moneyParam(price.price_cents, currency) },
        };
        return;
      }
    } else if (line.amount_cents !== undefined && line.amount_cents !== unitPriceCents) {
      fields[`${at}.amount_cents`] = m['checkout.amount_not_allowed'];
      return;
    }
    lines.push({ ticket, price, quantity: line.quantity, unitPriceCents });
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return lines;
}

/**
 * The 422/409 a refusal of `holdUnits` answers, on the fields of the order's `tickets` lines (checkout,
 * manual orders).
 */
export function holdRefusal(
  problem: ReserveProblem,
  input: Pick<CreateOrderInput, 'tickets'>,
  tickets: SellableTicket[],
): AppError {
  if (problem.problem === 'PROMO_CODE_INVALID')
    return invalid({ promo_code: m['checkout.promo_code_invalid'] });
  if (problem.problem === 'HOLDER_LIMIT')
    return conflict(m['checkout.holder_limit'], { held: problem.held }, 'HOLDER_LIMIT');
  if (problem.problem === 'DATE_UNAVAILABLE')
    return invalid({ event_date_id: m['checkout.date_not_on_sale'] });
  const ticket = tickets.find((t) => t.id === problem.ticketId);
  const at = `tickets.${Math.max(
    0,
    input.tickets.findIndex((l) => l.ticket_id === problem.ticketId),
  )}`;
  const name = ticket?.name ?? '';
  switch (problem.problem) {
    case 'SOLD_OUT':
      return conflict(m['checkout.sold_out'], { ticket: name }, SOLD_OUT);
    case 'SALE_NOT_STARTED':
      return invalid({ [`${at}.ticket_id`]: m['checkout.sale_not_started'] });
    case 'SALE_ENDED':
      return invalid({ [`${at}.ticket_id`]: m['checkout.sale_ended'] });
    case 'MIN_PER_ORDER':
      return invalid({
        [`${at}.quantity`]: {
          key: m['checkout.min_per_order'],
          params: { min: ticket?.min_per_order ?? 1, ticket: name },
        },
      });
    case 'MAX_PER_ORDER':
      return invalid({
        [`${at}.quantity`]: {
          key: m['checkout.max_per_order'],
          params: { max: ticket?.max_per_order ?? 1, ticket: name },
        },
      });
    default:
      return invalid({ [`${at}.ticket_id`]: m['checkout.ticket_unavailable'] });
  }
}

/** An order priced and ready for `holdUnits`: the event, its tickets, the order's totals and lines. */
export interface PricedOrder {
  event: NonNullable<ReservationContext['event']>;
  tickets: SellableTicket[];
  /** The order to write, less its short id and locale. */
  order: Omit<NewOrder, 'short_id' | 'locale'>;
  lines: ReserveLine[];
  /** With `withRemaining`: units left per tier, read without locks (a hint). */
  remaining: Map<string, number | null> | null;
  /** The date bought (#27); null on a single-date event. */
  date: ContextDate | null;
}

/**
 * The date of an order (#27): an event without dates takes none; one with dates needs one, unless it
 * has exactly one on sale (`checkout_context` then resolved it). A buyer's date must be on sale and not
 * started; the locked check (`checkout_check`) decides again under the date's row lock.
 */
function orderDate(
  context: Pick<ReservationContext, 'hasDates' | 'date'>,
  asked: string | null,
  byOrganizer: boolean,
): ContextDate | null {
  if (!context.hasDates) {
    if (asked) throw invalid({ event_date_id: m['checkout.date_not_expected'] });
    return null;
  }
  const date = context.date;
  if (!date) throw invalid({ event_date_id: m[asked ? 'checkout.date_unknown' : 'checkout.date_required'] });
  // The box office may still sell a date that is sold out, hidden or started, never a cancelled one.
  if (byOrganizer && date.status !== 'CANCELLED') return date;
  if (date.status !== 'ON_SALE') throw invalid({ event_date_id: m['checkout.date_not_on_sale'] });
  if (date.starts_at.getTime() <= Date.now()) throw invalid({ event_date_id: m['checkout.date_started'] });
  const window = saleWindowState(date.sale_starts_at, date.sale_ends_at);
  if (window) {
    throw invalid({
      event_date_id:
        m[window === 'NOT_STARTED' ? 'checkout.date_sale_not_started' : 'checkout.date_sale_ended'],
    });
  }
  return date;
}

/**
 * Reads and prices an order of the event in one round trip (`checkout_context`): the lines' tickets and
 * tiers exist (visible to buyers, or any for `byOrganizer`), donation amounts, promo discount, taxes and
 * fees (`@taquilla/shared/pricing`). 422 on a bad line or an unknown promo code; whether the code is
 * still usable, sale windows, min/max and stock are decided by `holdUnits` under the locks. For buyers
 * the event must be LIVE (404 otherwise); the organizer's caller checks the event is theirs first.
 */
/** The largest amount an order or line can hold (PostgreSQL `integer`). */
const MAX_ORDER_CENTS = 2_147_483_647;

export async function priceOrder(
  deps: Pick<Deps, 'db'>,
  eventId: string,
  input: Pick<CreateOrderInput, 'tickets' | 'promo_code' | 'affiliate_code' | 'event_date_id'>,
  opts: { byOrganizer?: boolean; withRemaining?: boolean } = {},
): Promise<PricedOrder> {
  const byOrganizer = opts.byOrganizer ?? false;
  const ticketIds = [...new Set(input.tickets.map((l) => l.ticket_id))];
  const code = input.promo_code?.trim().toLowerCase() || null;
  const affiliateCode = input.affiliate_code?.trim().toLowerCase() || null;
  const context = await loadReservationContext(
    deps.db,
    eventId,
    ticketIds,
    { promoCode: code, affiliateCode, eventDateId: input.event_date_id ?? null },
    opts.withRemaining ?? false,
  );
  const { event } = context;
  if (!event || (!byOrganizer && event.status !== 'LIVE')) throw notFound(m['checkout.event_unavailable']);
  const date = orderDate(context, input.event_date_id ?? null, byOrganizer);
  // On a date with its own prices, those are the tickets' (#27).
  const tickets = withDatePrices(context.tickets, date?.prices);
  if (code && !context.promo) throw invalid({ promo_code: m['checkout.promo_code_invalid'] });
  const promo = context.promo;
  // A code limited to dates (#27) is refused on another date, and so unlocks no hidden ticket there.
  if (promo && date && promo.event_date_ids.length > 0 && !promo.event_date_ids.includes(date.id)) {
    throw invalid({ promo_code: m['checkout.promo_code_wrong_date'] });
  }
  const priced = planLines(input, tickets, promo, event.currency, byOrganizer).map((l) => ({
    line: l,
    price: priceLine({
      ticketId: l.ticket.id,
      priceType: l.ticket.price_type,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      promo,
      taxesAndFees: l.ticket.taxes,
    }),
  }));
  const totals = orderTotals(priced.map((p) => p.price));
  // Amounts are stored as 32-bit integers: a sum beyond them (a huge donation times many units) is the
  // buyer's mistake to correct, not a database error.
  if (Object.values(totals).some((cents) => cents > MAX_ORDER_CENTS)) {
    throw invalid({ tickets: m['checkout.total_too_large'] });
  }
  return {
    event,
    tickets,
    order: {
      account_id: event.account_id,
      event_id: eventId,
      currency: event.currency,
      ...totals,
      promo_code_id: promo?.id ?? null,
      promo_code: promo?.code ?? null,
      affiliate_id: context.affiliateId,
      event_date_id: date?.id ?? null,
    },
    lines: priced.map(({ line, price }) => ({
      ticket_id: line.ticket.id,
      price_id: line.price.id,
      quantity: line.quantity,
      ticket_name: line.ticket.name,
      price_label: line.ticket.price_type === 'TIERED' ? line.price.label : null,
      unit_price_cents: price.unit_price_cents,
      unit_discount_cents: price.unit_discount_cents,
      taxes_cents: price.taxes_cents,
      fees_cents: price.fees_cents,
      total_cents: price.total_cents,
      taxes_and_fees: price.taxes_and_fees,
    })),
    remaining: context.remaining,
    date,
  };
}

/**
 * Reserves the units in two round trips: `priceOrder` reads what validation and pricing need (no lock
 * held; with the units left when a ticket sold out lately, for a refusal without locks), then
 * `holdUnits` locks, re-checks every limit and writes the order, all inside PostgreSQL.
 */
export async function reserve(
  deps: Deps,
  eventId: string,
  input: CreateOrderInput,
  locale: Locale,
  address: string,
) {
  const ticketIds = [...new Set(input.tickets.map((l) => l.ticket_id))];
  const { event, tickets, order, lines, remaining, date } = await priceOrder(deps, eventId, input, {
    // The race control (test builds) always counts first: without locks, that count is all it checks.
    withRemaining: deps.config.checkoutUnsafeNoLocks || ticketIds.some(soldOutLately),
  });

  // Fast refusal without locks when the units are already gone (a flash sale after selling out); the
  // decision that counts is the locked one.
  const gone =
    remaining &&
    lines.find((l) => {
      const left = remaining.get(l.price_id);
      return left !== undefined && left !== null && l.quantity > left;
    });
  if (gone) throw conflict(m['checkout.sold_out'], { ticket: gone.ticket_name }, SOLD_OUT);

  const shortId = newShortId('o');
  const inserted = await holdUnits(deps, {
    order: { ...order, short_id: shortId, locale },
    status: 'RESERVED',
    holdMinutes: event.order_timeout_minutes,
    lines,
    holder: {
      held_by: holderKey(address, deps.config.authSecret),
      max_units_held: deps.config.reservationUnitsPerAddress,
    },
  });
  if ('problem' in inserted) {
    if (inserted.problem === 'SOLD_OUT') noteSoldOut(inserted.ticketId);
    throw holdRefusal(inserted, input, tickets);
  }
  // Presented from what was just written: no extra round trips on the busiest endpoint.
  const written: PublicOrder = {
    short_id: shortId,
    event_id: eventId,
    status: 'RESERVED',
    payment_status: null,
    refund_status: null,
    payment_provider: null,
    reserved_until: inserted.reservedUntil.toISOString(),
    first_name: null,
    last_name: null,
    email: null,
    currency: order.currency,
    subtotal_cents: order.subtotal_cents,
    discount_cents: order.discount_cents,
    taxes_cents: order.taxes_cents,
    fees_cents: order.fees_cents,
    total_cents: order.total_cents,
    promo_code: order.promo_code,
    event_date: date && {
      id: date.id,
      starts_at: date.starts_at.toISOString(),
      ends_at: date.ends_at?.toISOString() ?? null,
      location: date.location,
    },
    items: lines.map(({ taxes_and_fees: _, ...line }) => ({
      id: inserted.itemIds.get(line.price_id) ?? '',
      ...line,
    })),
    attendees: [],
    created_at: inserted.createdAt.toISOString(),
    completed_at: null,
  };
  return { order: written, settings: event.settings };
}

/** The order of a public link: gone (abandoned or unknown) is 404 "order no longer exists". */
export async function publicOrder(deps: Deps, eventId: string, shortId: string): Promise<OrderRow> {
  const order = await orders.findOrderByShortId(deps.db, eventId, shortId);
  if (!order || order.status === 'ABANDONED') throw notFound(m['checkout.order_not_found']);
  return order;
}

export const isExpired = (order: OrderRow) =>
  order.status === 'RESERVED' && order.reserved_until.getTime() <= Date.now();

export const expiredError = () => new AppError(409, ORDER_EXPIRED, m['checkout.order_expired']);

/** `GET /api/public/events/{id}/order/{shortId}`, also inlined in the checkout page. */
export async function checkoutOrder(deps: Deps, eventId: string, shortId: string): Promise<CheckoutOrder> {
  const order = await publicOrder(deps, eventId, shortId);
  if (isExpired(order)) throw expiredError();
  return presentCheckoutOrder(deps, order);
}

/** An order the buyer may still change: RESERVED and not expired. */
export function assertOpen(order: OrderRow | undefined): OrderRow {
  if (!order || order.status === 'ABANDONED') throw notFound(m['checkout.order_not_found']);
  if (isExpired(order)) throw expiredError();
  if (order.status !== 'RESERVED') throw conflict(m['checkout.order_not_payable']);
  return order;
}

/** The order of a public link with everything its next step reads (one round trip), or a 404. */
export async function orderContext(deps: Deps, eventId: string, shortId: string): Promise<OrderContext> {
  const context = await repo.loadOrderContext(deps.db, eventId, shortId);
  if (context?.event.status !== 'LIVE') {
    // Which 404: the event's, or the order's.
    await sellingEvent(deps, eventId);
    throw notFound(m['checkout.order_not_found']);
  }
  if (context.order.status === 'ABANDONED') throw notFound(m['checkout.order_not_found']);
  return context;
}

/**
 * The buyer's details, the answers and one attendee per unit. A free order completes here; a paid one
 * waits for the payment step. A paid order is two round trips: its context, then one conditional update
 * (still RESERVED and unexpired) instead of a transaction around a row lock. Returns the order with the
 * items it was presented with (null: read them again, the order completed here).
 */
export async function saveDetails(
  deps: Deps,
  eventId: string,
  shortId: string,
  input: OrderDetailsInput,
  locale: Locale,
): Promise<{ order: OrderRow; items: OrderItemRow[] | null; event: OrderContext['event'] }> {
  const { event, order, items, questions } = await orderContext(deps, eventId, shortId);
  const fields: Record<string, FieldError | string> = {};
  if (!emailsMatch(input.email, input.email_confirmation)) {
    fields.email_confirmation = m['checkout.email_mismatch'];
  }
  const current = assertOpen(order);
  const orderAnswers = input.answers ?? {};
  checkAnswers(
    questions.filter((q) => q.belongs_to === 'ORDER'),
    orderAnswers,
    'answers',
    fields,
  );

  const units = items.flatMap((item) => Array.from({ length: item.quantity }, () => item));
  const perOrder = event.settings.attendee_details_mode === 'PER_ORDER';
  const given = perOrder || !input.attendees ? null : input.attendees;
  if (given && given.length !== units.length) {
    fields.attendees = { key: m['checkout.attendee_count'], params: { count: units.length } };
  }
  const pending: PendingAttendee[] = [];
  if (!fields.attendees) {
    const free = [...units];
    units.forEach((_, i) => {
      const a = given?.[i];
      const idx = a
        ? free.findIndex((u) => u.ticket_id === a.ticket_id && (!a.price_id || u.price_id === a.price_id))
        : 0;
      const [item] = idx < 0 ? [] : free.splice(idx, 1);
      if (!item) {
        fields[`attendees.${i}.ticket_id`] = m['checkout.attendee_ticket'];
        return;
      }
      const answers = a?.answers ?? {};
      const asked = questions.filter(
        (q) =>
          q.belongs_to === 'ATTENDEE' && (q.ticket_ids.length === 0 || q.ticket_ids.includes(item.ticket_id)),
      );
      checkAnswers(asked, answers, `attendees.${i}.answers`, fields);
      pending.push({
        order_item_id: item.id,
        ticket_id: item.ticket_id,
        price_id: item.price_id,
        first_name: a?.first_name ?? input.first_name,
        last_name: a?.last_name ?? input.last_name,
        email: (a?.email ?? input.email).trim().toLowerCase(),
        answers,
      });
    });
  }
  if (!input.invoice && (await invoiceDetailsRequired(deps.db, current))) {
    fields.invoice = INVOICE_DETAILS_REQUIRED;
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);

  const values = {
    invoice_details: input.invoice ?? null,
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email.trim().toLowerCase(),
    answers: orderAnswers,
    pending_attendees: pending as unknown as Record<string, unknown>[],
    locale,
  };
  if (current.total_cents === 0) {
    const completed = await deps.db.transaction(async (tx) => {
      const locked = assertOpen(await orders.findOrderById(tx, current.account_id, current.id, true));
      return orders.completeOrder(deps, tx, locked, 'NO_PAYMENT_REQUIRED', { set: values });
    });
    return { order: completed, items: null, event };
  }
  const updated = await orders.saveReservationDetails(deps.db, current, values);
  // It expired (or was abandoned) between the read and the write: say which.
  if (!updated) assertOpen(await orders.findOrderById(deps.db, current.account_id, current.id));
  if (!updated) throw conflict(m['checkout.order_not_payable']);
  return { order: updated, items, event };
}

/**
 * The buyer asks for more time, once per reservation: the event's order timeout again, from now. The
 * units stay held throughout (the reservation never lapses in between), so nothing is re-checked.
 */
export async function extendReservation(deps: Deps, eventId: string, shortId: string) {
  const { event, order } = await orderContext(deps, eventId, shortId);
  const open = assertOpen(order);
  if (open.reservation_extended_at) throw conflict(m['checkout.already_extended']);
  const extended = await orders.extendReservation(deps.db, open, event.order_timeout_minutes);
  if (extended) return extended;
  // It expired or was extended between the read and the write: say which.
  const now = assertOpen(await orders.findOrderById(deps.db, open.account_id, open.id));
  throw conflict(
    now.reservation_extended_at ? m['checkout.already_extended'] : m['checkout.order_not_payable'],
  );
}

/** The buyer gave up: the units are free at once. */
export async function abandon(deps: Deps, eventId: string, shortId: string) {
  return deps.db.transaction(async (tx) => {
    const order = await orders.findOrderByShortId(tx, eventId, shortId, true);
    if (!order) throw notFound(m['checkout.order_not_found']);
    if (order.status === 'ABANDONED') return order;
    if (order.status !== 'RESERVED') throw conflict(m['checkout.order_not_payable']);
    return (await orders.abandonReservation(tx, order.account_id, order.id)) ?? order;
  });
}
