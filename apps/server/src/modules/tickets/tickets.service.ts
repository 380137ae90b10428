import type { SaleState } from '@taquilla/shared';
import type { PricingTaxOrFee } from '@taquilla/shared/pricing';
import type { Ticket, TicketInput, TicketPrice, TicketStatus } from '@taquilla/shared/schemas/tickets';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps, DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { type ListParams, listMeta, parseListQuery } from '../../lib/pagination.ts';
import { at, one } from '../../lib/rows.ts';
import { waitlistUnitsFreed } from '../../lib/units-freed.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { loadSalesByPrice, loadStockLevels, type PriceSales, type StockLevels } from './availability.ts';
import { ticketMessages as m } from './tickets.messages.ts';
import * as repo from './tickets.repository.ts';

// ---------------------------------------------------------------------------------------------------
// For checkout and the public read model
// ---------------------------------------------------------------------------------------------------

export interface SellablePrice {
  id: string;
  label: string | null;
  /** For DONATION, the minimum. */
  price_cents: number;
  quantity: number | null;
  sale_start_date: Date | null;
  sale_end_date: Date | null;
  is_hidden: boolean;
  /** Units left after every limit (tier and active capacity assignments); null = unlimited. */
  remaining: number | null;
  sale_state: SaleState;
}

export interface SellableTicket {
  id: string;
  name: string;
  description: string | null;
  price_type: Ticket['price_type'];
  min_per_order: number;
  max_per_order: number;
  sale_start_date: Date | null;
  sale_end_date: Date | null;
  is_hidden: boolean;
  hidden_unless_promo_code: boolean;
  hide_before_sale_start: boolean;
  hide_after_sale_end: boolean;
  hide_when_sold_out: boolean;
  show_quantity_remaining: boolean;
  waitlist_enabled: boolean;
  /** Active taxes and fees that apply, ready for `priceLine` from `@taquilla/shared/pricing`. */
  taxes_and_fees: PricingTaxOrFee[];
  prices: SellablePrice[];
  /** Units left over every tier (hidden ones included) and capacity; null = unlimited. */
  remaining: number | null;
  /** The same over the tiers buyers can see (what the public page offers). */
  remaining_visible: number | null;
  sale_state: SaleState;
}

/**
 * Every live (not deleted) ticket of an event with its live tiers, taxes, availability and sale state,
 * in display order. Hidden tickets and tiers are included (flags say so): callers decide what to show.
 * Availability and sale state are the `stock_levels` database function's, the rule the locked
 * reservation applies. A constant number of queries whatever the number of tickets.
 */
/** The event's tickets as they sell now; on an event with dates, as they sell for `eventDateId`. */
export async function loadSellableTickets(
  q: Queryable,
  eventId: string,
  eventDateId?: string | null,
): Promise<SellableTicket[]> {
  const [rows, levels] = await Promise.all([
    repo.loadEventTickets(q, eventId),
    loadStockLevels(q, eventId, undefined, eventDateId),
  ]);
  return rows.map((t) => toSellable(t, levels));
}

const NO_STOCK = { held: 0, remaining: 0, remaining_visible: 0, sale_state: 'ENDED' as const };

function toSellable(t: repo.TicketWithPrices, levels: StockLevels): SellableTicket {
  const ticket = levels.tickets.get(t.id) ?? NO_STOCK;
  const prices = t.prices.map((p) => {
    const level = levels.prices.get(p.id) ?? NO_STOCK;
    return {
      id: p.id,
      label: p.label,
      price_cents: p.price_cents,
      quantity: p.quantity,
      sale_start_date: p.sale_start_date,
      sale_end_date: p.sale_end_date,
      is_hidden: p.is_hidden,
      remaining: level.remaining,
      sale_state: level.sale_state,
    };
  });
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    price_type: t.price_type,
    min_per_order: t.min_per_order,
    max_per_order: t.max_per_order,
    sale_start_date: t.sale_start_date,
    sale_end_date: t.sale_end_date,
    is_hidden: t.is_hidden,
    hidden_unless_promo_code: t.hidden_unless_promo_code,
    hide_before_sale_start: t.hide_before_sale_start,
    hide_after_sale_end: t.hide_after_sale_end,
    hide_when_sold_out: t.hide_when_sold_out,
    show_quantity_remaining: t.show_quantity_remaining,
    waitlist_enabled: t.waitlist_enabled,
    taxes_and_fees: t.taxes
      .filter((x) => x.is_active)
      .map(({ id, name, type, calculation, value }) => ({ id, name, type, calculation, value })),
    prices,
    remaining: ticket.remaining,
    remaining_visible: ticket.remaining_visible,
    sale_state: ticket.sale_state,
  };
}

// ---------------------------------------------------------------------------------------------------
// Organizer API
// ---------------------------------------------------------------------------------------------------

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const statusOf = (hidden: boolean, s: SaleState): TicketStatus =>
  hidden ? 'HIDDEN' : s === 'NOT_STARTED' ? 'SCHEDULED' : s;

function present(t: repo.TicketWithPrices, levels: StockLevels, sales: Map<string, PriceSales>): Ticket {
  const sellable = toSellable(t, levels);
  let sold = 0;
  let reserved = 0;
  const prices: TicketPrice[] = t.prices.map((p, i) => {
    const s = sales.get(p.id) ?? { sold: 0, reserved: 0 };
    sold += s.sold;
    reserved += s.reserved;
    const sp = at(sellable.prices, i);
    return {
      id: p.id,
      label: p.label,
      price_cents: p.price_cents,
      quantity: p.quantity,
      sale_start_date: iso(p.sale_start_date),
      sale_end_date: iso(p.sale_end_date),
      is_hidden: p.is_hidden,
      sort_order: p.sort_order,
      quantity_sold: s.sold,
      quantity_reserved: s.reserved,
      quantity_remaining: sp.remaining,
      status: statusOf(p.is_hidden, sp.sale_state),
    };
  });
  return {
    id: t.id,
    event_id: t.event_id,
    name: t.name,
    description: t.description,
    type: t.price_type,
    price_type: t.price_type,
    min_per_order: t.min_per_order,
    max_per_order: t.max_per_order,
    sale_start_date: iso(t.sale_start_date),
    sale_end_date: iso(t.sale_end_date),
    is_hidden: t.is_hidden,
    hidden_unless_promo_code: t.hidden_unless_promo_code,
    hide_before_sale_start: t.hide_before_sale_start,
    hide_after_sale_end: t.hide_after_sale_end,
    hide_when_sold_out: t.hide_when_sold_out,
    show_quantity_remaining: t.show_quantity_remaining,
    waitlist_enabled: t.waitlist_enabled,
    sort_order: t.sort_order,
    tax_ids: t.taxes.map((x) => x.id),
    prices,
    quantity_sold: sold,
    quantity_reserved: reserved,
    quantity_remaining: sellable.remaining,
    status: statusOf(t.is_hidden, sellable.sale_state),
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
  };
}

async function presentMany(q: Queryable, eventId: string, rows: repo.TicketRow[]) {
  const [full, levels, sales] = await Promise.all([
    repo.withPricesAndTaxes(q, rows),
    loadStockLevels(q, eventId),
    loadSalesByPrice(q, eventId),
  ]);
  return full.map((t) => present(t, levels, sales));
}

export async function listTickets(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  rawQuery: Record<string, unknown>,
) {
  assertCan(auth, 'events:read');
  const params: ListParams = parseListQuery(rawQuery, repo.ticketListSpec);
  await loadOwnedEvent(db, auth, eventId);
  const { rows, total } = await repo.listTicketRows(db, auth.accountId, eventId, params);
  return { data: await presentMany(db, eventId, rows), meta: listMeta(total, params) };
}

export async function getTicket(q: Queryable, auth: AuthContext, eventId: string, ticketId: string) {
  assertCan(auth, 'events:read');
  await loadOwnedEvent(q, auth, eventId);
  const row = await repo.findTicketRow(q, auth.accountId, eventId, ticketId);
  if (!row) throw notFound();
  const [ticket] = await presentMany(q, eventId, [row]);
  if (!ticket) throw notFound();
  return ticket;
}

const ticketType = (input: TicketInput) => (input.type ?? input.price_type) as Ticket['price_type'];

function ticketValues(input: TicketInput) {
  return {
    name: input.name,
    description: input.description ? sanitizeRichText(input.description) : null,
    price_type: ticketType(input),
    min_per_order: input.min_per_order ?? 1,
    max_per_order: input.max_per_order ?? 100,
    sale_start_date: input.sale_start_date ? new Date(input.sale_start_date) : null,
    sale_end_date: input.sale_end_date ? new Date(input.sale_end_date) : null,
    is_hidden: input.is_hidden ?? false,
    hidden_unless_promo_code: input.hidden_unless_promo_code ?? false,
    hide_before_sale_start: input.hide_before_sale_start ?? false,
    hide_after_sale_end: input.hide_after_sale_end ?? false,
    hide_when_sold_out: input.hide_when_sold_out ?? false,
    show_quantity_remaining: input.show_quantity_remaining ?? false,
    waitlist_enabled: input.waitlist_enabled ?? false,
  };
}

function priceValues(input: TicketInput, p: TicketInput['prices'][number], index: number) {
  const type = ticketType(input);
  return {
    label: type === 'TIERED' ? (p.label?.trim() ?? null) : p.label?.trim() || null,
    price_cents: type === 'FREE' ? 0 : p.price_cents,
    quantity: p.quantity ?? null,
    sale_start_date: p.sale_start_date ? new Date(p.sale_start_date) : null,
    sale_end_date: p.sale_end_date ? new Date(p.sale_end_date) : null,
    is_hidden: p.is_hidden ?? false,
    sort_order: index,
  };
}

async function resolveTaxIds(q: Queryable, accountId: string, ids: string[] | undefined) {
  if (ids === undefined) return repo.findDefaultTaxIds(q, accountId);
  const unique = [...new Set(ids)];
  const found = await repo.findAccountTaxIds(q, accountId, unique);
  if (found.length !== unique.length) throw invalid({ tax_ids: m['tickets.unknown_tax'] });
  return unique;
}

export async function createTicket({ db }: DbDeps, auth: AuthContext, eventId: string, input: TicketInput) {
  assertCan(auth, 'events:manage');
  const id = await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    const taxIds = await resolveTaxIds(tx, auth.accountId, input.tax_ids);
    const row = await repo.insertTicket(tx, {
      ...ticketValues(input),
      account_id: auth.accountId,
      event_id: eventId,
      sort_order: await repo.nextTicketSortOrder(tx, eventId),
    });
    await repo.insertPrices(
      tx,
      input.prices.map((p, i) => ({ ...priceValues(input, p, i), ticket_id: row.id, event_id: eventId })),
    );
    await repo.replaceTicketTaxes(tx, row.id, taxIds);
    return row.id;
  });
  return getTicket(db, auth, eventId, id);
}

/**
 * Replaces a ticket's settings and tiers. Tiers are matched by `id`; a tier left out is deleted (409
 * when it has sales). The price type cannot change once units are sold or reserved, and no tier's
 * quantity can drop below its sold + reserved units.
 */
export async function updateTicket(
  { db, jobs }: Pick<AppDeps, 'db' | 'jobs'>,
  auth: AuthContext,
  eventId: string,
  ticketId: string,
  input: TicketInput,
) {
  assertCan(auth, 'events:manage');
  await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    const row = await repo.lockTicketRow(tx, auth.accountId, eventId, ticketId);
    if (!row) throw notFound();
    const current = one(await repo.withPricesAndTaxes(tx, [row]));
    const levels = await loadStockLevels(tx, eventId, [ticketId]);
    const heldOf = (priceId: string) => levels.prices.get(priceId)?.held ?? 0;
    const ticketHeld = levels.tickets.get(ticketId)?.held ?? 0;
    const type = ticketType(input);
    if (type !== row.price_type && ticketHeld > 0) throw conflict(m['tickets.type_locked']);

    const existing = new Map(current.prices.map((p) => [p.id, p]));
    const prices = input.prices.map((p) => ({ ...p }));
    // A single-price ticket edited without the tier id keeps its tier (and its sales).
    const [onlyPrice] = prices;
    const [currentPrice] = current.prices;
    if (
      type !== 'TIERED' &&
      prices.length === 1 &&
      onlyPrice &&
      !onlyPrice.id &&
      current.prices.length === 1
    ) {
      onlyPrice.id = currentPrice?.id;
    }
    const fields: Record<string, string> = {};
    prices.forEach((p, i) => {
      if (p.id && !existing.has(p.id)) fields[`prices.${i}.id`] = m['tickets.unknown_tier'];
    });
    if (Object.keys(fields).length) throw invalid(fields);

    const kept = new Set(prices.map((p) => p.id).filter(Boolean));
    const removed = current.prices.filter((p) => !kept.has(p.id));
    const withSales = removed.find((p) => heldOf(p.id) > 0);
    if (withSales) throw conflict(m['tickets.tier_has_sales'], { label: withSales.label ?? row.name });
    for (const p of prices) {
      if (!p.id || p.quantity === null || p.quantity === undefined) continue;
      const held = heldOf(p.id);
      if (p.quantity < held) {
        throw conflict(m['tickets.quantity_below_sold'], { label: p.label ?? row.name, sold: held });
      }
    }
    const taxIds = await resolveTaxIds(tx, auth.accountId, input.tax_ids ?? current.taxes.map((t) => t.id));

    await repo.updateTicket(tx, auth.accountId, ticketId, ticketValues(input));
    await repo.softDeletePrices(
      tx,
      eventId,
      removed.map((p) => p.id),
    );
    const normalized = { ...input, prices };
    for (const [i, p] of prices.entries()) {
      const values = priceValues(normalized, p, i);
      if (p.id) await repo.updatePrice(tx, eventId, p.id, values);
      else await repo.insertPrices(tx, [{ ...values, ticket_id: ticketId, event_id: eventId }]);
    }
    await repo.replaceTicketTaxes(tx, ticketId, taxIds);
    // More quantity (or the waiting list switched on) may leave units for people waiting.
    await waitlistUnitsFreed(jobs, [ticketId], tx);
    await emitWebhook(jobs, 'ticket.updated', { accountId: auth.accountId, eventId, ids: [ticketId] }, tx);
  });
  return getTicket(db, auth, eventId, ticketId);
}

export async function deleteTicket({ db }: DbDeps, auth: AuthContext, eventId: string, ticketId: string) {
  assertCan(auth, 'events:manage');
  await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    const row = await repo.lockTicketRow(tx, auth.accountId, eventId, ticketId);
    if (!row) throw notFound();
    const levels = await loadStockLevels(tx, eventId, [ticketId]);
    if ((levels.tickets.get(ticketId)?.held ?? 0) > 0) throw conflict(m['tickets.has_sales']);
    await repo.softDeleteTicket(tx, auth.accountId, ticketId);
  });
}

/** Sets the display order: `ids` first, in that order (other tickets keep their relative order after). */
export async function sortTickets({ db }: DbDeps, auth: AuthContext, eventId: string, ids: string[]) {
  assertCan(auth, 'events:manage');
  await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    const unique = [...new Set(ids)];
    const found = await repo.findEventTicketIds(tx, eventId, unique);
    if (found.length !== unique.length) throw invalid({ ids: m['tickets.unknown_ticket'] });
    const all = await repo.loadEventTickets(tx, eventId);
    const rest = all.map((t) => t.id).filter((id) => !unique.includes(id));
    await repo.setTicketSortOrders(tx, eventId, [...unique, ...rest]);
  });
}

/** Ids among `ids` that are not live tickets of the event (for capacity, promo codes, questions). */
export async function unknownTicketIds(q: Queryable, eventId: string, ids: string[]) {
  const found = new Set(await repo.findEventTicketIds(q, eventId, ids));
  return ids.filter((id) => !found.has(id));
}
