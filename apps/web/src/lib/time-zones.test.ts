import { describe, expect, it } from 'vitest';
import { TIME_ZONES } from './time-zones.ts';

describe('TIME_ZONES', () => {
  it('offers UTC (Intl leaves it out) first, once, and the named zones', () => {
    expect(Intl.supportedValuesOf('timeZone')).not.toContain('UTC');
    expect(TIME_ZONES[0]).toBe('UTC');
    expect(TIME_ZONES.filter((z) => z === 'UTC')).toHaveLength(1);
    expect(TIME_ZONES).toContain('Europe/Madrid');
    expect(TIME_ZONES).toContain('America/Santiago');
  });
});
