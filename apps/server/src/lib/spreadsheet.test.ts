import { describe, expect, it } from 'vitest';
import { csvLine, wallClock } from './spreadsheet.ts';

describe('csvLine', () => {
  it('quotes separators, quotes and line breaks, defuses formulas, writes money and wall-clock dates', () => {
    expect(csvLine(['Lucía, "la de Vic"', 'línea 1\nlínea 2'])).toBe(
      '"Lucía, ""la de Vic""","línea 1\nlínea 2"',
    );
    expect(csvLine(['=HYPERLINK("http://x")', '-5', '@SUM(A1)', 42, null])).toBe(
      `"'=HYPERLINK(""http://x"")",'-5,'@SUM(A1),42,`,
    );
    expect(
      csvLine([
        { money: 123456, currency: 'EUR', digits: 2 },
        { money: 500, currency: 'JPY', digits: 0 },
      ]),
    ).toBe('1234.56,500');
    // 18:30 UTC on 1 July is 20:30 in Madrid (summer time).
    expect(csvLine([wallClock(new Date('2026-07-01T18:30:00Z'), 'Europe/Madrid')])).toBe('2026-07-01 20:30');
  });
});
