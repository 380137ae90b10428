import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  formatDateRange,
  formatDateTime,
  formatDay,
  formatShortDay,
  instantToWallTime,
  wallTimeToInstant,
} from './dates.ts';

describe('wall time in a zone', () => {
  it('turns a wall-clock time of the zone into its instant and back', () => {
    expect(wallTimeToInstant('2026-12-13 20:00:00', 'Europe/Madrid')).toBe('2026-12-13T19:00:00.000Z');
    expect(wallTimeToInstant('2026-07-13 20:00', 'Europe/Madrid')).toBe('2026-07-13T18:00:00.000Z');
    expect(wallTimeToInstant('2026-07-01 00:00:00', 'America/New_York')).toBe('2026-07-01T04:00:00.000Z');
    expect(instantToWallTime('2026-12-13T19:00:00Z', 'Europe/Madrid')).toBe('2026-12-13 20:00:00');
    expect(instantToWallTime('2026-12-13T05:00:00Z', 'America/New_York')).toBe('2026-12-13 00:00:00');
  });

  it('resolves DST changes: a skipped time moves forward, a repeated one is the first', () => {
    // Madrid skips 02:00–03:00 on 29 March 2026: 02:30 is 03:30 summer time.
    expect(wallTimeToInstant('2026-03-29 02:30:00', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
    // Madrid passes 02:00–03:00 twice on 25 October 2026: the first 02:30 is still summer time.
    expect(wallTimeToInstant('2026-10-25 02:30:00', 'Europe/Madrid')).toBe('2026-10-25T00:30:00.000Z');
    expect(wallTimeToInstant('2026-10-25 03:00:00', 'Europe/Madrid')).toBe('2026-10-25T02:00:00.000Z');
  });

  it('refuses what is not a wall-clock time', () => {
    for (const bad of ['2026-02-30 10:00:00', '2026-12-13 24:00:00', '2026-12-13', 'mañana'])
      expect(() => wallTimeToInstant(bad, 'Europe/Madrid')).toThrow(RangeError);
  });

  it('round-trips every instant of several zones, DST nights included', () => {
    const zones = fc.constantFrom(
      'Europe/Madrid',
      'America/Santiago',
      'Asia/Tokyo',
      'America/New_York',
      'UTC',
    );
    const instant = fc
      .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) })
      .map((ms) => ms - (ms % 1000));
    fc.assert(
      fc.property(zones, instant, (zone, ms) => {
        const back = Date.parse(wallTimeToInstant(instantToWallTime(new Date(ms), zone), zone));
        // A repeated hour reads back as its first occurrence: the same wall time, at most an hour earlier.
        expect(instantToWallTime(new Date(back), zone)).toBe(instantToWallTime(new Date(ms), zone));
        expect(ms - back === 0 || ms - back === 3_600_000).toBe(true);
      }),
    );
  });
});

describe('calendar days', () => {
  it('is the day of the instant in the zone', () => {
    expect(calendarDay('2026-12-31T23:30:00Z', 'Europe/Madrid')).toBe('2027-01-01');
    expect(calendarDay('2026-12-31T23:30:00Z', 'America/Santiago')).toBe('2026-12-31');
    expect(formatDay('2026-11-22', 'es')).toBe('22 nov 2026');
    expect(formatDay('2026-11-22', 'en')).toBe('Nov 22, 2026');
    expect(formatDay('2026-11-22', 'ca')).toBe('22 de nov. 2026');
    // A chart's axis: no year, and no comma left where the year was.
    expect(formatShortDay('2026-11-22', 'es')).toBe('22 nov');
    expect(formatShortDay('2026-11-22', 'en')).toBe('Nov 22');
  });
});

describe('event date ranges', () => {
  it('shows a same-day range once, with the end time only', () => {
    expect(
      formatDateRange('2026-12-13T19:00:00Z', '2026-12-13T22:00:00Z', 'Europe/Madrid', 'es', 'full'),
    ).toBe('domingo, 13 de diciembre de 2026, 20:00 – 23:00');
    expect(formatDateRange('2026-12-13T19:00:00Z', '2026-12-13T22:00:00Z', 'Europe/Madrid', 'es')).toBe(
      '13 dic 2026, 20:00 – 23:00',
    );
    expect(formatDateRange('2026-12-13T19:00:00Z', '2026-12-13T22:00:00Z', 'Europe/Madrid', 'ca')).toBe(
      '13 de des. 2026, 20:00 – 23:00',
    );
  });

  it('decides "same day" in the event’s zone, not the reader’s', () => {
    // 23:00–01:00 in Madrid spans two days there although both are on 13 December in UTC… and vice versa.
    expect(formatDateRange('2026-12-13T22:00:00Z', '2026-12-14T00:00:00Z', 'UTC', 'es')).toBe(
      '13 dic 2026, 22:00 – 14 dic 2026, 0:00',
    );
    expect(formatDateRange('2026-12-13T23:30:00Z', '2026-12-14T01:00:00Z', 'Europe/Madrid', 'es')).toBe(
      '14 dic 2026, 0:30 – 2:00',
    );
  });

  it('shows both dates for a multi-day event, and only the start without a later end', () => {
    expect(
      formatDateRange('2026-07-10T16:00:00Z', '2026-07-12T22:00:00Z', 'Europe/Madrid', 'es', 'full'),
    ).toBe('10 jul 2026, 18:00 – 13 jul 2026, 0:00');
    expect(formatDateRange('2026-07-10T16:00:00Z', null, 'Europe/Madrid', 'en')).toBe(
      'Jul 10, 2026, 6:00 PM',
    );
    expect(formatDateRange('2026-07-10T16:00:00Z', '2026-07-10T16:00:00Z', 'Asia/Tokyo', 'es')).toBe(
      formatDateTime('2026-07-10T16:00:00Z', 'Asia/Tokyo', 'es'),
    );
  });
});
