import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateRange, formatMoney, formatPercent, fromWallTime, toWallTime } from './format.ts';
import { i18n } from './i18n.ts';

beforeAll(() => {
  i18n.load('es', {});
  i18n.activate('es');
});

describe('formatting in the active locale', () => {
  it('writes money, percentages and date ranges through the shared module', () => {
    expect(formatMoney(500, 'CLP').replace(/\s/g, ' ')).toBe('500 CLP');
    expect(formatMoney(1500, 'JPY').replace(/\s/g, ' ')).toBe('1500 JPY');
    expect(formatPercent(2100).replace(/\s/g, ' ')).toBe('21 %');
    expect(formatDateRange('2026-12-13T19:00:00Z', '2026-12-13T22:00:00Z', 'Europe/Madrid')).toBe(
      '13 dic 2026, 20:00 – 23:00',
    );
  });

  it('turns date pickers’ wall times into instants and back, an empty picker into null', () => {
    expect(fromWallTime('2026-12-13 20:00:00', 'Europe/Madrid')).toBe('2026-12-13T19:00:00.000Z');
    expect(toWallTime('2026-12-13T19:00:00.000Z', 'America/Santiago')).toBe('2026-12-13 16:00:00');
    expect(fromWallTime(null, 'Europe/Madrid')).toBeNull();
    expect(toWallTime(undefined, 'Europe/Madrid')).toBeNull();
  });
});
