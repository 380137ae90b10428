import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/index.ts';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';
import { verifyChain } from './verify-chain.ts';

/**
 * Gap-free numbering under load: every order of an invoicing account is paid at the same moment (200
 * payments in flight on PostgreSQL with a pool of 20 connections; 40 on PGlite, which runs one statement
 * at a time) and the invoices are numbered 1…N in the series, each number once, the chain intact.
 */
const ORDERS = process.env.DATABASE_URL ? 200 : 40;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('invoice numbers under concurrency', () => {
  it(`numbers ${ORDERS} orders paid at once 1…${ORDERS}, no gap and no duplicate`, async () => {
    const s = await createSellingEvent(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/invoicing',
      headers: s.headers,
      payload: {
        enabled: true,
        legal_name: 'Sala Apolo S.L.',
        tax_id: 'B12345674',
        address: 'Barcelona',
        series_prefix: 'F',
        vat_regime: 'GENERAL',
        fees_vat_rate_bp: 2100,
      },
    });
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 1500, quantity: ORDERS }] });
    const base = `/api/public/events/${s.event.id}/order`;
    const shorts: string[] = [];
    for (let i = 0; i < ORDERS; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, ORDERS - i) }, async () => {
          const reserved = await t.app.inject({
            method: 'POST',
            url: base,
            payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
          });
          const short: string = reserved.json().data.short_id;
          const details = await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
          expect(details.statusCode).toBe(200);
          return short;
        }),
      );
      shorts.push(...batch);
    }
    const paid = await Promise.all(
      shorts.map((short) =>
        t.app.inject({
          method: 'POST',
          url: `${base}/${short}/payment`,
          payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
        }),
      ),
    );
    expect(paid.filter((p) => p.json().data?.status === 'COMPLETED')).toHaveLength(ORDERS);
    const rows = await t.app.deps.db.select().from(invoices).where(eq(invoices.account_id, s.account.id));
    const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(ORDERS);
    expect(await verifyChain(t.app.deps.db, s.account.id)).toMatchObject({ records: ORDERS, problems: [] });
  }, 240_000);
});
