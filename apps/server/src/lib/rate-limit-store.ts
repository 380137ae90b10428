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
): { options: Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace'>; close: () => Promise<void> } {
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

/** The store interface of @fastify/rate-limit (incr, read, child) over one upsert per hit. */
function postgresStore(db: Db) {
  class PostgresStore {
    // The plugin constructs the store with its global options; children get a route prefix.
    constructor(
      _globalOptions?: unknown,
      private prefix = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      this.hit(`${this.prefix}${key}`, timeWindow).then((r) => cb(null, r), cb);
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

    private async hit(key: string, windowMs: number) {
      const result = await db.execute(sql`
        insert into rate_limits (key, count, expires_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
          expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at
                            else rate_limits.expires_at end
        returning count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`);
      const row = rowsOf<{ count: number; ttl: number }>(result)[0];
      if (Math.random() * SWEEP_EVERY < 1) {
        await db.execute(sql`delete from rate_limits where expires_at < now() - interval '1 minute'`);
      }
      return { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? windowMs) };
    }
  }
  return PostgresStore;
}
