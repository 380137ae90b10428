import { describe, expect, it } from 'vitest';
import { contrastRatio, READABLE } from './contrast.ts';

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, and symmetric', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1c7ed6', '#1c7ed6')).toBe(1);
    expect(contrastRatio('#ffffff', '#1c7ed6')).toBeCloseTo(contrastRatio('#1c7ed6', '#ffffff'), 10);
  });
  it('tells readable pairs from unreadable ones', () => {
    expect(contrastRatio('#212529', '#fff9db')).toBeGreaterThan(READABLE);
    expect(contrastRatio('#ffd43b', '#ffffff')).toBeLessThan(READABLE);
  });
});
