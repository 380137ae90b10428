/**
 * An invoice's figures per VAT rate, from the lines it was issued with (integer minor units): each
 * line's taxable base is its discounted price × quantity, each TAX it carries is a row at its rate (a
 * FIXED tax a row of its own), a line without taxes is a row at 0 %, and the fees carry the account's
 * fees VAT rate included in them. The VAT total is what the database wrote as CuotaTotal
 * (migration 0018, `invoice_issue`): the order's taxes plus the VAT inside its fees.
 */
export interface InvoiceLine {
  ticket_name: string;
  price_label: string | null;
  quantity: number;
  unit_price_cents: number;
  unit_discount_cents: number;
  taxes_cents: number;
  fees_cents: number;
  total_cents: number;
  taxes_and_fees: {
    name: string;
    type: 'TAX' | 'FEE';
    calculation: 'PERCENTAGE' | 'FIXED';
    value: number;
    amount_cents: number;
  }[];
}

export interface TaxRow {
  /** What the row is: a rate (basis points), a fixed tax by name, or the fees. */
  kind: 'RATE' | 'FIXED_TAX' | 'FEES';
  rate_bp: number | null;
  name: string | null;
  base_cents: number;
  tax_cents: number;
}

export interface Breakdown {
  rows: TaxRow[];
  /** Each line's base once, plus the fees without their VAT. */
  base_cents: number;
  tax_cents: number;
  total_cents: number;
}

/** The part of an amount that is not VAT when `rateBp` VAT is included in it (half-up, exact). */
export function baseWithin(amountCents: number, rateBp: number): number {
  const d = 10_000 + rateBp;
  return Math.floor((2 * amountCents * 10_000 + d) / (2 * d));
}

export function invoiceBreakdown(lines: InvoiceLine[], feesVatRateBp: number): Breakdown {
  const rows = new Map<string, TaxRow>();
  const row = (key: string, init: Omit<TaxRow, 'base_cents' | 'tax_cents'>) => {
    let r = rows.get(key);
    if (!r) {
      r = { ...init, base_cents: 0, tax_cents: 0 };
      rows.set(key, r);
    }
    return r;
  };
  let base = 0;
  let tax = 0;
  let fees = 0;
  for (const line of lines) {
    const lineBase = (line.unit_price_cents - line.unit_discount_cents) * line.quantity;
    base += lineBase;
    tax += line.taxes_cents;
    fees += line.fees_cents;
    const taxes = line.taxes_and_fees.filter((t) => t.type === 'TAX');
    if (taxes.length === 0) row('rate:0', { kind: 'RATE', rate_bp: 0, name: null }).base_cents += lineBase;
    for (const t of taxes) {
      const r =
        t.calculation === 'PERCENTAGE'
          ? row(`rate:${t.value}`, { kind: 'RATE', rate_bp: t.value, name: null })
          : row(`fixed:${t.name}`, { kind: 'FIXED_TAX', rate_bp: null, name: t.name });
      r.base_cents += lineBase;
      r.tax_cents += t.amount_cents * line.quantity;
    }
  }
  if (fees > 0) {
    const feeBase = baseWithin(fees, feesVatRateBp);
    const r = row('fees', { kind: 'FEES', rate_bp: feesVatRateBp, name: null });
    r.base_cents += feeBase;
    r.tax_cents += fees - feeBase;
    base += feeBase;
    tax += fees - feeBase;
  }
  const rank = { RATE: 0, FIXED_TAX: 1, FEES: 2 };
  const sorted = [...rows.values()].sort(
    (a, b) => rank[a.kind] - rank[b.kind] || (a.rate_bp ?? 0) - (b.rate_bp ?? 0),
  );
  return { rows: sorted, base_cents: base, tax_cents: tax, total_cents: base + tax };
}

/** Splits `total` over `weights` in proportion, to the unit: the largest remainders get the leftovers. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (w * total) / sum);
  const floors = exact.map(Math.floor);
  let left = total - floors.reduce((n, f) => n + f, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left--;
  }
  return floors;
}

/**
 * A credit note's breakdown: the invoice's rows in proportion to what it credits, negative, adding up
 * exactly to its stored total and VAT.
 */
export function creditBreakdown(invoice: Breakdown, totalCents: number, taxCents: number): Breakdown {
  const credit = Math.abs(totalCents);
  const creditTax = Math.abs(taxCents);
  const taxes = apportion(
    creditTax,
    invoice.rows.map((r) => r.tax_cents),
  );
  const bases = apportion(
    credit - creditTax,
    invoice.rows.map((r) => r.base_cents),
  );
  const rows = invoice.rows.map((r, i) => ({
    ...r,
    base_cents: 0 - (bases[i] ?? 0),
    tax_cents: 0 - (taxes[i] ?? 0),
  }));
  return { rows, base_cents: 0 - (credit - creditTax), tax_cents: 0 - creditTax, total_cents: 0 - credit };
}
