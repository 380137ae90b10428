import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, readableColor } from './contrast.ts';

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, and symmetric', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1c7ed6', '#1c7ed6')).toBe(1);
    expect(contrastRatio('#fff', '#1c7ed6')).toBeCloseTo(contrastRatio('#1c7ed6', '#ffffff'), 10);
  });
  it('tells readable pairs from unreadable ones', () => {
    expect(contrastRatio('#212529', '#fff9db')).toBeGreaterThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio('#ffd43b', '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST);
  });
});

describe('readableColor', () => {
  it('keeps a colour that reads and darkens or lightens one that does not', () => {
    expect(readableColor('#1971C2', '#ffffff')).toBe('#1971c2');
    const onWhite = readableColor('#fcc419', '#ffffff');
    expect(contrastRatio(onWhite, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const onDark = readableColor('#343a40', '#1a1b1e');
    expect(contrastRatio(onDark, '#1a1b1e')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
  it('always reaches 4.5:1 for any pair of colours', () => {
    const hex = fc
      .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
      .map((c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`);
    fc.assert(
      fc.property(hex, hex, (color, background) => {
        expect(contrastRatio(readableColor(color, background), background)).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
      }),
    );
  });
});
