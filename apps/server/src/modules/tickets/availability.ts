import type { SaleState } from '@taquilla/shared';
import type { Queryable } from '../../db/client.ts';
import * as repo from './availability.repository.ts';

/**
 * Stock as the display shows it, read from the same database functions the locked reservation compares
 * against (`stock_levels`, `promo_code_levels`, migration 0005): which orders hold units, tier, ticket
 * and capacity arithmetic, sale windows and promo code validity are written there once. Nothing here
 * recomputes them: this module only turns the rows into maps.
 */
export interface PriceLevel {
  /** Units held now (sold, awaiting offline payment or reserved and not expired). */
  held: number;
  /** Units left after the tier's quantity and every active capacity assignment; null = unlimited. */
  remaining: number | null;
  sale_state: SaleState;
}

export interface TicketLevel {
  held: number;
  /** Units left over every tier (hidden ones included) and capacity; null = unlimited. */
  remaining: number | null;
  /** The same over the tiers buyers can see (what the public page offers). */
  remaining_visible: number | null;
  sale_state: SaleState;
}

export interface CapacityLevel {
  capacity: number;
  /** Units held over its tickets (whether the assignment is active or not). */
  used: number;
  remaining: number;
}

export interface StockLevels {
  prices: Map<string, PriceLevel>;
  tickets: Map<string, TicketLevel>;
  capacities: Map<string, CapacityLevel>;
  /** With a date: its own capacity (null = none), units held and left (null = unlimited). */
  date: { capacity: number | null; held: number; remaining: number | null } | null;
}

/**
 * The stock of an event's live tickets (or of `ticketIds` and the capacity assignments they share). With
 * `eventDateId` (#27) the tiers and tickets are counted for that date, under its capacity too.
 */
export async function loadStockLevels(
  q: Queryable,
  eventId: string,
  ticketIds?: string[],
  eventDateId?: string | null,
): Promise<StockLevels> {
  const rows = await repo.selectStockLevels(q, eventId, ticketIds ?? null, eventDateId ?? null);
  const levels: StockLevels = { prices: new Map(), tickets: new Map(), capacities: new Map(), date: null };
  for (const r of rows) {
    if (r.scope === 'DATE') {
      levels.date = { capacity: r.quantity, held: r.held, remaining: r.remaining };
      continue;
    }
    if (r.scope === 'PRICE') {
      levels.prices.set(r.id, { held: r.held, remaining: r.remaining, sale_state: r.state as SaleState });
    } else if (r.scope === 'TICKET') {
      levels.tickets.set(r.id, {
        held: r.held,
        remaining: r.remaining,
        remaining_visible: r.remaining_visible,
        sale_state: r.state as SaleState,
      });
    } else {
      levels.capacities.set(r.id, { capacity: r.quantity ?? 0, used: r.held, remaining: r.remaining ?? 0 });
    }
  }
  return levels;
}

export interface PromoCodeLevel {
  /** Orders holding units with the code. */
  uses: number;
  status: 'ACTIVE' | 'EXPIRED' | 'USED_UP';
}

/** Uses and status of promo codes: EXPIRED after the expiry date, USED_UP at max uses, else ACTIVE. */
export async function loadPromoCodeLevels(
  q: Queryable,
  promoCodeIds: string[],
): Promise<Map<string, PromoCodeLevel>> {
  const rows = await repo.selectPromoCodeLevels(q, promoCodeIds);
  return new Map(rows.map((r) => [r.id, { uses: r.uses, status: r.state }]));
}

export interface PriceSales {
  /** Units in COMPLETED or AWAITING_OFFLINE_PAYMENT orders. */
  sold: number;
  /** Units in RESERVED orders whose reservation has not expired. */
  reserved: number;
}

/** Sold and reserved units per price tier of an event, for the back office (sold + reserved = held). */
export async function loadSalesByPrice(q: Queryable, eventId: string): Promise<Map<string, PriceSales>> {
  const rows = await repo.selectSalesByPrice(q, eventId);
  return new Map(rows.map((r) => [r.price_id, { sold: r.sold, reserved: r.reserved }]));
}
