import { describe, expect, it, vi } from 'vitest';
import { MicroCache } from './micro-cache.ts';

describe('MicroCache', () => {
  it('shares one load between concurrent misses and serves hits until the TTL passes', async () => {
    const cache = new MicroCache<number>(400);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return loads;
    };
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    await new Promise((r) => setTimeout(r, 450));
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep failures and evicts the oldest entry past the limit', async () => {
    const cache = new MicroCache<string>(1000, 2);
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    expect(await cache.get('x', async () => 'reloaded')).toBe('reloaded');
  });

  it('refreshes a key in the last fifth of its life in the background, and never serves past the TTL', async () => {
    let now = 1_000_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const cache = new MicroCache<number>(1000);
      let loads = 0;
      const pending: ((n: number) => void)[] = [];
      const load = () => {
        loads++;
        const n = loads;
        return n === 1
          ? Promise.resolve(n)
          : new Promise<number>((resolve) => pending.push(() => resolve(n)));
      };
      expect(await cache.get('k', load)).toBe(1);
      expect(cache.peek('k')).toBe(1);
      now += 700;
      expect([cache.peek('k'), loads]).toEqual([1, 1]);
      now += 150; // 850 ms: due, the refresh starts and the current value is still served
      expect([cache.peek('k'), loads]).toEqual([1, 2]);
      expect([await cache.get('k', load), loads]).toEqual([1, 2]);
      now += 200; // 1,050 ms: expired, the refresh still loading: no value to peek, get waits for the refresh
      expect(cache.peek('k')).toBeUndefined();
      const waiting = cache.get('k', load);
      expect(loads).toBe(2);
      for (const resolve of pending.splice(0)) resolve(0);
      expect(await waiting).toBe(2);
      expect(cache.peek('k')).toBe(2);
      // Nobody reads it in its last fifth: it expires without a refresh, and the next read loads again.
      now += 2000;
      expect(cache.peek('k')).toBeUndefined();
      const again = cache.get('k', load);
      for (const resolve of pending.splice(0)) resolve(0);
      expect([await again, loads]).toEqual([3, 3]);
    } finally {
      clock.mockRestore();
    }
  });
});
