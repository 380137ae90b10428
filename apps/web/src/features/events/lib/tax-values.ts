import { createTaxSchema, type TaxOrFee } from '@taquilla/shared/schemas/taxes';
import { hundredthsOf, minorUnitsOf, moneyInputError, percentInputError } from '../../../lib/money-input.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';

/** The tax form's values: the amount as typed (a percentage, or major units of the account's currency). */
export type TaxValues = {
  name: string;
  type: TaxOrFee['type'];
  calculation: TaxOrFee['calculation'];
  amount: number | string;
  is_default: boolean;
  is_active: boolean;
  currency: string;
};

/**
 * Percentages travel as basis points; a fixed amount as minor units of the account's currency, which
 * checkout charges as minor units of each event's currency (see schemas/taxes.ts). Empty: no value.
 */
export function taxValue(v: TaxValues): number | undefined {
  if (v.amount === '') return undefined;
  if (v.calculation === 'PERCENTAGE') return hundredthsOf(v.amount);
  return moneyInputError(v.amount, v.currency) ? undefined : minorUnitsOf(v.amount, v.currency);
}

const validateTax = schemaValidate<TaxValues>(createTaxSchema, {
  toInput: ({ amount, currency, ...v }) => ({
    ...v,
    name: v.name.trim(),
    value: taxValue({ amount, currency, ...v }),
  }),
  fields: { value: 'amount' },
});

/** An amount that is not a number in this format says so; a number is then the shared schema's to judge. */
export function validateTaxForm(values: TaxValues) {
  const format =
    values.amount === ''
      ? null
      : values.calculation === 'PERCENTAGE'
        ? percentInputError(values.amount)
        : moneyInputError(values.amount, values.currency);
  return { ...validateTax(values), ...(format ? { amount: format } : {}) };
}
