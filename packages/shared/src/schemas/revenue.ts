import { z } from 'zod';

/**
 * Revenue as the books read it, in minor units of the event currency: what buyers paid for the sales
 * (completed orders, taxes and fees included), what was refunded to them of those sales (refunds that
 * went through), and what stays. A cancelled order is no sale: neither its total nor its refunds count.
 */
export const revenueShape = {
  /** What buyers paid for the sales: totals of completed orders, taxes and fees included. */
  gross_revenue_cents: z.number(),
  /** What was given back of those sales: their refunds that went through (pending ones not yet). */
  refunded_cents: z.number(),
  /** gross_revenue_cents − refunded_cents. */
  net_revenue_cents: z.number(),
};
export type Revenue = { [K in keyof typeof revenueShape]: number };
