import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  formatMajorUnits,
  formatMoney,
  formatPercent,
  formatScaled,
  fromMinorUnits,
  numberSeparators,
  parseMinorUnits,
  parseScaled,
  percentOf,
  toMinorUnits,
} from './money.ts';

// Intl separates amount and symbol with a no-break space; tests read it as a plain one.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('currency digits', () => {
  it('knows zero-, two- and three-decimal currencies', () => {
    expect([
      currencyDigits('EUR'),
      currencyDigits('JPY'),
      currencyDigits('CLP'),
      currencyDigits('KWD'),
    ]).toEqual([2, 0, 0, 3]);
  });
});

describe('toMinorUnits / fromMinorUnits', () => {
  it('reads typed and numeric major units exactly', () => {
    expect(toMinorUnits('12,50', 'EUR')).toBe(1250);
    expect(toMinorUnits(12.5, 'EUR')).toBe(1250);
    // 0.29 × 100 is 28.999999999999996 in floating point: the conversion never multiplies a float.
    expect(toMinorUnits(0.29, 'EUR')).toBe(29);
    expect(toMinorUnits('1.005', 'KWD')).toBe(1005);
    expect(toMinorUnits('500', 'CLP')).toBe(500);
    expect(toMinorUnits(' 500 ', 'JPY')).toBe(500);
    expect(toMinorUnits('12,5', 'EUR')).toBe(1250);
    expect(toMinorUnits('-3,5', 'EUR')).toBe(-350);
    expect(toMinorUnits(',5', 'EUR')).toBe(50);
  });

  it('refuses more decimals than the currency has instead of rounding', () => {
    expect(parseMinorUnits('500,5', 'JPY')).toEqual({ ok: false, problem: 'too_many_digits' });
    expect(parseMinorUnits(12.345, 'EUR')).toEqual({ ok: false, problem: 'too_many_digits' });
    expect(parseMinorUnits('1.0005', 'KWD')).toEqual({ ok: false, problem: 'too_many_digits' });
    // A thousand pesos written the Spanish way is not read as one peso.
    expect(parseMinorUnits('1.000', 'CLP')).toEqual({ ok: false, problem: 'too_many_digits' });
    expect(parseMinorUnits('500,0', 'JPY')).toEqual({ ok: false, problem: 'too_many_digits' });
    expect(() => toMinorUnits('0,5', 'CLP')).toThrow(RangeError);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', ' ', '-', ',', '12a', '1,2,3', '1e3', 'NaN', '1 000'])
      expect(parseMinorUnits(bad, 'EUR')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(parseMinorUnits(Number.NaN, 'EUR').ok).toBe(false);
    expect(parseMinorUnits(1e21, 'JPY').ok).toBe(false);
    expect(parseMinorUnits('90071992547409,92', 'EUR')).toEqual({ ok: false, problem: 'too_large' });
  });

  it('writes minor units as an exact decimal in major units', () => {
    expect(fromMinorUnits(1250, 'EUR')).toBe('12.50');
    expect(fromMinorUnits(5, 'EUR')).toBe('0.05');
    expect(fromMinorUnits(500, 'JPY')).toBe('500');
    expect(fromMinorUnits(1, 'KWD')).toBe('0.001');
    expect(fromMinorUnits(-1234, 'KWD')).toBe('-1.234');
    expect(() => fromMinorUnits(1.5, 'EUR')).toThrow(RangeError);
  });

  for (const currency of ['EUR', 'JPY', 'CLP', 'KWD']) {
    const minor = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

    it(`round-trips every amount in ${currency}`, () => {
      fc.assert(
        fc.property(minor, (m) => {
          const major = fromMinorUnits(m, currency);
          expect(toMinorUnits(major, currency)).toBe(m);
          expect(toMinorUnits(major.replace('.', ','), currency)).toBe(m);
        }),
      );
    });

    it(`reads a field's number in ${currency} as the amount it shows`, () => {
      // What a number field hands over: a double whose shortest decimal has at most the currency's digits.
      const cents = fc.integer({ min: 0, max: 1_000_000_000 });
      fc.assert(
        fc.property(cents, (m) => {
          expect(toMinorUnits(Number(fromMinorUnits(m, currency)), currency)).toBe(m);
        }),
      );
    });

    it(`never rounds an extra decimal away in ${currency}`, () => {
      const digits = currencyDigits(currency);
      fc.assert(
        fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: 9 }), (whole, extra) => {
          const typed = `${whole}.${'0'.repeat(digits)}${extra}`;
          expect(parseMinorUnits(typed, currency)).toEqual({ ok: false, problem: 'too_many_digits' });
        }),
      );
    });
  }
});

describe('formatMoney', () => {
  it('writes the currency with its own digits in the reader’s locale', () => {
    expect(plain(formatMoney(1250, 'EUR', 'es'))).toBe('12,50 €');
    expect(formatMoney(1250, 'EUR', 'en')).toBe('€12.50');
    expect(plain(formatMoney(500, 'CLP', 'es'))).toBe('500 CLP');
    expect(plain(formatMoney(50_000, 'CLP', 'es'))).toBe('50.000 CLP');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(plain(formatMoney(1234, 'KWD', 'es'))).toBe('1,234 KWD');
    expect(plain(formatMoney(123450, 'EUR', 'ca'))).toBe('1.234,50 €');
  });

  it('writes amounts beyond float precision exactly', () => {
    expect(formatMoney(9_007_199_254_740_991, 'EUR', 'en')).toBe('€90,071,992,547,409.91');
  });
});

describe('amounts as typed', () => {
  it('writes major units without symbol or grouping, as a field takes them', () => {
    expect(formatMajorUnits(1250, 'EUR', 'es')).toBe('12,50');
    expect(formatMajorUnits(1250, 'EUR', 'en')).toBe('12.50');
    expect(formatMajorUnits(150_000, 'JPY', 'es')).toBe('150000');
    expect(formatMajorUnits(1234, 'KWD', 'es')).toBe('1,234');
    expect(toMinorUnits(formatMajorUnits(150_000, 'CLP', 'es'), 'CLP')).toBe(150_000);
  });
});

describe('number separators', () => {
  it('are the locale’s, so a field reads "1.000" as a thousand in Spanish and "12.50" as 12,5 in English', () => {
    expect(numberSeparators('es')).toEqual({ decimal: ',', group: '.' });
    expect(numberSeparators('en')).toEqual({ decimal: '.', group: ',' });
  });
});

describe('percentages', () => {
  it('formats hundredths of a percent in the locale', () => {
    expect(plain(formatPercent(2150, 'es'))).toBe('21,5 %');
    expect(formatPercent(2100, 'en')).toBe('21%');
    expect(plain(formatPercent(1, 'es'))).toBe('0,01 %');
  });

  it('reads a typed percentage as exact hundredths, refusing a third decimal', () => {
    expect(parseScaled('21,5', 2)).toEqual({ ok: true, value: 2150 });
    expect(parseScaled(7.25, 2)).toEqual({ ok: true, value: 725 });
    expect(parseScaled('21,555', 2)).toEqual({ ok: false, problem: 'too_many_digits' });
    expect(formatScaled(2150, 2)).toBe('21.50');
  });

  it('takes a percentage of minor units half up', () => {
    expect(percentOf(2500, 21)).toBe(525);
    expect(percentOf(333, 21.5)).toBe(72);
    expect(percentOf(500, 10)).toBe(50);
  });
});
