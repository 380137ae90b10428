/**
 * Price arithmetic of one order line, in integer minor units of the event's currency (cents of EUR, yen
 * of JPY, pesos of CLP: money.ts). Checkout calls these; the public page uses them to preview. Order of
 * operations, per unit:
 *   unit price → promo discount (never below 0; never on FREE or DONATION tickets)
 *   → taxes and fees on the discounted unit price (PERCENTAGE in basis points, half-up to a whole minor
 *     unit via `percentOf`; FIXED in minor units per unit) → line totals = per-unit amounts × quantity.
 * Every amount here, a FIXED fee's and a FIXED promo discount's included, is minor units of the event's
 * currency: 500 is 5,00 € on a EUR event and 500 pesos on a CLP event. Nothing converts between currencies.
 * Rounding happens once per unit and per tax, so a line of N units costs exactly N × one unit.
 */
import type { PromoDiscountType, TicketPriceType } from './enums.ts';
import { percentOf } from './money.ts';

export interface PricingTaxOrFee {
  id: string;
  name: string;
  type: 'TAX' | 'FEE';
  calculation: 'PERCENTAGE' | 'FIXED';
  /** Basis points for PERCENTAGE (2100 = 21 %), minor units of the event's currency for FIXED. */
  value: number;
}

export interface PricingPromo {
  discount_type: PromoDiscountType;
  /** Minor units per unit for FIXED, whole percent (0–100) for PERCENTAGE, ignored for NONE. */
  discount: number;
  /** Tickets the code applies to; empty = every ticket. */
  ticket_ids: string[];
}

export interface AppliedTaxOrFee extends PricingTaxOrFee {
  /** Amount per unit, in minor units. */
  amount_cents: number;
}

export interface PricedLine {
  quantity: number;
  unit_price_cents: number;
  unit_discount_cents: number;
  unit_taxes_cents: number;
  unit_fees_cents: number;
  /** unit price − discount + taxes + fees. */
  unit_total_cents: number;
  /** (unit price − discount) × quantity. */
  subtotal_cents: number;
  discount_cents: number;
  taxes_cents: number;
  fees_cents: number;
  total_cents: number;
  taxes_and_fees: AppliedTaxOrFee[];
}

/** Whether a promo code applies to a ticket (empty ticket list = all tickets). */
export function promoAppliesTo(promo: Pick<PricingPromo, 'ticket_ids'>, ticketId: string): boolean {
  return promo.ticket_ids.length === 0 || promo.ticket_ids.includes(ticketId);
}

/**
 * Whether a promo code unlocks a "hidden unless promo code" ticket: only a code that names the ticket. A
 * code for every ticket (empty list) discounts them all but reveals no secret ticket.
 */
export function promoUnlocks(promo: Pick<PricingPromo, 'ticket_ids'>, ticketId: string): boolean {
  return promo.ticket_ids.includes(ticketId);
}

/**
 * Discount per unit in cents: 0 for FREE and DONATION tickets and for NONE codes; FIXED takes off up to
 * the price; PERCENTAGE is `percentOf(price, pct)` (half-up), clamped to 0–100 %.
 */
export function unitDiscountCents(
  priceType: TicketPriceType,
  unitPriceCents: number,
  promo: Pick<PricingPromo, 'discount_type' | 'discount'> | null | undefined,
): number {
  if (!promo || priceType === 'FREE' || priceType === 'DONATION') return 0;
  const price = Math.max(0, Math.trunc(unitPriceCents));
  switch (promo.discount_type) {
    case 'FIXED':
      return Math.min(price, Math.max(0, Math.trunc(promo.discount)));
    case 'PERCENTAGE':
      return Math.min(price, percentOf(price, Math.min(100, Math.max(0, promo.discount))));
    default:
      return 0;
  }
}

/** Taxes and fees of one unit whose (discounted) price is `amountCents`. Never negative. */
export function unitTaxesAndFees(amountCents: number, items: PricingTaxOrFee[]) {
  const base = Math.max(0, Math.trunc(amountCents));
  let taxes = 0;
  let fees = 0;
  const applied: AppliedTaxOrFee[] = items.map((item) => {
    const value = Math.max(0, Math.trunc(item.value));
    const amount = item.calculation === 'PERCENTAGE' ? percentOf(base, value / 100) : value;
    if (item.type === 'TAX') taxes += amount;
    else fees += amount;
    return { ...item, value, amount_cents: amount };
  });
  return { taxes_cents: taxes, fees_cents: fees, items: applied };
}

/**
 * Prices one order line. `unitPriceCents` is the tier price (or, for DONATION, the amount the buyer
 * chose, which checkout must have checked is at least the minimum). A FREE ticket never carries taxes or
 * fees, even when a default fee is selected for it: "free" is what the buyer was promised.
 */
export function priceLine(input: {
  ticketId: string;
  priceType: TicketPriceType;
  unitPriceCents: number;
  quantity: number;
  promo?: PricingPromo | null;
  taxesAndFees?: PricingTaxOrFee[];
}): PricedLine {
  const quantity = Math.max(0, Math.trunc(input.quantity));
  const price = input.priceType === 'FREE' ? 0 : Math.max(0, Math.trunc(input.unitPriceCents));
  const promo = input.promo && promoAppliesTo(input.promo, input.ticketId) ? input.promo : null;
  const discount = unitDiscountCents(input.priceType, price, promo);
  const discounted = price - discount;
  const tf = unitTaxesAndFees(discounted, input.priceType === 'FREE' ? [] : (input.taxesAndFees ?? []));
  const unitTotal = discounted + tf.taxes_cents + tf.fees_cents;
  return {
    quantity,
    unit_price_cents: price,
    unit_discount_cents: discount,
    unit_taxes_cents: tf.taxes_cents,
    unit_fees_cents: tf.fees_cents,
    unit_total_cents: unitTotal,
    subtotal_cents: discounted * quantity,
    discount_cents: discount * quantity,
    taxes_cents: tf.taxes_cents * quantity,
    fees_cents: tf.fees_cents * quantity,
    total_cents: unitTotal * quantity,
    taxes_and_fees: tf.items,
  };
}

/** Sums lines into order totals; `subtotal_cents` is before discount (the sum of price × quantity). */
export function orderTotals(lines: PricedLine[]) {
  let subtotal = 0;
  let discount = 0;
  let taxes = 0;
  let fees = 0;
  let total = 0;
  for (const l of lines) {
    subtotal += l.unit_price_cents * l.quantity;
    discount += l.discount_cents;
    taxes += l.taxes_cents;
    fees += l.fees_cents;
    total += l.total_cents;
  }
  return {
    subtotal_cents: subtotal,
    discount_cents: discount,
    taxes_cents: taxes,
    fees_cents: fees,
    total_cents: total,
  };
}

/**
 * Tickets as sold on a date with its own prices (#27: `own` is { price id: minor units }): each price
 * the date names replaces the ticket's; the others stay.
 */
export function withDatePrices<T extends { prices: { id: string; price_cents: number }[] }>(
  tickets: T[],
  own: Record<string, number> | undefined,
): T[] {
  if (!own || Object.keys(own).length === 0) return tickets;
  return tickets.map((t) => ({
    ...t,
    prices: t.prices.map((p) => (own[p.id] === undefined ? p : { ...p, price_cents: own[p.id] as number })),
  }));
}
