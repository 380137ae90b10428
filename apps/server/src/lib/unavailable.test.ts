import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, createTestApp, type TestApp } from '../test/app.ts';
import { createAccountWithUser } from '../test/factories/accounts.ts';
import { TcpProxy } from '../test/tcp-proxy.ts';

/**
 * A database that hangs (accepts, never answers) or goes away must not hang the API: the server answers
 * 503 with the translated message within seconds, health says 503, and everything recovers by itself
 * when the database is back. The database sits behind a TCP proxy the test can freeze, cut and restore.
 * Needs the PostgreSQL at 127.0.0.1:5432 (or DATABASE_URL), as CI has.
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const UNAVAILABLE = 'El servicio no está disponible en este momento.';

let proxy: TcpProxy;
let t: TestApp;
let drop: () => Promise<void>;
let headers: Record<string, string>;

beforeAll(async () => {
  const created = await createPgDatabase(BASE_URL);
  drop = created.drop;
  const target = new URL(created.url);
  proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.listen();
  const viaProxy = new URL(created.url);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  t = await createTestApp({
    databaseUrl: viaProxy.toString(),
    env: {
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '4000',
    },
    configure: (app) => {
      // A handler that never answers: only the request timeout can end it.
      app.get('/api/public/test-hang', () => new Promise(() => {}));
    },
  });
  ({ headers } = await createAccountWithUser(t.app));
});
afterAll(async () => {
  proxy.frozen = false;
  await t.close();
  await drop();
});

async function timed(url: string, h: Record<string, string> = {}) {
  const start = performance.now();
  const res = await t.app.inject({ url, headers: h });
  return { res, ms: performance.now() - start };
}

describe('database outages', () => {
  it('a hung database gives 503 in seconds, and recovery when it answers again', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    proxy.frozen = true;
    const health = await timed('/api/health');
    expect(health.res.statusCode).toBe(503);
    expect(health.ms).toBeLessThan(4000);
    for (const url of ['/api/users/me', '/api/events']) {
      const { res, ms } = await timed(url, headers);
      expect(res.statusCode, url).toBe(503);
      expect(res.json().error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE });
      expect(res.headers['retry-after']).toBe('5');
      expect(ms, url).toBeLessThan(4000);
    }
    const pub = await timed('/api/public/events');
    expect(pub.res.statusCode).toBe(503);

    proxy.frozen = false;
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/health' })).statusCode, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', headers })).statusCode).toBe(200);
  });

  it('a database that goes away gives 503 at once, and the server reconnects when it is back', async () => {
    const port = proxy.port;
    await proxy.cut();
    const down = await timed('/api/events', headers);
    expect(down.res.statusCode).toBe(503);
    expect(down.res.json().error.message).toBe(UNAVAILABLE);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(503);
    await proxy.listen(port);
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/health' })).statusCode, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(200);
    expect((await t.app.inject({ url: '/api/events', headers })).statusCode).toBe(200);
  });

  it('a request nothing answers ends with a 503 at REQUEST_TIMEOUT_MS', async () => {
    const { res, ms } = await timed('/api/public/test-hang');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(UNAVAILABLE);
    expect(ms).toBeGreaterThanOrEqual(3900);
    expect(ms).toBeLessThan(6000);
  });
});

/**
 * A logged-in request is bounded too: its session is read before the handler, and with a database that
 * hangs past its statement time-out the request must still end at REQUEST_TIMEOUT_MS.
 */
describe('a hung database under a long statement time-out', () => {
  let slowProxy: TcpProxy;
  let slow: TestApp;
  let dropSlow: () => Promise<void>;
  let slowHeaders: Record<string, string>;
  beforeAll(async () => {
    const created = await createPgDatabase(BASE_URL);
    dropSlow = created.drop;
    const target = new URL(created.url);
    slowProxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await slowProxy.listen();
    const viaProxy = new URL(created.url);
    viaProxy.host = `127.0.0.1:${slowProxy.port}`;
    slow = await createTestApp({
      databaseUrl: viaProxy.toString(),
      env: { DATABASE_STATEMENT_TIMEOUT_MS: '30000', REQUEST_TIMEOUT_MS: '2000' },
    });
    ({ headers: slowHeaders } = await createAccountWithUser(slow.app));
  });
  afterAll(async () => {
    slowProxy.frozen = false;
    await slow.close();
    await dropSlow();
  });

  it('ends a logged-in request at REQUEST_TIMEOUT_MS with 503, while its session lookup waits', async () => {
    slowProxy.frozen = true;
    const start = performance.now();
    const res = await slow.app.inject({ url: '/api/users/me', headers: slowHeaders });
    const ms = performance.now() - start;
    slowProxy.frozen = false;
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(UNAVAILABLE);
    expect(ms).toBeGreaterThanOrEqual(1900);
    expect(ms).toBeLessThan(5000);
  });
});
