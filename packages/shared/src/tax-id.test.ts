import { describe, expect, it } from 'vitest';
import {
  isValidBuyerTaxId,
  isValidEuVatNumber,
  isValidSpanishTaxId,
  normalizeBuyerTaxId,
  normalizeTaxId,
} from './tax-id.ts';

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

describe('EU VAT numbers', () => {
  // Published numbers of real businesses and the examples of the states' own documentation.
  const valid = [
    'ATU13585627',
    'BE0403170701',
    'DE136695976',
    'DK13585628',
    'EL094259216',
    'FI20774740',
    'FR40303265045',
    'IE6388047V',
    'IT00743110157',
    'LU26375245',
    'NL004495445B01',
    'PL8567346215',
    'PT501964843',
    'SE556188840401',
    'SK2022749619',
  ];

  it('accepts a number of each member state with its prefix, with or without separators', () => {
    for (const vat of valid) expect(isValidEuVatNumber(vat), vat).toBe(true);
    expect(isValidEuVatNumber('fr 40 303 265 045')).toBe(true);
    expect(isValidEuVatNumber('GR094259216')).toBe(true);
  });

  it('refuses a wrong check digit where the state has one, a wrong shape or an unknown prefix', () => {
    for (const vat of [
      'BE0403170702',
      'DE136695977',
      'DK13585629',
      'FI20774741',
      'FR41303265045',
      'IE6388047W',
      'IT00743110158',
      'LU26375246',
      'PL8567346216',
      'PT501964844',
      'SE556188840501',
      'SK2022749618',
      'ATU1358562',
      'NL004495445A01',
      'US123456789',
      '136695976',
      'DE',
    ]) {
      expect(isValidEuVatNumber(vat), vat).toBe(false);
    }
  });

  it('a buyer may give a Spanish id or an EU VAT number; each is stored in its own form', () => {
    expect(isValidBuyerTaxId('12345678Z')).toBe(true);
    expect(isValidBuyerTaxId('ESB12345674')).toBe(true);
    expect(isValidBuyerTaxId('de 136 695 976')).toBe(true);
    expect(isValidBuyerTaxId('12345678A')).toBe(false);
    expect(normalizeBuyerTaxId('es-b12.345.674')).toBe('B12345674');
    expect(normalizeBuyerTaxId('de 136 695 976')).toBe('DE136695976');
    expect(normalizeBuyerTaxId('gr094259216')).toBe('EL094259216');
  });
});
