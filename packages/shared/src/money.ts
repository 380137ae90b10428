/** Money is integer minor units (cents) everywhere; never floats (DESIGN §1). */

/** Percentage of an amount in cents, rounded half up to a whole cent. `percent` may have decimals. */
export function percentOf(amountCents: number, percent: number): number {
  // Work in hundredths of a percent so 21.5 % stays exact.
  const bps = Math.round(percent * 100);
  return Math.floor((amountCents * bps + 5000) / 10000);
}

/** Formats cents for display, e.g. formatMoney(1250, 'EUR', 'es') → "12,50 €". */
export function formatMoney(cents: number, currency: string, locale = 'es'): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 10 ** digits);
}

/** Minor-unit digits of an ISO currency (JPY has 0, most have 2). */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
