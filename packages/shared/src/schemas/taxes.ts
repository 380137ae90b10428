import { z } from 'zod';
import { TAX_CALCULATIONS, TAX_TYPES } from '../enums.ts';

/**
 * Taxes and fees of an account. `value` is basis points for PERCENTAGE (2100 = 21 %) and minor units for
 * FIXED, so no floats ever cross the API. A fee belongs to the account while each event has its own
 * currency, and a fee has no currency of its own: a FIXED value is charged as minor units of the event's
 * currency (pricing.ts), and the back office types and shows it in the account's currency. So a 500 fee
 * is 500 pesos on an account's CLP events and 5,00 € on its EUR events; an account selling in several
 * currencies keeps one fixed fee per currency (applied to the tickets of those events).
 */
export const TAX_PERCENTAGE_MAX_BP = 10_000;
export const TAX_FIXED_MAX_CENTS = 100_000_000;

const taxBase = z.strictObject({
  name: z.string().trim().min(1).max(100),
  type: z.enum(TAX_TYPES),
  calculation: z.enum(TAX_CALCULATIONS),
  value: z.number().int().min(0),
  is_default: z.boolean().optional(),
  is_active: z.boolean().optional(),
});

/** The ceiling hangs on the calculation: 100 % for a percentage, a sane amount for a fixed fee. */
export const createTaxSchema = taxBase.superRefine((tax, ctx) => {
  if (tax.calculation === 'PERCENTAGE' && tax.value > TAX_PERCENTAGE_MAX_BP) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'taxes_and_fees.percentage_max' });
  }
  if (tax.calculation === 'FIXED' && tax.value > TAX_FIXED_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'taxes_and_fees.fixed_max' });
  }
});
export const updateTaxSchema = taxBase.partial();

export type CreateTaxInput = z.infer<typeof createTaxSchema>;
export type UpdateTaxInput = z.infer<typeof updateTaxSchema>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const taxOrFeeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['TAX', 'FEE']),
    calculation: z.enum(['PERCENTAGE', 'FIXED']),
    value: z.number(),
    is_default: z.boolean(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'TaxOrFee' });
export type TaxOrFee = z.infer<typeof taxOrFeeSchema>;
