/**
 * Affiliates (the spec's "promoters"): partners who share the event link with `?aff=CODE`. Orders that
 * arrive through the link are credited to them; their sales count from completed orders only.
 */
import { z } from 'zod';

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

/** Completed orders credited to an affiliate (or to all of an event's affiliates). */
export interface AffiliateSales {
  orders_count: number;
  tickets_sold: number;
  revenue_cents: number;
}

export interface Affiliate {
  id: string;
  event_id: string;
  name: string;
  code: string;
  email: string | null;
  status: AffiliateStatus;
  sales: AffiliateSales;
  created_at: string;
  updated_at: string;
}

/** GET events/{id}/promoter/stats: the event's affiliate sales next to its sales as a whole. */
export interface PromoterStats {
  currency: string;
  affiliates_count: number;
  affiliate_sales: AffiliateSales;
  event_sales: AffiliateSales;
  top: Pick<Affiliate, 'id' | 'name' | 'code' | 'status' | 'sales'>[];
}

/** GET events/{id}/promoter/{promoterId}/stats: one affiliate's sales, day by day (event time zone). */
export interface PromoterDetailStats {
  currency: string;
  affiliate: Affiliate;
  daily: ({ date: string } & AffiliateSales)[];
}
