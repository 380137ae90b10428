import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addTicket, createSellingEvent } from '../test/factories/checkout.ts';
import { at } from './rows.ts';

/**
 * Load shedding over HTTP: a test-only route in the reservation's lane holds its slot until the test lets
 * it go, so the real reservation route finds the lane full.
 */
describe('load shedding of the reservation route', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(env: Record<string, string>) {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    t = await createTestApp({
      listen: true,
      env,
      configure: (app) => {
        app.get(
          '/api/public/test-slow',
          { schema: { hide: true }, config: { overload: 'reservation' } },
          async () => {
            await held;
            return { data: 'slow' };
          },
        );
      },
    });
    const { event } = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, event, { prices: [{ price_cents: 1000, quantity: 10 }] });
    const url = t.url;
    const reserve = (locale = 'es') =>
      fetch(`${url}/api/public/events/${event.id}/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': locale },
        body: JSON.stringify({
          tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
        }),
      });
    const slow = fetch(`${url}/api/public/test-slow`);
    // The slow request holds the lane's one slot once the server has it.
    await new Promise((r) => setTimeout(r, 100));
    return { url, reserve, slow, release };
  }

  it('with the lane full and no queue, answers 503 with Retry-After at once, translated', async () => {
    const s = await start({ OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_QUEUE_WAIT_MS: '0' });
    // Answered while the slow request still holds the slot (it holds it until release): no waiting.
    const refused = await s.reserve();
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(body.error.message).toMatch(
      /^Hay demasiadas personas intentándolo a la vez\. Vuelve a intentarlo en 1 segundo\.$/,
    );
    const english = (await (await s.reserve('en')).json()) as { error: { message: string } };
    expect(english.error.message).not.toBe(body.error.message);
    expect(english.error.message).toMatch(/second/);
    // The health check is never shed: a load balancer must still get its answer.
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    s.release();
    expect((await s.slow).status).toBe(200);
    // The slot is free again: the next reservation goes through.
    expect((await s.reserve()).status).toBe(201);
  });

  it('a request that waited its whole turn is refused then; one whose turn comes in time is served', async () => {
    const s = await start({ OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_QUEUE_WAIT_MS: '300' });
    const began = performance.now();
    const waitedOut = await s.reserve();
    const waited = performance.now() - began;
    expect(waitedOut.status).toBe(503);
    expect(waitedOut.headers.get('retry-after')).not.toBeNull();
    // Refused by its turn's deadline: the slow request never let the slot go.
    expect(waited).toBeGreaterThanOrEqual(290);

    const queued = s.reserve();
    await new Promise((r) => setTimeout(r, 100));
    s.release();
    expect((await queued).status).toBe(201);
    expect((await s.slow).status).toBe(200);
  });

  it('is off with OVERLOAD_MAX_IN_FLIGHT=0', async () => {
    const s = await start({ OVERLOAD_MAX_IN_FLIGHT: '0' });
    expect((await s.reserve()).status).toBe(201);
    s.release();
    await s.slow;
  });

  it('defaults to twice the database pool per process, with a 5 s queue wait', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taquilla-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).overload).toEqual({ maxInFlight: 20, maxWaitMs: 5000 });
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '30' }).overload.maxInFlight).toBe(60);
  });
});
