import type { TicketPriceType } from '@taquilla/shared';
import { type TicketInput, ticketInput } from '@taquilla/shared/schemas/tickets';
import { fromWallTime } from '../../../lib/format.ts';
import { minorUnitsOf, moneyInputError } from '../../../lib/money-input.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';

/** A price tier as typed: money in major units, dates as wall times of the event. */
export type TierValues = {
  id?: string;
  label: string;
  price_cents: number | string;
  quantity: number | string;
  sale_start_date: string | null;
  sale_end_date: string | null;
  is_hidden: boolean;
  sold: number;
};

/** The ticket form's values: they mirror the API body so server errors (`prices.0.label`) land on their field. */
export type TicketValues = Omit<
  TicketInput,
  'description' | 'type' | 'prices' | 'sale_start_date' | 'sale_end_date' | 'min_per_order' | 'max_per_order'
> & {
  description: string;
  type: TicketPriceType;
  prices: TierValues[];
  sale_start_date: string | null;
  sale_end_date: string | null;
  min_per_order: number | string;
  max_per_order: number | string;
};

export const emptyTier = (): TierValues => ({
  label: '',
  price_cents: '',
  quantity: '',
  sale_start_date: null,
  sale_end_date: null,
  is_hidden: false,
  sold: 0,
});

/** An empty number field is left out (the server's default applies), never replaced by a number here. */
const num = (x: number | string) => (x === '' ? undefined : Number(x));

/** A typed price in minor units; one the currency cannot hold is NaN (its field says why). */
const priceCents = (typed: number | string, currency: string) =>
  moneyInputError(typed === '' ? 0 : typed, currency) ? Number.NaN : minorUnitsOf(typed, currency);

/** What the form sends: prices in minor units, wall times as instants of the event's zone. */
export function ticketBody(v: TicketValues, currency: string, tz: string): TicketInput {
  const tiered = v.type === 'TIERED';
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    type: v.type,
    prices: v.prices.map((p) => ({
      ...(p.id ? { id: p.id } : {}),
      label: tiered ? p.label.trim() : null,
      price_cents: v.type === 'FREE' ? 0 : priceCents(p.price_cents, currency),
      quantity: num(p.quantity) ?? null,
      sale_start_date: tiered ? fromWallTime(p.sale_start_date, tz) : null,
      sale_end_date: tiered ? fromWallTime(p.sale_end_date, tz) : null,
      is_hidden: tiered ? p.is_hidden : false,
    })),
    sale_start_date: fromWallTime(v.sale_start_date, tz),
    sale_end_date: fromWallTime(v.sale_end_date, tz),
    min_per_order: num(v.min_per_order),
    max_per_order: num(v.max_per_order),
    tax_ids: v.tax_ids,
    is_hidden: v.is_hidden,
    hidden_unless_promo_code: v.hidden_unless_promo_code,
    hide_before_sale_start: v.hide_before_sale_start,
    hide_after_sale_end: v.hide_after_sale_end,
    hide_when_sold_out: v.hide_when_sold_out,
    show_quantity_remaining: v.show_quantity_remaining,
    waitlist_enabled: v.waitlist_enabled,
  };
}

const validateTicket = schemaValidate<TicketInput>(ticketInput);

/**
 * The form's errors: the shared schema (`ticketInput`) judges the body the server would get; a price with
 * more decimals than the currency has is said as such first.
 */
export function ticketErrors(v: TicketValues, currency: string, tz: string): Record<string, string> {
  const errors = validateTicket(ticketBody(v, currency, tz)) as Record<string, string>;
  if (v.type === 'FREE') return errors;
  v.prices.forEach((p, i) => {
    const format = p.price_cents === '' ? null : moneyInputError(p.price_cents, currency);
    if (format) errors[`prices.${i}.price_cents`] = format;
  });
  return errors;
}
