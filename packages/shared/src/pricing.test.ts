import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TICKET_PRICE_TYPES } from './enums.ts';
import {
  orderTotals,
  type PricingTaxOrFee,
  priceLine,
  unitDiscountCents,
  unitTaxesAndFees,
} from './pricing.ts';

const cents = fc.integer({ min: 0, max: 10_000_000 });
const priceType = fc.constantFrom(...TICKET_PRICE_TYPES);
const promo = fc.oneof(
  fc.record({ discount_type: fc.constant('NONE' as const), discount: fc.constant(0) }),
  fc.record({ discount_type: fc.constant('FIXED' as const), discount: cents }),
  fc.record({
    discount_type: fc.constant('PERCENTAGE' as const),
    discount: fc.integer({ min: 0, max: 100 }),
  }),
);
const taxOrFee: fc.Arbitrary<PricingTaxOrFee> = fc.record({
  id: fc.uuid(),
  name: fc.string({ minLength: 1, maxLength: 10 }),
  type: fc.constantFrom('TAX' as const, 'FEE' as const),
  calculation: fc.constantFrom('PERCENTAGE' as const, 'FIXED' as const),
  value: fc.integer({ min: 0, max: 10_000 }),
});

describe('unitDiscountCents', () => {
  it('is an integer between 0 and the price, and 0 for FREE and DONATION', () => {
    fc.assert(
      fc.property(priceType, cents, promo, (type, price, p) => {
        const d = unitDiscountCents(type, price, p);
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(price);
        if (type === 'FREE' || type === 'DONATION' || p.discount_type === 'NONE') expect(d).toBe(0);
      }),
    );
  });

  it('rounds percentages half up to the cent', () => {
    expect(unitDiscountCents('PAID', 1005, { discount_type: 'PERCENTAGE', discount: 10 })).toBe(101); // 100.5
    expect(unitDiscountCents('PAID', 1004, { discount_type: 'PERCENTAGE', discount: 10 })).toBe(100); // 100.4
    expect(unitDiscountCents('PAID', 999, { discount_type: 'PERCENTAGE', discount: 100 })).toBe(999);
    expect(unitDiscountCents('TIERED', 500, { discount_type: 'FIXED', discount: 800 })).toBe(500);
  });

  it('PERCENTAGE equals the exact value rounded half up', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 100 }), (price, pct) => {
        const d = unitDiscountCents('PAID', price, { discount_type: 'PERCENTAGE', discount: pct });
        // exact = price*pct/100; half-up: |d - exact| <= 0.5 and ties go up
        const twice = 2 * price * pct; // 200 × exact
        expect(Math.abs(200 * d - twice)).toBeLessThanOrEqual(100);
        if ((price * pct) % 100 === 50) expect(100 * d).toBeGreaterThan(price * pct);
      }),
    );
  });
});

describe('unitTaxesAndFees', () => {
  it('never negative; sums of items; 21 % of 10,00 is 2,10', () => {
    fc.assert(
      fc.property(cents, fc.array(taxOrFee, { maxLength: 5 }), (amount, items) => {
        const r = unitTaxesAndFees(amount, items);
        expect(r.taxes_cents).toBeGreaterThanOrEqual(0);
        expect(r.fees_cents).toBeGreaterThanOrEqual(0);
        const sum = r.items.reduce((s, i) => s + i.amount_cents, 0);
        expect(r.taxes_cents + r.fees_cents).toBe(sum);
        for (const i of r.items) expect(Number.isInteger(i.amount_cents)).toBe(true);
      }),
    );
    const vat = {
      id: 'v',
      name: 'IVA',
      type: 'TAX' as const,
      calculation: 'PERCENTAGE' as const,
      value: 2100,
    };
    expect(unitTaxesAndFees(1000, [vat]).taxes_cents).toBe(210);
    expect(unitTaxesAndFees(1, [{ ...vat, value: 5000 }]).taxes_cents).toBe(1); // 0.5 rounds up
    expect(unitTaxesAndFees(333, [{ ...vat, value: 1050 }]).taxes_cents).toBe(35); // 34.965
  });
});

describe('priceLine', () => {
  it('total = (price − discount + taxes + fees) × quantity, all parts non-negative', () => {
    fc.assert(
      fc.property(
        priceType,
        cents,
        fc.integer({ min: 0, max: 100 }),
        fc.option(promo.map((p) => ({ ...p, ticket_ids: [] as string[] }))),
        fc.array(taxOrFee, { maxLength: 4 }),
        (type, price, quantity, p, items) => {
          const line = priceLine({
            ticketId: 't',
            priceType: type,
            unitPriceCents: price,
            quantity,
            promo: p,
            taxesAndFees: items,
          });
          for (const value of Object.values(line)) {
            if (typeof value === 'number') expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(line.total_cents).toBe(line.unit_total_cents * quantity);
          expect(line.total_cents).toBe(line.subtotal_cents + line.taxes_cents + line.fees_cents);
          expect(line.subtotal_cents + line.discount_cents).toBe(line.unit_price_cents * quantity);
          if (type === 'FREE') {
            expect(line.total_cents).toBe(0);
            expect(line.taxes_and_fees).toEqual([]);
          }
        },
      ),
    );
  });

  it('a FREE ticket costs 0 even with a FIXED fee and a tax selected for it', () => {
    const line = priceLine({
      ticketId: 'a',
      priceType: 'FREE',
      unitPriceCents: 0,
      quantity: 3,
      taxesAndFees: [
        { id: '1', name: 'IVA', type: 'TAX', calculation: 'PERCENTAGE', value: 2100 },
        { id: '2', name: 'Gestión', type: 'FEE', calculation: 'FIXED', value: 150 },
      ],
    });
    expect(line).toMatchObject({ total_cents: 0, fees_cents: 0, taxes_cents: 0, taxes_and_fees: [] });
  });

  it('a promo limited to other tickets does not discount', () => {
    const line = priceLine({
      ticketId: 'a',
      priceType: 'PAID',
      unitPriceCents: 2000,
      quantity: 2,
      promo: { discount_type: 'PERCENTAGE', discount: 50, ticket_ids: ['b'] },
    });
    expect(line.discount_cents).toBe(0);
    expect(line.total_cents).toBe(4000);
  });

  it('a worked example: 2 × 25,00 €, 10 % off, IVA 21 %, 1,50 € fee', () => {
    const line = priceLine({
      ticketId: 'a',
      priceType: 'PAID',
      unitPriceCents: 2500,
      quantity: 2,
      promo: { discount_type: 'PERCENTAGE', discount: 10, ticket_ids: [] },
      taxesAndFees: [
        { id: '1', name: 'IVA', type: 'TAX', calculation: 'PERCENTAGE', value: 2100 },
        { id: '2', name: 'Gestión', type: 'FEE', calculation: 'FIXED', value: 150 },
      ],
    });
    expect(line.unit_discount_cents).toBe(250);
    expect(line.unit_taxes_cents).toBe(473); // 21 % of 22,50 = 4,725 → 4,73
    expect(line.total_cents).toBe(2 * (2250 + 473 + 150));
    expect(orderTotals([line])).toEqual({
      subtotal_cents: 5000,
      discount_cents: 500,
      taxes_cents: 946,
      fees_cents: 300,
      total_cents: 5746,
    });
  });
});

describe('zero-decimal currencies (CLP, JPY): amounts are whole pesos and yen', () => {
  const fee = (value: number): PricingTaxOrFee => ({
    id: 'fee',
    name: 'Gestión',
    type: 'FEE',
    calculation: 'FIXED',
    value,
  });
  const vat = (bp: number): PricingTaxOrFee => ({
    id: 'vat',
    name: 'IVA',
    type: 'TAX',
    calculation: 'PERCENTAGE',
    value: bp,
  });

  it('charges a fixed fee of 500 CLP as 500 pesos, with 19 % IVA on 15.000', () => {
    const line = priceLine({
      ticketId: 't',
      priceType: 'PAID',
      unitPriceCents: 15_000,
      quantity: 2,
      taxesAndFees: [vat(1900), fee(500)],
    });
    expect(line).toMatchObject({ unit_taxes_cents: 2850, unit_fees_cents: 500, unit_total_cents: 18_350 });
    expect(line.total_cents).toBe(36_700);
  });

  it('rounds a JPY percentage half up to a whole yen, once per unit', () => {
    // 10 % of 995 yen is 99.5 → 100; of 994 yen 99.4 → 99.
    expect(unitTaxesAndFees(995, [vat(1000)]).taxes_cents).toBe(100);
    expect(unitTaxesAndFees(994, [vat(1000)]).taxes_cents).toBe(99);
    const line = priceLine({
      ticketId: 't',
      priceType: 'PAID',
      unitPriceCents: 995,
      quantity: 3,
      promo: { discount_type: 'FIXED', discount: 95, ticket_ids: [] },
      taxesAndFees: [vat(1000), fee(100)],
    });
    // (995 − 95) = 900; + 90 tax + 100 fee = 1090 a unit.
    expect(line).toMatchObject({ unit_total_cents: 1090, total_cents: 3270, discount_cents: 285 });
  });

  it('always yields whole minor units, whatever the price, percentage and fee', () => {
    fc.assert(
      fc.property(
        cents,
        fc.integer({ min: 0, max: 10_000 }),
        cents,
        fc.integer({ min: 1, max: 20 }),
        (p, bp, f, q) => {
          const line = priceLine({
            ticketId: 't',
            priceType: 'PAID',
            unitPriceCents: p,
            quantity: q,
            taxesAndFees: [vat(bp), fee(f)],
          });
          for (const amount of [line.unit_taxes_cents, line.unit_fees_cents, line.total_cents])
            expect(Number.isSafeInteger(amount)).toBe(true);
          expect(line.unit_fees_cents).toBe(f);
          expect(line.total_cents).toBe(line.unit_total_cents * q);
        },
      ),
    );
  });
});
