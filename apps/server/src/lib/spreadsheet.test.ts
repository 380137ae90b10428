import { describe, expect, it } from 'vitest';
import { csvDecimal, csvLine, idKey, PackedIds, wallClock } from './spreadsheet.ts';

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
    // In the reader's decimal separator: a comma for Spanish, so the cell is quoted (RFC 4180).
    expect([csvDecimal('es'), csvDecimal('en'), csvDecimal('ca')]).toEqual([',', '.', ',']);
    expect(
      csvLine(
        [
          { money: 123456, currency: 'EUR', digits: 2 },
          { money: 5, currency: 'EUR', digits: 2 },
          { money: -1205, currency: 'EUR', digits: 2 },
          { money: 1500, currency: 'CLP', digits: 0 },
        ],
        ',',
      ),
    ).toBe('"1234,56","0,05","-12,05",1500');
    // 18:30 UTC on 1 July is 20:30 in Madrid (summer time).
    expect(csvLine([wallClock(new Date('2026-07-01T18:30:00Z'), 'Europe/Madrid')])).toBe('2026-07-01 20:30');
  });
});

describe('wallClock', () => {
  it('follows the offset across daylight-saving changes, to the second, with one formatter per zone', () => {
    const local = (iso: string, zone: string) => {
      const cell = wallClock(new Date(iso), zone);
      return cell && typeof cell === 'object' && 'wallClock' in cell ? cell.wallClock.toISOString() : cell;
    };
    // Madrid springs forward at 01:00 UTC on 29 March 2026 and falls back at 01:00 UTC on 25 October.
    expect(local('2026-03-29T00:59:59.900Z', 'Europe/Madrid')).toBe('2026-03-29T01:59:59.000Z');
    expect(local('2026-03-29T01:00:00Z', 'Europe/Madrid')).toBe('2026-03-29T03:00:00.000Z');
    expect(local('2026-10-25T00:30:00Z', 'Europe/Madrid')).toBe('2026-10-25T02:30:00.000Z');
    expect(local('2026-10-25T01:30:00Z', 'Europe/Madrid')).toBe('2026-10-25T02:30:00.000Z');
    // Quarter-hour zones, and a zone whose offset once had seconds (Madrid before 1901).
    expect(local('2026-01-01T00:00:00Z', 'Asia/Kathmandu')).toBe('2026-01-01T05:45:00.000Z');
    expect(local('2026-04-05T14:59:00Z', 'Pacific/Chatham')).toBe('2026-04-06T03:44:00.000Z');
    expect(local('1900-06-01T12:00:00Z', 'Europe/Madrid')).toBe('1900-06-01T11:45:16.000Z');
    expect(wallClock(null, 'Europe/Madrid')).toBeNull();
  });
});

describe('PackedIds', () => {
  it('gives a batch of ids as 32 hex digits, in order', () => {
    const ids = ['00000000-0000-4000-8000-000000000002', 'ffffffff-0000-4000-8000-00000000000a'];
    const packed = new PackedIds(Buffer.from(ids.map(idKey).join(''), 'hex'));
    expect(packed.length).toBe(2);
    expect(packed.hex(0, 5)).toEqual(ids.map(idKey));
    expect(packed.hex(1, 2)).toEqual([idKey(ids[1] ?? '')]);
    expect(new PackedIds(null).length).toBe(0);
  });
});
