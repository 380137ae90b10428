/**
 * Affiliates (the spec's "promoters"): partners who share the event link with `?aff=CODE`. Orders that
 * arrive through the link are credited to them; their sales count from completed orders only.
 */
import { z } from 'zod';
import { netRevenueCents, revenueShape } from './revenue.ts';

export const AFFILIATE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

export const affiliateInput = z.strictObject({
  name: z.string().trim().min(1, { error: 'affiliates.name_required' }).max(149, {
    error: 'affiliates.name_too_long',
  }),
  code: z
    .string()
    .trim()
    .min(3, { error: 'affiliates.code_length' })
    .max(50, { error: 'affiliates.code_length' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'affiliates.code_chars' }),
  email: z
    .email()
    .max(254)
    .nullish()
    .or(z.literal('').transform(() => null)),
  status: z.enum(AFFILIATE_STATUSES).optional(),
});
export type AffiliateInput = z.infer<typeof affiliateInput>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

/** Completed orders credited to an affiliate (or to all of an event's affiliates), less their refunds. */
export const affiliateSalesSchema = z
  .object({
    orders_count: z.number(),
    tickets_sold: z.number(),
    ...revenueShape,
    revenue_cents: netRevenueCents,
  })
  .meta({ id: 'AffiliateSales' });
export type AffiliateSales = z.infer<typeof affiliateSalesSchema>;

export const affiliateSchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    name: z.string(),
    code: z.string(),
    email: z.string().nullable(),
    status: z.enum(AFFILIATE_STATUSES),
    sales: affiliateSalesSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Affiliate' });
export type Affiliate = z.infer<typeof affiliateSchema>;

/** GET events/{id}/promoter/stats: the event's affiliate sales next to its sales as a whole. */
export const promoterStatsSchema = z
  .object({
    currency: z.string(),
    affiliates_count: z.number(),
    affiliate_sales: affiliateSalesSchema,
    event_sales: affiliateSalesSchema,
    top: z.array(affiliateSchema.pick({ id: true, name: true, code: true, status: true, sales: true })),
  })
  .meta({ id: 'PromoterStats' });
export type PromoterStats = z.infer<typeof promoterStatsSchema>;

/** GET events/{id}/promoter/{promoterId}/stats: one affiliate's sales, day by day (event time zone). */
export const promoterDetailStatsSchema = z
  .object({
    currency: z.string(),
    affiliate: affiliateSchema,
    daily: z.array(
      z
        .object({
          date: z.string(),
        })
        .extend(affiliateSalesSchema.shape),
    ),
  })
  .meta({ id: 'PromoterDetailStats' });
export type PromoterDetailStats = z.infer<typeof promoterDetailStatsSchema>;
