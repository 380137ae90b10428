import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { orders } from '../db/schema/index.ts';
import { createPgDatabase, createTestApp, type TestApp } from '../test/app.ts';
import { createAccountWithUser } from '../test/factories/accounts.ts';
import { addTicket, createSellingEvent } from '../test/factories/checkout.ts';
import { postgresStore } from './rate-limit-store.ts';

/**
 * Rate limits hold across server processes and hosts: two apps (two processes' worth of state) on one
 * PostgreSQL count together, with the counters in PostgreSQL by default and in Redis with REDIS_URL.
 * Needs the PostgreSQL at 127.0.0.1:5432 (or DATABASE_URL) and the Redis at 127.0.0.1:6379, as CI has.
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

let drop: () => Promise<void>;
let url: string;
const apps: TestApp[] = [];
beforeAll(async () => {
  const created = await createPgDatabase(BASE_URL);
  url = created.url;
  drop = created.drop;
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await drop();
});

async function twoProcesses(env: Record<string, string> = {}) {
  const a = await createTestApp({ databaseUrl: url, env });
  const b = await createTestApp({ databaseUrl: url, env });
  apps.push(a, b);
  return [a, b] as const;
}

const login = (t: TestApp, email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'no-es-la-clave' },
    remoteAddress: ip,
  });

describe.each([
  ['PostgreSQL', {}],
  ['Redis', { REDIS_URL }],
])('rate limits in %s', (_store, env: Record<string, string>) => {
  it('the sign-in back-off counts across processes: 5 wrong passwords from one address for one e-mail in total', async () => {
    const [a, b] = await twoProcesses(env);
    const { user } = await createAccountWithUser(a.app, {
      email: `fuerza-${randomBytes(4).toString('hex')}@example.com`,
    });
    const ip = `10.1.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(i % 2 ? a : b, user.email, ip)).statusCode);
    expect(codes).toEqual(Array(5).fill(401));
    for (const t of [a, b]) {
      const res = await login(t, user.email, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('RATE_LIMITED');
    }
    // Another address is not slowed by this one's failures.
    expect((await login(b, user.email, `10.3.${randomBytes(1)[0]}.1`)).statusCode).toBe(401);
  });

  it('throttle reservations per address and event across processes, with a clear 429 and nothing held', async () => {
    const [a, b] = await twoProcesses({ ...env, RESERVATIONS_PER_MINUTE: '3' });
    const { event } = await createSellingEvent(a.app);
    const ticket = await addTicket(a.app, event);
    const ip = `10.2.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const reserve = (t: TestApp, remoteAddress: string, eventId = event.id, ticketId = ticket.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/events/${eventId}/order`,
        payload: { tickets: [{ ticket_id: ticketId, price_id: ticket.prices[0]?.id, quantity: 1 }] },
        remoteAddress,
      });
    expect((await reserve(a, ip)).statusCode).toBe(201);
    expect((await reserve(b, ip)).statusCode).toBe(201);
    expect((await reserve(a, ip)).statusCode).toBe(201);
    const before = (await a.app.deps.db.select().from(orders)).length;
    const refused = await reserve(b, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Demasiadas reservas desde tu conexión. Espera 1 min y vuelve a intentarlo.',
    });
    expect((await a.app.deps.db.select().from(orders)).length).toBe(before);
    // Another address still buys.
    expect((await reserve(b, `${ip}1`)).statusCode).toBe(201);
  });
});

describe('Redis keys', () => {
  it('live under the taquilla namespace with an expiry', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys('taquilla-rl:*');
      expect(keys.length).toBeGreaterThan(0);
      const ttl = await redis.pttl(keys[0] ?? '');
      expect(ttl).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});

describe('PostgreSQL store under a burst on one key', () => {
  it('counts every hit once across processes, each caller its own count', async () => {
    const [a, b] = await twoProcesses();
    const key = `burst-${randomBytes(4).toString('hex')}`;
    const stores = [a, b].map((t) => new (postgresStore(t.app.deps.db))());
    const incr = (i: number) =>
      new Promise<number>((resolve, reject) =>
        stores[i % 2]?.incr(key, (err, r) => (err ? reject(err) : resolve(r?.current ?? 0)), 60_000),
      );
    const counts = await Promise.all(Array.from({ length: 200 }, (_, i) => incr(i)));
    // Two processes, 200 hits: every count from 1 to 200 handed out exactly once.
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const [row] = rowsOf<{ count: number }>(
      await a.app.deps.db.execute(sql`select count from rate_limits where key = ${`rl:${key}`}`),
    );
    expect(row?.count).toBe(200);
  });
});
