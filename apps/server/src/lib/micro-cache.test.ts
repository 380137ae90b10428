import { describe, expect, it } from 'vitest';
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
});
