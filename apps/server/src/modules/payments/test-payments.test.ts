import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';
import { createEvent } from '../../test/factories/events.ts';

/**
 * The simulated card sells without taking money: an installation in production never offers it unless
 * TEST_PAYMENTS=true is set on purpose (config.test.ts covers the setting and its start-up warning).
 */
let t: TestApp;

beforeAll(async () => {
  // Production as an operator starts it, without TEST_PAYMENTS (an empty variable counts as unset).
  t = await createTestApp({ env: { NODE_ENV: 'production', TEST_PAYMENTS: '' } });
});
afterAll(async () => {
  await t.close();
});

describe('test payments in production', () => {
  it('are off: new events never get the test provider', async () => {
    expect(t.config.testPayments).toBe(false);
    const { headers } = await createAccountWithUser(t.app);
    const event = await createEvent(t.app, headers);
    const settings = await t.app.inject({ url: `/api/events/${event.id}/settings`, headers });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().data.payment_providers).not.toContain('test');
  });

  it('an account with offline instructions starts its events with offline payment, once', async () => {
    const { headers } = await createAccountWithUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/payment-settings',
      headers,
      payload: { offline_payment_instructions: 'Transferencia a ES12 3456 7890' },
    });
    const event = await createEvent(t.app, headers);
    const settings = await t.app.inject({ url: `/api/events/${event.id}/settings`, headers });
    expect(settings.json().data.payment_providers).toEqual(['offline']);
  });

  it('refuse the test card, even for an event whose settings name it', async () => {
    const { event } = await createSellingEvent(t.app, { settings: { payment_providers: ['test'] } });
    const ticket = await addTicket(t.app, event);
    const base = `/api/public/events/${event.id}/order`;
    const reserved = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
    });
    expect(reserved.json().data.payment_providers).toEqual([]);
    const short = reserved.json().data.short_id as string;
    await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
    const paid = await t.app.inject({
      method: 'POST',
      url: `${base}/${short}/payment`,
      payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
    });
    expect(paid.statusCode).toBe(422);
    expect(paid.json().error.fields).toEqual({
      provider: 'Este método de pago no está disponible para este evento.',
    });
    const order = one(await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short)));
    expect(order).toMatchObject({ status: 'RESERVED', payment_status: null });
    expect(await t.app.deps.db.select().from(payments).where(eq(payments.order_id, order.id))).toEqual([]);
  });
});
