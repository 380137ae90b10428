/**
 * Money is integer minor units of the amount's currency everywhere (cents of EUR, yen of JPY, pesos of CLP,
 * fils of KWD: `currencyDigits` says how many digits the currency has); never floats (DESIGN §1). The one
 * place both ends format, type and convert money.
 */

/** Percentage of an amount in minor units, rounded half up to a whole minor unit. `percent` may have decimals. */
export function percentOf(amountCents: number, percent: number): number {
  // Work in hundredths of a percent so 21.5 % stays exact.
  const bps = Math.round(percent * 100);
  return Math.floor((amountCents * bps + 5000) / 10000);
}

/** Building an Intl.NumberFormat costs far more than using one: one per locale and options, kept. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

const digitsOf = new Map<string, number>();
/** Minor-unit digits of an ISO currency (JPY and CLP have 0, most have 2, KWD has 3). */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

/** An integer scaled by 10^digits as an exact decimal: formatScaled(1250, 2) → "12.50", (-5, 3) → "-0.005". */
export function formatScaled(scaled: number, digits: number): string {
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Not a whole number of units: ${scaled}`);
  const abs = String(Math.abs(scaled)).padStart(digits + 1, '0');
  const units = abs.slice(0, abs.length - digits);
  const sign = scaled < 0 ? '-' : '';
  return digits === 0 ? `${sign}${units}` : `${sign}${units}.${abs.slice(abs.length - digits)}`;
}

/**
 * An amount in minor units as an exact decimal in major units, the way a form field or JSON-LD writes it:
 * fromMinorUnits(1250, 'EUR') → "12.50", fromMinorUnits(500, 'JPY') → "500", fromMinorUnits(1, 'KWD') → "0.001".
 */
export const fromMinorUnits = (minor: number, currency: string): string =>
  formatScaled(minor, currencyDigits(currency));

/** Formats minor units for display in the reader's locale: formatMoney(1250, 'EUR', 'es') → "12,50 €", (500, 'CLP') → "500 CLP". */
export function formatMoney(minor: number, currency: string, locale = 'es'): string {
  // Intl formats a decimal string exactly (no float in between), with the currency's own digits.
  return numberFormat(locale, { style: 'currency', currency }).format(
    fromMinorUnits(minor, currency) as Intl.StringNumericLiteral,
  );
}

/**
 * Minor units as the locale writes the number alone, without symbol or grouping — what a buyer would type
 * in an amount field: formatMajorUnits(1250, 'EUR', 'es') → "12,50", (1500, 'JPY', 'es') → "1500".
 */
export function formatMajorUnits(minor: number, currency: string, locale = 'es'): string {
  const digits = currencyDigits(currency);
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(fromMinorUnits(minor, currency) as Intl.StringNumericLiteral);
}

/** A plain number in the locale: formatNumber(1234.5, 'es') → "1234,5" (Spanish groups from 10 000). */
export function formatNumber(n: number, locale = 'es'): string {
  return numberFormat(locale, {}).format(n);
}

/** A locale's decimal and grouping signs: es → { decimal: ',', group: '.' }, en → { decimal: '.', group: ',' }. */
export function numberSeparators(locale = 'es'): { decimal: string; group: string } {
  const parts = numberFormat(locale, {}).formatToParts(12_345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/** Why typed money (or a typed percentage) was refused: not a number, more decimals than the currency has, or too large to hold. */
export type MoneyInputProblem = 'not_a_number' | 'too_many_digits' | 'too_large';

const DECIMAL = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

/**
 * Reads a decimal — typed ("12,50", "12.5") or a number from a field (12.5) — as an integer scaled by
 * 10^digits, exactly. More decimals than `digits` are refused, never rounded — zeros too: "1.000" CLP may
 * mean a thousand pesos, so it is refused rather than read as one. Thousands separators are not accepted.
 */
export function parseScaled(
  value: string | number,
  digits: number,
): { ok: true; value: number } | { ok: false; problem: MoneyInputProblem } {
  // String(n) of a double is its shortest exact decimal (0.29 → "0.29"); exponents are refused below.
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (!match[2] && !match[3])) return { ok: false, problem: 'not_a_number' };
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return { ok: false, problem: 'too_many_digits' };
  const scaled = BigInt(`${whole || '0'}${fraction.padEnd(digits, '0')}`) * (sign === '-' ? -1n : 1n);
  if (scaled > BigInt(Number.MAX_SAFE_INTEGER) || scaled < -BigInt(Number.MAX_SAFE_INTEGER))
    return { ok: false, problem: 'too_large' };
  return { ok: true, value: Number(scaled) || 0 };
}

/** An amount in major units of the currency as exact minor units (see `parseScaled`). */
export const parseMinorUnits = (major: string | number, currency: string) =>
  parseScaled(major, currencyDigits(currency));

/** `parseMinorUnits` that throws: toMinorUnits('12,50', 'EUR') → 1250, toMinorUnits(500, 'JPY') → 500. */
export function toMinorUnits(major: string | number, currency: string): number {
  const read = parseMinorUnits(major, currency);
  if (!read.ok) throw new RangeError(`${read.problem}: ${major} ${currency}`);
  return read.value;
}

/**
 * A percentage kept in hundredths of a percent (basis points: 2150 = 21.5 %), as the reader's locale
 * writes percentages: "21,5 %" (es), "21.5%" (en).
 */
export function formatPercent(hundredths: number, locale = 'es'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(hundredths / 10_000);
}
