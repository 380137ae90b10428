import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { type Db, rowsOf } from '../db/client.ts';

/**
 * Where @fastify/rate-limit keeps its counters, so every process and every host counts together:
 * Redis (its own RedisStore) when REDIS_URL is set, else the `rate_limits` table of PostgreSQL (or the
 * embedded database, which has one process anyway).
 */
export function rateLimitStorage(
  db: Db,
  redisUrl: string | undefined,
): {
  options: Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace'>;
  /** Redis only (the database's own ping covers the other store): whether it answers, for health. */
  ping?: () => Promise<unknown>;
  close: () => Promise<void>;
} {
  if (redisUrl) {
    const redis = new Redis(redisUrl, {
      // A request must not wait for a Redis that is away: fail fast (the error handler answers 503).
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    redis.on('error', () => {});
    return {
      options: { redis, nameSpace: 'taquilla-rl:' },
      ping: () => redis.ping(),
      close: async () => {
        redis.disconnect();
      },
    };
  }
  return { options: { store: postgresStore(db) as never }, close: async () => {} };
}

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** One in this many increments also deletes expired counters, so the table stays small without a timer. */
const SWEEP_EVERY = 500;

/**
 * The store interface of @fastify/rate-limit (incr, read, child) over an upsert per key. A counter every
 * buyer shares (an event's reservations) is one hot row: one upsert and one commit per request would
 * queue every request on that row's lock. So the increments of a key that arrive while its upsert is in
 * flight wait and go together in the next one (`count + n`), each caller getting its own count.
 */
export function postgresStore(db: Db) {
  const waiting = new Map<string, { windowMs: number; callbacks: Callback[] }>();
  const inFlight = new Set<string>();

  async function hit(key: string, windowMs: number, n: number) {
    const result = await db.execute(sql`
      insert into rate_limits (key, count, expires_at)
      values (${key}, ${n}, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        count = case when rate_limits.expires_at <= now() then ${n} else rate_limits.count + ${n} end,
        expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at
                          else rate_limits.expires_at end
      returning count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`);
    const row = rowsOf<{ count: number; ttl: number }>(result)[0];
    if (Math.random() * SWEEP_EVERY < 1) {
      await db.execute(sql`delete from rate_limits where expires_at < now() - interval '1 minute'`);
    }
    return { current: Number(row?.count ?? n), ttl: Number(row?.ttl ?? windowMs) };
  }

  function flush(key: string) {
    const batch = waiting.get(key);
    if (!batch) return;
    waiting.delete(key);
    inFlight.add(key);
    const { callbacks } = batch;
    hit(key, batch.windowMs, callbacks.length)
      .then(
        ({ current, ttl }) => {
          const first = current - callbacks.length + 1;
          for (const [i, cb] of callbacks.entries()) cb(null, { current: first + i, ttl });
        },
        (err: Error) => {
          for (const cb of callbacks) cb(err);
        },
      )
      .finally(() => {
        inFlight.delete(key);
        flush(key);
      });
  }

  class PostgresStore {
    // The plugin constructs the store with its global options; children get a route prefix.
    constructor(
      _globalOptions?: unknown,
      readonly prefix = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      const full = `${this.prefix}${key}`;
      const batch = waiting.get(full);
      if (batch) batch.callbacks.push(cb);
      else waiting.set(full, { windowMs: timeWindow, callbacks: [cb] });
      if (!inFlight.has(full)) flush(full);
    }

    read(key: string, cb: Callback) {
      db.execute(
        sql`select count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl
            from rate_limits where key = ${`${this.prefix}${key}`} and expires_at > now()`,
      ).then((result) => {
        const row = rowsOf<{ count: number; ttl: number }>(result)[0];
        cb(null, { current: row?.count ?? 0, ttl: row?.ttl ?? 0 });
      }, cb);
    }

    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      const route = routeOptions.routeInfo?.url
        ? `${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}:`
        : '';
      return new PostgresStore(undefined, `${this.prefix}${route}`);
    }
  }
  return PostgresStore;
}
