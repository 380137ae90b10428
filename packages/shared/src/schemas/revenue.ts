import { z } from 'zod';

/**
 * Revenue as the books read it, in minor units of the event currency: what buyers paid for the sales
 * (completed orders, taxes and fees included), what was refunded to them of those sales (refunds that
 * went through), and what stays. A cancelled order is no sale: neither its total nor its refunds count.
 */
export const revenueShape = {
  gross_revenue_cents: z.number().meta({
    description: 'What buyers paid for the sales: totals of completed orders, taxes and fees included',
  }),
  refunded_cents: z.number().meta({
    description: 'What was given back of those sales: their refunds that went through (pending ones not yet)',
  }),
  net_revenue_cents: z.number().meta({ description: 'gross_revenue_cents − refunded_cents' }),
};
/** `revenue_cents`, kept for existing clients: it is the net revenue now (refunds subtracted). */
export const netRevenueCents = z
  .number()
  .meta({ description: 'Net revenue, same as net_revenue_cents (refunds subtracted)' });

export type Revenue = { [K in keyof typeof revenueShape]: number };
