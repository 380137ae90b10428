import { orderTotals, priceLine } from '@taquilla/shared/pricing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseWithin, creditBreakdown, type InvoiceLine, invoiceBreakdown } from './breakdown.ts';

/**
 * The breakdown of random orders priced by the checkout's own arithmetic (shared/pricing.ts): bases and
 * VAT in integer minor units that add up to the order's total to the cent, and VAT equal to the
 * CuotaTotal the database writes (the order's taxes plus the VAT inside its fees); credit notes add up
 * to what they credit.
 */
const tax = fc.record({
  name: fc.constantFrom('IVA', 'Tasa municipal'),
  type: fc.constantFrom<'TAX' | 'FEE'>('TAX', 'FEE'),
  calculation: fc.constantFrom<'PERCENTAGE' | 'FIXED'>('PERCENTAGE', 'FIXED'),
  value: fc.oneof(fc.constantFrom(400, 1000, 2100), fc.integer({ min: 0, max: 5000 })),
});
const line = fc.record({
  price: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  discount: fc.option(fc.integer({ min: 0, max: 100 })),
  taxes: fc.uniqueArray(tax, { maxLength: 3, selector: (t) => `${t.type}${t.calculation}${t.name}` }),
});

type Line = typeof line extends fc.Arbitrary<infer T> ? T : never;

function priced(lines: Line[]) {
  return lines.map((l, i) =>
    priceLine({
      ticketId: `t${i}`,
      priceType: 'PAID',
      unitPriceCents: l.price,
      quantity: l.quantity,
      promo:
        l.discount === null ? null : { discount_type: 'PERCENTAGE', discount: l.discount, ticket_ids: [] },
      taxesAndFees: l.taxes.map((t, j) => ({ ...t, id: `x${j}` })),
    }),
  );
}

const asInvoiceLines = (lines: ReturnType<typeof priced>): InvoiceLine[] =>
  lines.map((l) => ({
    ticket_name: 'Entrada',
    price_label: null,
    quantity: l.quantity,
    unit_price_cents: l.unit_price_cents,
    unit_discount_cents: l.unit_discount_cents,
    taxes_cents: l.taxes_cents,
    fees_cents: l.fees_cents,
    total_cents: l.total_cents,
    taxes_and_fees: l.taxes_and_fees,
  }));

describe('invoice breakdown', () => {
  it('adds up to the order to the cent, with the VAT the database records', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 3000 }),
        (lines, feeRate) => {
          const p = priced(lines);
          const totals = orderTotals(p);
          const b = invoiceBreakdown(asInvoiceLines(p), feeRate);
          expect(b.total_cents).toBe(totals.total_cents);
          expect(b.base_cents + b.tax_cents).toBe(totals.total_cents);
          // invoice_issue (migration 0018): taxes + fees − round(fees × 10000 / (10000 + rate)).
          expect(b.tax_cents).toBe(
            totals.taxes_cents +
              totals.fees_cents -
              Math.round((totals.fees_cents * 10000) / (10000 + feeRate)),
          );
          expect(b.rows.reduce((n, r) => n + r.tax_cents, 0)).toBe(b.tax_cents);
          for (const r of b.rows) {
            expect(Number.isInteger(r.base_cents) && r.base_cents >= 0).toBe(true);
            expect(Number.isInteger(r.tax_cents) && r.tax_cents >= 0).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('credits any part of an invoice with rows that add up to exactly what is credited', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, share) => {
          const b = invoiceBreakdown(asInvoiceLines(priced(lines)), 2100);
          const total = Math.round(b.total_cents * share);
          const tax = b.total_cents === 0 ? 0 : Math.round((b.tax_cents * total) / b.total_cents);
          const c = creditBreakdown(b, 0 - total, 0 - tax);
          expect(c.total_cents).toBe(0 - total);
          expect(c.rows.reduce((n, r) => n + r.tax_cents, 0)).toBe(0 - tax);
          expect(c.rows.reduce((n, r) => n + r.base_cents + r.tax_cents, 0)).toBe(0 - total);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes the VAT out of an amount that includes it, half up', () => {
    expect(baseWithin(121, 2100)).toBe(100);
    expect(baseWithin(100, 2100)).toBe(83);
    expect(baseWithin(0, 2100)).toBe(0);
    expect(baseWithin(500, 0)).toBe(500);
  });
});
