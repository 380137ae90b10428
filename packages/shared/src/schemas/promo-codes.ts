/** Promo codes: access codes and discounts, unique per event, case-insensitive. */
import { z } from 'zod';
import { PROMO_DISCOUNT_TYPES } from '../enums.ts';
import { eventDateRefSchema } from './event-dates.ts';

/** At most this many dates a promo code or capacity assignment may be limited to (an event has ≤ 5,000). */
export const MAX_LIMITED_DATES = 5_000;

export const promoCodeInput = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(3, { error: 'promo_codes.code_length' })
      .max(50, { error: 'promo_codes.code_length' })
      .regex(/^\S+$/, { error: 'promo_codes.code_spaces' }),
    discount_type: z.enum(PROMO_DISCOUNT_TYPES),
    /** Minor units per ticket for FIXED, whole percent for PERCENTAGE (at most 100); ignored for NONE. */
    discount: z
      .number()
      .int({ error: 'promo_codes.discount_whole' })
      .min(0, { error: 'promo_codes.discount_negative' })
      .max(100_000_000)
      .nullable()
      .optional(),
    ticket_ids: z.array(z.uuid()).max(500).optional(),
    /** The event dates the code may be used on (#27); empty or omitted: every date. */
    event_date_ids: z.array(z.uuid()).max(MAX_LIMITED_DATES).optional(),
    expiry_date: z.iso.datetime({ offset: true }).nullable().optional(),
    max_uses: z
      .number()
      .int({ error: 'promo_codes.max_uses_range' })
      .min(1, { error: 'promo_codes.max_uses_range' })
      .max(10_000_000, { error: 'promo_codes.max_uses_range' })
      .nullable()
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.discount_type === 'PERCENTAGE' && (p.discount ?? 0) > 100) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'promo_codes.percentage_range' });
    }
    if (p.discount_type !== 'NONE' && p.discount == null) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'promo_codes.discount_required' });
    }
    if (p.discount_type !== 'NONE' && p.discount === 0) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'promo_codes.discount_zero' });
    }
  });
export type PromoCodeInput = z.infer<typeof promoCodeInput>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const promoCodeStatusSchema = z.enum(['ACTIVE', 'EXPIRED', 'USED_UP']);
export type PromoCodeStatus = z.infer<typeof promoCodeStatusSchema>;

export const promoCodeSchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    code: z.string(),
    discount_type: z.enum(PROMO_DISCOUNT_TYPES),
    discount: z.number(),
    ticket_ids: z.array(z.string()),
    /** The dates the code is limited to (empty: every date), and those dates (start, end, place). */
    event_date_ids: z.array(z.string()),
    event_dates: z.array(eventDateRefSchema),
    expiry_date: z.string().nullable(),
    max_uses: z.number().nullable(),
    /** Orders completed, awaiting offline payment or still reserved with this code. */
    usage_count: z.number(),
    status: promoCodeStatusSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'PromoCode' });
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodeValiditySchema = z
  .object({
    valid: z.boolean(),
  })
  .meta({ id: 'PromoCodeValidity' });
export type PromoCodeValidity = z.infer<typeof promoCodeValiditySchema>;
