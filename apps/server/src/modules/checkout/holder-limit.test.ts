import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, createSellingEvent } from '../../test/factories/checkout.ts';
import { holderKey } from './holder.ts';

/**
 * One connection cannot sit on an event's stock: behind the documented proxy (TRUST_PROXY=1), the units an
 * address holds in live reservations of one event are limited (here 5), while other addresses, other
 * events and a first large reservation are not affected.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: '1', RESERVATION_UNITS_PER_ADDRESS: '5', RESERVATIONS_PER_MINUTE: '1000' },
  });
});
afterAll(async () => {
  await t.close();
});

async function sellingTicket(maxPerOrder = 10) {
  const { event } = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, event, { max_per_order: maxPerOrder });
  const line = (quantity: number) => ({
    tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity }],
  });
  return { event, line };
}

const reserve = (eventId: string, body: object, address: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/events/${eventId}/order`,
    payload: body,
    headers: { 'x-forwarded-for': address },
    remoteAddress: '127.0.0.1',
  });

describe('units held per address and event', () => {
  it('refuses a reservation that would take an address past its limit, with a translated message', async () => {
    const { event, line } = await sellingTicket();
    expect((await reserve(event.id, line(3), '198.51.100.7')).statusCode).toBe(201);
    expect((await reserve(event.id, line(2), '198.51.100.7')).statusCode).toBe(201);
    const refused = await reserve(event.id, line(1), '198.51.100.7');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'HOLDER_LIMIT',
      message:
        'Ya tienes 5 entradas reservadas de este evento desde tu conexión. Termina esa compra o libérala antes de reservar más.',
    });
    // Another address, the same event: its own count.
    expect((await reserve(event.id, line(5), '203.0.113.9')).statusCode).toBe(201);
  });

  it('a first reservation may be as large as the ticket allows; a second one is then refused', async () => {
    const { event, line } = await sellingTicket(8);
    expect((await reserve(event.id, line(8), '198.51.100.20')).statusCode).toBe(201);
    expect((await reserve(event.id, line(1), '198.51.100.20')).statusCode).toBe(409);
  });

  it('units come back to the address when its reservation is released or expires', async () => {
    const { event, line } = await sellingTicket();
    const first = await reserve(event.id, line(5), '198.51.100.30');
    expect((await reserve(event.id, line(1), '198.51.100.30')).statusCode).toBe(409);
    const abandoned = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${event.id}/order/${first.json().data.short_id}/abandon`,
    });
    expect(abandoned.statusCode).toBe(200);
    const second = await reserve(event.id, line(5), '198.51.100.30');
    expect(second.statusCode).toBe(201);
    await t.app.deps.db.execute(
      `update orders set reserved_until = now() - interval '1 second' where short_id = '${second.json().data.short_id}'`,
    );
    expect((await reserve(event.id, line(5), '198.51.100.30')).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64, and stores a keyed hash, never the address', async () => {
    const { event, line } = await sellingTicket();
    expect((await reserve(event.id, line(5), '2001:db8:1:2::1')).statusCode).toBe(201);
    expect((await reserve(event.id, line(1), '2001:db8:1:2:ffff::9')).statusCode).toBe(409);
    expect((await reserve(event.id, line(1), '2001:db8:1:3::1')).statusCode).toBe(201);
    const stored = await t.app.deps.db.execute<{ held_by: string }>(
      `select held_by from orders where event_id = '${event.id}'`,
    );
    const keys = stored.rows.map((r) => r.held_by);
    expect(keys).toContain(holderKey('2001:db8:1:2::1', t.app.deps.config.authSecret));
    expect(keys.join()).not.toContain('2001');
  });

  it('is the same key for the spellings of one /64', () => {
    const secret = 's';
    expect(holderKey('2001:db8:0:0::1', secret)).toBe(holderKey('2001:0db8:0000:0000:ffff::2', secret));
    expect(holderKey('2001:db8::1', secret)).not.toBe(holderKey('2001:db9::1', secret));
    expect(holderKey('192.0.2.1', secret)).toBe(holderKey('::ffff:192.0.2.1', secret));
  });
});
