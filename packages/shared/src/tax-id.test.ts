import { describe, expect, it } from 'vitest';
import { isValidSpanishTaxId, normalizeTaxId } from './tax-id.ts';

describe('Spanish tax ids', () => {
  it('accepts NIFs, NIEs and CIFs whose check character is right, in any common spelling', () => {
    for (const id of [
      '12345678Z',
      '00000000T',
      '12345678-z',
      'X1234567L',
      'Y1234567X',
      'Z7654321H',
      'B12345674',
      'A58818501',
      'Q2826000H',
      'ES B12345674',
      'b-12.345.674',
      'K1234567L',
    ]) {
      expect(isValidSpanishTaxId(id), id).toBe(true);
    }
  });

  it('refuses a wrong check character, a wrong shape or a company type with the wrong kind of check', () => {
    for (const id of [
      '12345678A',
      'X1234567A',
      'B12345675',
      'Q2826000A',
      'Q28260008',
      'A5881850A',
      '1234',
      'ZZ',
      '',
    ]) {
      expect(isValidSpanishTaxId(id), id).toBe(false);
    }
  });

  it('normalizes to upper case without separators or ES prefix', () => {
    expect(normalizeTaxId(' es-b12.345.674 ')).toBe('B12345674');
    expect(normalizeTaxId('12345678z')).toBe('12345678Z');
  });
});
