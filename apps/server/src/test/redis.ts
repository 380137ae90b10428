import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The app's Redis settings for one test run (REDIS_URL from the environment, e.g. redis://127.0.0.1:6379):
 * a key prefix of its own, `count` of the keys under it, and `clean` to delete them afterwards.
 */
export function redisTestEnv() {
  const url = process.env.REDIS_URL ?? '';
  const prefix = `taquilla-test-${randomBytes(6).toString('hex')}:`;
  async function each(fn: (redis: Redis, keys: string[]) => Promise<unknown>) {
    const redis = new Redis(url);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length) await fn(redis, keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }
  return {
    env: { REDIS_URL: url, REDIS_KEY_PREFIX: prefix },
    async count() {
      let n = 0;
      await each(async (_redis, keys) => {
        n += keys.length;
      });
      return n;
    },
    /** Each key under the run's prefix (and `within`, when given) with its time to live in ms (-1: none). */
    async ttls(within = '') {
      const out = new Map<string, number>();
      await each(async (redis, keys) => {
        for (const key of keys) if (key.includes(within)) out.set(key, await redis.pttl(key));
      });
      return out;
    },
    clean: () => each((redis, keys) => redis.del(...keys)),
  };
}
