import type { SaleState } from '@taquilla/shared';

/** Where `now` stands in a sale window; both bounds optional. */
export function windowState(now: Date, start: Date | null, end: Date | null): 'NOT_STARTED' | 'ENDED' | null {
  if (start && now < start) return 'NOT_STARTED';
  if (end && now >= end) return 'ENDED';
  return null;
}

/**
 * A tier's sale state: the ticket's window and the tier's own both apply; a closed window wins over
 * sold out (an ended sale reads as ended even when nothing is left).
 */
export function priceSaleState(
  now: Date,
  ticket: { sale_start_date: Date | null; sale_end_date: Date | null },
  price: { sale_start_date: Date | null; sale_end_date: Date | null },
  remaining: number | null,
): SaleState {
  return (
    windowState(now, ticket.sale_start_date, ticket.sale_end_date) ??
    windowState(now, price.sale_start_date, price.sale_end_date) ??
    (remaining === 0 ? 'SOLD_OUT' : 'ON_SALE')
  );
}

/** A ticket's state from its tiers': on sale if any tier is, else upcoming, else sold out, else ended. */
export function ticketSaleState(states: SaleState[]): SaleState {
  for (const s of ['ON_SALE', 'NOT_STARTED', 'SOLD_OUT'] as const) if (states.includes(s)) return s;
  return 'ENDED';
}
