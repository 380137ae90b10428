import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, createSellingEvent } from '../../test/factories/checkout.ts';
import { redisTestEnv } from '../../test/redis.ts';
import { clock } from './clock.ts';
import { tick } from './ticker.ts';

/**
 * Two app instances on one PostgreSQL serve one room (PostgreSQL only: PGlite belongs to one process):
 * visitors join through either, both tickers run at every moment, and together they admit at the
 * configured rate, each visitor once, in line order; a pass given by one is spent on the other, once.
 * The line in PostgreSQL, and in Redis when REDIS_URL is set.
 */
// Needs PostgreSQL (DATABASE_URL): skipped, and reported as skipped, on the embedded database.
describe.skipIf(!process.env.DATABASE_URL)('one room, two instances (PostgreSQL)', () => twoInstances({}));

// Needs PostgreSQL and a Redis (REDIS_URL): skipped, and reported as skipped, without them.
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
  'one room, two instances (PostgreSQL, the line in Redis)',
  () => {
    const redis = redisTestEnv();
    afterAll(() => redis.clean());
    twoInstances(redis.env);
  },
);

function twoInstances(storeEnv: Record<string, string>) {
  let a: TestApp;
  let b: TestApp;
  let now = Math.floor(Date.now() / 1000) * 1000;
  const opens = now + 5 * 60_000;
  beforeAll(async () => {
    // One installation: the instances share the server secret the passes are signed with.
    const env = {
      ...storeEnv,
      WAITING_ROOM_JOINS_PER_MINUTE: '100000',
      AUTH_SECRET: randomBytes(32).toString('hex'),
    };
    a = await createTestApp({ listen: true, env });
    b = await createTestApp({ listen: true, env, databaseUrl: a.config.databaseUrl as string });
    clock.now = () => new Date(now);
  });
  afterAll(async () => {
    clock.now = () => new Date();
    await b.close();
    await a.close();
  });

  it('admits at the rate, each visitor once, whichever instance ticks', async () => {
    const selling = await createSellingEvent(a.app);
    const ticket = await addTicket(a.app, selling.event, {
      prices: [{ price_cents: 1000, quantity: 1000 }],
    });
    const put = await fetch(`${a.url}/api/events/${selling.event.id}/waiting-room`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${selling.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        enabled: true,
        opens_at: new Date(opens).toISOString(),
        rate_per_minute: 120,
        paused: false,
      }),
    });
    expect(put.status).toBe(200);

    // 200 visitors, 25 at a time through each instance together.
    const tokens: string[] = [];
    for (let batch = 0; batch < 4; batch++) {
      tokens.push(...(await joinBatch(50)));
    }
    async function joinBatch(size: number) {
      return Promise.all(
        Array.from({ length: size }, async (_, i) => {
          const url = `${(i % 2 ? a : b).url}/api/public/events/${selling.event.id}/waiting-room/join`;
          // A loaded machine may shed a join (503 + Retry-After, lib/overload.ts): try again, as a page does.
          let res = await fetch(url, { method: 'POST' });
          for (let attempt = 0; res.status === 503 && attempt < 20; attempt++) {
            await new Promise((r) => setTimeout(r, 250));
            res = await fetch(url, { method: 'POST' });
          }
          expect(res.status).toBe(200);
          return ((await res.json()) as { data: { token: string } }).data.token;
        }),
      );
    }

    now = opens;
    await Promise.all([tick(a.app.deps), tick(b.app.deps)]);
    const statusesOf = () =>
      Promise.all(
        tokens.map(async (token, i) => {
          const res = await fetch(
            `${(i % 2 ? a : b).url}/api/public/events/${selling.event.id}/waiting-room`,
            {
              headers: { 'x-waiting-room-token': token },
            },
          );
          return {
            token,
            data: (
              (await res.json()) as {
                data: { state: string; position: number | null; pass: string | null };
              }
            ).data,
          };
        }),
      );
    const places = (await statusesOf()).map((s) => s.data.position);
    // 200 distinct places.
    expect([...places].sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    // A minute in steps of 5 s, both tickers firing together each time (plus a second round at once).
    for (let step = 0; step < 12; step++) {
      now += 5_000;
      await Promise.all([tick(a.app.deps), tick(b.app.deps), tick(a.app.deps), tick(b.app.deps)]);
    }
    const statuses = await statusesOf();
    const admitted = statuses.filter((s) => s.data.state === 'ADMITTED');
    // 120 a minute: exactly 120 admitted, the first 120 in line, each with its own pass.
    expect(admitted).toHaveLength(120);
    const admittedPlaces = statuses.flatMap((s, i) => (s.data.state === 'ADMITTED' ? [places[i]] : []));
    expect(admittedPlaces.sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 120 }, (_, i) => i + 1),
    );
    expect(new Set(admitted.map((s) => s.data.pass)).size).toBe(120);
    const one = at(admitted, 0);
    const order = (app: TestApp) =>
      fetch(`${app.url}/api/public/events/${selling.event.id}/order`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-admission-pass': one.data.pass as string,
          'x-waiting-room-token': one.token,
        },
        body: JSON.stringify({
          tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
        }),
      });
    const [first, second] = await Promise.all([order(b), order(a)]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
  });
}
