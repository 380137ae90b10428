import type { PromoDiscountType } from '@taquilla/shared';
import { parseMinorUnits } from '@taquilla/shared/money';
import { type PromoCodeInput, promoCodeInput } from '@taquilla/shared/schemas/promo-codes';
import { fromWallTime } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';

/** The promo code form as typed: the discount in major units for FIXED, in percent for PERCENTAGE. */
export interface PromoCodeFormValues {
  code: string;
  discount_type: PromoDiscountType;
  discount: number | string;
  ticket_ids: string[];
  /** The dates it is limited to (#27); none: every date. */
  event_date_ids: string[];
  expiry_date: string | null;
  max_uses: number | string;
}

/** A typed fixed discount in minor units; one the currency cannot hold is NaN, which the schema refuses. */
function fixedDiscount(typed: number | string, currency: string): number {
  const read = parseMinorUnits(typed, currency);
  return read.ok ? read.value : Number.NaN;
}

/** What the form sends: the API's body, the discount in minor units (never clamped: the schema judges it). */
export function promoCodeBody(v: PromoCodeFormValues, currency: string, tz: string): PromoCodeInput {
  const typed = v.discount === '' ? null : v.discount;
  return {
    code: v.code.trim(),
    discount_type: v.discount_type,
    discount:
      v.discount_type === 'NONE' || typed === null
        ? null
        : v.discount_type === 'FIXED'
          ? fixedDiscount(typed, currency)
          : Number(typed),
    ticket_ids: v.ticket_ids,
    event_date_ids: v.event_date_ids,
    expiry_date: fromWallTime(v.expiry_date, tz),
    max_uses: v.max_uses === '' ? null : Number(v.max_uses),
  };
}

/**
 * The form's errors by field, judged by the shared schema (`promoCodeInput`) the server validates with and
 * worded by the one key → message map.
 */
export const promoCodeErrors = schemaValidate<PromoCodeInput>(promoCodeInput);
