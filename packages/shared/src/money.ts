/** Money is integer minor units (cents) everywhere; never floats (DESIGN §1). */

/** Percentage of an amount in cents, rounded half up to a whole cent. `percent` may have decimals. */
export function percentOf(amountCents: number, percent: number): number {
  // Work in hundredths of a percent so 21.5 % stays exact.
  const bps = Math.round(percent * 100);
  return Math.floor((amountCents * bps + 5000) / 10000);
}

/** Building an Intl.NumberFormat costs far more than using one: one per locale and currency, kept. */
const formats = new Map<string, Intl.NumberFormat>();
function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** Formats cents for display, e.g. formatMoney(1250, 'EUR', 'es') → "12,50 €". */
export function formatMoney(cents: number, currency: string, locale = 'es'): string {
  const digits = currencyDigits(currency);
  return currencyFormat(locale, currency).format(cents / 10 ** digits);
}

/** Minor-unit digits of an ISO currency (JPY has 0, most have 2). */
export function currencyDigits(currency: string): number {
  return currencyFormat('en', currency).resolvedOptions().maximumFractionDigits ?? 2;
}
