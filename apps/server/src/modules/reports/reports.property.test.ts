import { calendarDay } from '@taquilla/shared/dates';
import { orderTotals, type PricingPromo, type PricingTaxOrFee, priceLine } from '@taquilla/shared/pricing';
import type { Report } from '@taquilla/shared/schemas/reports';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orderRefunds, orders, payments } from '../../db/schema/index.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAffiliate, addTicket, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * "Books add up" (DESIGN §5) for the reports: random orders in every state, with promo codes, affiliates,
 * taxes and fees, partial and full refunds (some pending, failed or returning a second payment) and
 * cancellations, at random moments over three weeks, are written to the database; every report of the
 * event (and the account's revenue) for a random date range must then equal, to the cent, the sums
 * computed here from the generated order rows with the books' rule written out independently: a sale is a
 * COMPLETED order on the day it completed; a refund counts when it SUCCEEDED, is not the return of a
 * second payment, belongs to a COMPLETED order, and falls on the day it was made.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZONE = 'Europe/Madrid';
const DAY = 86_400_000;
const IVA21: PricingTaxOrFee = {
  id: 'iva21',
  name: 'IVA',
  type: 'TAX',
  calculation: 'PERCENTAGE',
  value: 2100,
};
const IVA10: PricingTaxOrFee = {
  id: 'iva10',
  name: 'IVA reducido',
  type: 'TAX',
  calculation: 'PERCENTAGE',
  value: 1000,
};
const FEE: PricingTaxOrFee = {
  id: 'fee',
  name: 'Gastos de gestión',
  type: 'FEE',
  calculation: 'FIXED',
  value: 75,
};
/** The taxes and fees of the three tickets. */
const TICKET_TAXES = [[IVA21, FEE], [IVA10], []];
const PROMOS: Record<string, PricingPromo> = {
  VERANO: { discount_type: 'PERCENTAGE', discount: 15, ticket_ids: [] },
  AMIGOS: { discount_type: 'FIXED', discount: 300, ticket_ids: [] },
};
const PROVIDER_LABEL: Record<string, string> = {
  test: 'Tarjeta de prueba',
  offline: 'Pago offline',
  stripe: 'Stripe',
  none: 'Sin pago',
};

const moment = fc.record({ day: fc.integer({ min: 0, max: 20 }), minute: fc.integer({ min: 0, max: 1439 }) });
const orderArb = fc.record({
  status: fc.constantFrom(
    'COMPLETED',
    'COMPLETED',
    'COMPLETED',
    'CANCELLED',
    'AWAITING_OFFLINE_PAYMENT',
    'RESERVED',
    'ABANDONED',
  ),
  at: moment,
  lines: fc.array(
    fc.record({
      ticket: fc.integer({ min: 0, max: 2 }),
      quantity: fc.integer({ min: 1, max: 4 }),
      price: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000 })),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  promo: fc.constantFrom(null, null, 'VERANO', 'AMIGOS'),
  affiliate: fc.constantFrom(null, null, 0, 1),
  provider: fc.constantFrom('test', 'offline', 'stripe', null),
  refunds: fc.array(
    fc.record({
      // Percent of the order's total; 100: a full refund.
      share: fc.constantFrom(100, 50, 1, 33),
      status: fc.constantFrom('SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'PENDING', 'FAILED'),
      reason: fc.constantFrom(null, null, null, 'DUPLICATE_PAYMENT'),
      after: moment,
    }),
    { maxLength: 3 },
  ),
});
const rangeArb = fc.option(
  fc
    .tuple(fc.integer({ min: 0, max: 26 }), fc.integer({ min: 0, max: 26 }))
    .map(([a, b]) => [Math.min(a, b), Math.max(a, b)]),
  { nil: null },
);

type Sums = {
  orders: number;
  tickets: number;
  gross: number;
  discount: number;
  taxes: number;
  fees: number;
  refunded: number;
};
const zero = (): Sums => ({ orders: 0, tickets: 0, gross: 0, discount: 0, taxes: 0, fees: 0, refunded: 0 });
function add(map: Map<string, Sums>, key: string, part: Partial<Sums>) {
  const sums = map.get(key) ?? zero();
  for (const [k, v] of Object.entries(part)) sums[k as keyof Sums] += v ?? 0;
  map.set(key, sums);
}
const withNet = (s: Sums) => ({
  orders: s.orders,
  tickets: s.tickets,
  gross: s.gross,
  refunded: s.refunded,
  net: s.gross - s.refunded,
});
const byKey = (r: Report, key: string) => Object.fromEntries(r.rows.map((row) => [String(row[key]), row]));

describe('reports agree with the order rows', () => {
  it('every total, for random orders, refunds, cancellations and date ranges', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArb, { minLength: 1, maxLength: 25 }),
        rangeArb,
        async (generated, range) => {
          const s = await createSellingEvent(t.app);
          const tickets: Awaited<ReturnType<typeof addTicket>>[] = [];
          for (const name of ['General', 'Reducida', 'Invitación'])
            tickets.push(await addTicket(t.app, s.event, { name }));
          const affiliates = [
            await addAffiliate(t.app, s.event, 'RADIO'),
            await addAffiliate(t.app, s.event, 'BLOG'),
          ];
          const start = Date.now() - 24 * DAY;
          const instant = (m: { day: number; minute: number }) =>
            new Date(start + m.day * DAY + m.minute * 60_000);

          const from = range ? calendarDay(new Date(start + at(range, 0) * DAY), ZONE) : null;
          const to = range ? calendarDay(new Date(start + at(range, 1) * DAY), ZONE) : null;
          const inRange = (d: Date) => {
            const day = calendarDay(d, ZONE);
            return !from || !to || (day >= from && day <= to);
          };

          const total = zero();
          const days = new Map<string, Sums>();
          const perTicket = new Map<string, Sums>();
          const perTax = new Map<string, number>();
          const perPromo = new Map<string, Sums>();
          const perAffiliate = new Map<string, Sums>();
          const perProvider = new Map<string, Sums>();

          for (const g of generated) {
            const priced = g.lines.map((l) =>
              priceLine({
                ticketId: at(tickets, l.ticket).id,
                priceType: l.price === 0 ? 'FREE' : 'PAID',
                unitPriceCents: l.price,
                quantity: l.quantity,
                promo: g.promo ? PROMOS[g.promo] : null,
                taxesAndFees: TICKET_TAXES[l.ticket],
              }),
            );
            const totals = orderTotals(priced);
            const completedAt = instant(g.at);
            const order = one(
              await t.app.deps.db
                .insert(orders)
                .values({
                  short_id: `o_${randomBase62(20)}`,
                  account_id: s.account.id,
                  event_id: s.event.id,
                  status: g.status,
                  reserved_until: completedAt,
                  currency: 'EUR',
                  ...totals,
                  promo_code: g.promo,
                  affiliate_id: g.affiliate === null ? null : at(affiliates, g.affiliate).id,
                  payment_provider: g.provider,
                  completed_at: completedAt,
                })
                .returning(),
            );
            await t.app.deps.db.insert(orderItems).values(
              priced.map((p, i) => {
                const ticket = at(tickets, at(g.lines, i).ticket);
                return {
                  order_id: order.id,
                  event_id: s.event.id,
                  ticket_id: ticket.id,
                  price_id: at(ticket.prices, 0).id,
                  ticket_name: ticket.name,
                  quantity: p.quantity,
                  unit_price_cents: p.unit_price_cents,
                  unit_discount_cents: p.unit_discount_cents,
                  taxes_cents: p.taxes_cents,
                  fees_cents: p.fees_cents,
                  total_cents: p.total_cents,
                  taxes_and_fees: p.taxes_and_fees as unknown as Record<string, unknown>[],
                };
              }),
            );
            const sale = g.status === 'COMPLETED';
            if (sale && inRange(completedAt)) {
              const units = priced.reduce((n, p) => n + p.quantity, 0);
              const part = {
                orders: 1,
                tickets: units,
                gross: totals.total_cents,
                discount: totals.discount_cents,
                taxes: totals.taxes_cents,
                fees: totals.fees_cents,
              };
              for (const [k, v] of Object.entries(part)) total[k as keyof Sums] += v;
              add(days, calendarDay(completedAt, ZONE), part);
              if (g.promo) add(perPromo, g.promo, part);
              if (g.affiliate !== null) add(perAffiliate, at(affiliates, g.affiliate).code, part);
              add(perProvider, PROVIDER_LABEL[g.provider ?? 'none'] ?? '', part);
              for (const [i, p] of priced.entries()) {
                add(perTicket, at(tickets, at(g.lines, i).ticket).name, {
                  tickets: p.quantity,
                  gross: p.total_cents,
                });
                for (const tf of p.taxes_and_fees) {
                  perTax.set(tf.name, (perTax.get(tf.name) ?? 0) + tf.amount_cents * p.quantity);
                }
              }
            }
            if (totals.total_cents === 0 || g.refunds.length === 0) continue;
            const payment = one(
              await t.app.deps.db
                .insert(payments)
                .values({
                  order_id: order.id,
                  provider: 'test',
                  provider_ref: `pay_${randomBase62(12)}`,
                  status: 'SUCCEEDED',
                  amount_cents: totals.total_cents,
                  currency: 'EUR',
                })
                .returning(),
            );
            let given = 0;
            for (const r of g.refunds) {
              const amount = Math.min(
                Math.max(1, Math.floor((totals.total_cents * r.share) / 100)),
                totals.total_cents - given,
              );
              if (amount <= 0) break;
              given += amount;
              const made = new Date(completedAt.getTime() + r.after.day * DAY + r.after.minute * 60_000);
              await t.app.deps.db.insert(orderRefunds).values({
                account_id: s.account.id,
                order_id: order.id,
                payment_id: payment.id,
                provider: 'test',
                status: r.status as 'SUCCEEDED',
                amount_cents: amount,
                currency: 'EUR',
                reason: r.reason,
                created_at: made,
              });
              if (!sale || r.status !== 'SUCCEEDED' || r.reason === 'DUPLICATE_PAYMENT' || !inRange(made))
                continue;
              total.refunded += amount;
              add(days, calendarDay(made, ZONE), { refunded: amount });
              if (g.promo) add(perPromo, g.promo, { refunded: amount });
              if (g.affiliate !== null)
                add(perAffiliate, at(affiliates, g.affiliate).code, { refunded: amount });
              add(perProvider, PROVIDER_LABEL[g.provider ?? 'none'] ?? '', { refunded: amount });
            }
          }

          const query = from ? `?from=${from}&to=${to}` : '';
          const read = async (url: string): Promise<Report> => {
            const res = await t.app.inject({
              method: 'GET',
              url: `${url}${query}`,
              headers: { ...s.headers, cookie: 'locale=es' },
            });
            expect(res.statusCode, res.body).toBe(200);
            return res.json().data;
          };
          const base = `/api/events/${s.event.id}/reports`;
          const any = total.orders > 0 || total.refunded > 0;

          const expectedRevenue = any
            ? [{ currency: 'EUR', ...total, net: total.gross - total.refunded }]
            : [];
          expect((await read(`${base}/revenue`)).rows).toEqual(expectedRevenue);
          expect((await read('/api/reports/revenue')).rows).toEqual(expectedRevenue);

          const byDay = await read(`${base}/sales-by-day`);
          const active = byDay.rows.filter((r) => r.orders !== 0 || r.refunded !== 0);
          expect(
            Object.fromEntries(
              active.map((r) => [
                r.day,
                { orders: r.orders, tickets: r.tickets, gross: r.gross, refunded: r.refunded, net: r.net },
              ]),
            ),
          ).toEqual(Object.fromEntries([...days].map(([d, sums]) => [d, withNet(sums)])));
          if (from && to)
            expect(byDay.rows.map((r) => r.day)).toEqual([...new Set(byDay.rows.map((r) => r.day))].sort());
          expect(byDay.totals).toEqual(any || from ? [expect.objectContaining(withNet(total))] : []);

          const byTicket = await read(`${base}/sales-by-ticket`);
          expect(
            Object.fromEntries(byTicket.rows.map((r) => [r.ticket, { tickets: r.tickets, gross: r.gross }])),
          ).toEqual(
            Object.fromEntries(
              [...perTicket].map(([name, sums]) => [name, { tickets: sums.tickets, gross: sums.gross }]),
            ),
          );
          expect(byTicket.totals.map((r) => r.gross)).toEqual(total.orders ? [total.gross] : []);

          const taxes = await read(`${base}/taxes-and-fees`);
          const taxSums = new Map<string, number>();
          for (const r of taxes.rows)
            taxSums.set(String(r.name), (taxSums.get(String(r.name)) ?? 0) + Number(r.amount));
          expect(Object.fromEntries(taxSums)).toEqual(Object.fromEntries(perTax));
          const byKind = Object.fromEntries(taxes.totals.map((r) => [r.kind, r.amount]));
          expect(byKind.TAX ?? 0).toBe(total.taxes);
          expect(byKind.FEE ?? 0).toBe(total.fees);

          const promo = await read(`${base}/promo-codes`);
          const promoRows = byKey(promo, 'code');
          expect(Object.keys(promoRows).sort()).toEqual([...perPromo.keys()].sort());
          for (const [code, sums] of perPromo) {
            expect(promoRows[code]).toMatchObject({ ...withNet(sums), discount: sums.discount });
          }

          const affiliateRows = byKey(await read(`${base}/affiliates`), 'code');
          expect(Object.keys(affiliateRows).sort()).toEqual([...perAffiliate.keys()].sort());
          for (const [code, sums] of perAffiliate) expect(affiliateRows[code]).toMatchObject(withNet(sums));

          const methods = await read(`${base}/payment-methods`);
          const methodRows = byKey(methods, 'method');
          expect(Object.keys(methodRows).sort()).toEqual([...perProvider.keys()].sort());
          for (const [label, sums] of perProvider) expect(methodRows[label]).toMatchObject(withNet(sums));
          expect(methods.totals).toEqual(any ? [expect.objectContaining(withNet(total))] : []);
        },
      ),
      { numRuns: Number(process.env.REPORTS_RUNS ?? 25) },
    );
  }, 600_000);
});
