import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import {
  currencyDigits,
  formatScaled,
  fromMinorUnits,
  numberSeparators,
  parseMinorUnits,
  parseScaled,
  toMinorUnits,
} from '@taquilla/shared/money';

/**
 * Amount fields take major units with the currency's own digits (12,50 €, 500 JPY, 1,234 KWD); percentage
 * fields take up to two decimals. More decimals than that is an error said in the field, never a silent
 * rounding or a digit cut off while typing. `@lingui/core` directly: the buyer's light pages use this too.
 */
type Field = number | string | null | undefined;

export function moneyInputError(value: Field, currency: string): string | null {
  const read = value === null || value === undefined ? null : parseMinorUnits(value, currency);
  if (read?.ok) return null;
  if (read?.problem !== 'too_many_digits') return i18n._(msg`Introduce un importe válido.`);
  const digits = currencyDigits(currency);
  return digits === 0
    ? i18n._(msg`Los importes en ${currency} no llevan decimales.`)
    : i18n._(
        msg`Los importes en ${currency} llevan como máximo ${plural(digits, { one: '# decimal', other: '# decimales' })}.`,
      );
}

/**
 * The number field's separators, the active locale's: "1.000" is a thousand pesos in Spanish (not one
 * with three decimals) and "12.50" twelve and a half in English.
 */
export function amountFieldProps() {
  const { decimal, group } = numberSeparators(i18n.locale);
  return { decimalSeparator: decimal, thousandSeparator: group };
}

/** A field's amount (already checked with `moneyInputError`) in minor units; an empty field is 0. */
export const minorUnitsOf = (value: Field, currency: string) =>
  value === '' || value === null || value === undefined ? 0 : toMinorUnits(value, currency);

/** Minor units as a number field shows them: 1250 EUR → 12.5 (exact: its shortest decimal is "12.5"). */
export const majorUnitsOf = (minor: number, currency: string) => Number(fromMinorUnits(minor, currency));

/** Percentages travel in hundredths of a percent (2150 = 21,5 %). */
export function percentInputError(value: Field): string | null {
  const read = value === null || value === undefined ? null : parseScaled(value, 2);
  if (read?.ok) return null;
  return read?.problem === 'too_many_digits'
    ? i18n._(msg`El porcentaje lleva como máximo 2 decimales.`)
    : i18n._(msg`Introduce un porcentaje válido.`);
}

export const hundredthsOf = (value: Field) => {
  const read = value === '' || value === null || value === undefined ? null : parseScaled(value, 2);
  return read?.ok ? read.value : 0;
};

export const percentOfHundredths = (hundredths: number) => Number(formatScaled(hundredths, 2));
