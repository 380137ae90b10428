import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PgCluster } from '../test/pg-cluster.ts';
import { buyOne, ServerProcess, sellingEventOver } from '../test/server-process.ts';

/**
 * The database stopped under traffic, on a throwaway PostgreSQL 15 cluster this test starts and stops
 * (Debian's binaries): health answers 503, requests fail with the clear "unavailable" message in
 * seconds, and the server recovers by itself when the database is back.
 */
const cluster = new PgCluster();
const server = new ServerProcess({});
afterAll(async () => {
  await server.kill9();
  cluster.destroy();
});

const UNAVAILABLE = 'El servicio no está disponible en este momento.';

describe('database stopped under traffic', () => {
  it('answers 503 with a clear message, then recovers when the database is back', async () => {
    await cluster.init();
    cluster.start();
    server.env = {
      DATABASE_URL: cluster.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taquilla-dbstop-')),
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    };
    await server.start();
    const sale = await sellingEventOver(server, 500);

    // Traffic: buyers one after another, until told to stop.
    let traffic = true;
    const outcomes: string[] = [];
    const buyers = (async () => {
      for (let n = 0; traffic; n++) outcomes.push(await buyOne(server, sale, n));
    })();
    await new Promise((r) => setTimeout(r, 1500));
    cluster.stop('immediate');

    const start = performance.now();
    const health = await server.api('GET', 'health');
    expect(health.status).toBe(503);
    const events = await server.api('GET', 'events', undefined, sale.token);
    expect(events.status).toBe(503);
    expect(events.json).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE } });
    const reserve = await server.api('POST', `public/events/${sale.eventId}/order`, {
      tickets: [{ ticket_id: sale.ticketId, price_id: sale.priceId, quantity: 1 }],
    });
    expect(reserve.status).toBe(503);
    expect(performance.now() - start).toBeLessThan(10_000);

    cluster.start();
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await server.api('GET', 'health')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 300));
    }
    expect(status).toBe(200);
    traffic = false;
    await buyers;
    expect(outcomes).toContain('COMPLETED');
    // No 500 during the outage: failures were 503s.
    expect(outcomes.filter((o) => /\b500\b/.test(o))).toEqual([]);
    expect(await buyOne(server, sale, 10_000)).toBe('COMPLETED');
  }, 120_000);
});
