import type { PublicEvent, PublicTaxOrFee, PublicTicket } from '@taquilla/shared';
import { priceLine, promoAppliesTo, unitDiscountCents } from '@taquilla/shared/pricing';
import type { PageFormat } from './page-format.ts';

/**
 * The page's preview of prices while choosing, with the same arithmetic checkout uses
 * (packages/shared/src/pricing.ts). The order the server returns is what the buyer pays.
 */
export type PromoCode = NonNullable<PublicEvent['promo_code']>;

/** Discount per unit for a price of this ticket under the applied code (0 when it does not apply). */
export function unitDiscount(promo: PromoCode | null, ticket: PublicTicket, priceCents: number): number {
  if (!promo || !promoAppliesTo(promo, ticket.id)) return 0;
  return unitDiscountCents(ticket.price_type, priceCents, promo);
}

export interface Selection {
  quantity: number;
  /** Donation amount in minor units (DONATION tickets only). */
  amountCents?: number;
}

/**
 * What a line adds to the total. A donation counts at the amount typed (the minimum while none is typed);
 * an amount below the minimum counts nothing: checkout would refuse it.
 */
export function lineTotal(ticket: PublicTicket, priceCents: number, promo: PromoCode | null, sel: Selection) {
  if (ticket.price_type === 'DONATION' && sel.amountCents !== undefined && sel.amountCents < priceCents) {
    return 0;
  }
  return priceLine({
    ticketId: ticket.id,
    priceType: ticket.price_type,
    unitPriceCents: ticket.price_type === 'DONATION' ? (sel.amountCents ?? priceCents) : priceCents,
    quantity: sel.quantity,
    promo,
    taxesAndFees: ticket.taxes_and_fees,
  }).total_cents;
}

/** "21 %" or "0,50 €" for a tax or fee line. */
export function extraLabel(item: PublicTaxOrFee, format: PageFormat, currency: string) {
  return item.calculation === 'PERCENTAGE' ? format.percent(item.value) : format.money(item.value, currency);
}
