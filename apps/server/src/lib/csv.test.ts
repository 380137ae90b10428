import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    const csv = toCsv(
      ['Nombre', 'Nota'],
      [
        ['Lucía, "la de Vic"', 'línea 1\nlínea 2'],
        ['=HYPERLINK("http://x")', '-5'],
        [null, 42],
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'Nombre,Nota',
      '"Lucía, ""la de Vic""","línea 1\nlínea 2"',
      `"'=HYPERLINK(""http://x"")",'-5`,
      ',42',
    ]);
  });
});
