import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  byDay,
  dateHref,
  type EventDateOption,
  lastDayOf,
  monthWeeks,
} from './event-dates.ts';

const option = (id: string, starts_at: string): EventDateOption => ({
  id,
  starts_at,
  ends_at: null,
  status: 'ON_SALE',
  sold_out: false,
  few_left: false,
  sale_state: 'ON_SALE',
  sale_starts_at: null,
  location: null,
});

describe('event dates on the public pages', () => {
  it('lays a month out in weeks from Monday, blanks outside it', () => {
    // 1 December 2026 is a Tuesday; the 31st a Thursday.
    const weeks = monthWeeks('2026-12');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks[4]).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
    // February 2027 starts on a Monday and fills four weeks exactly.
    expect(monthWeeks('2027-02')).toHaveLength(4);
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
  });

  it('moves across years by months and days', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('groups dates by their day in the event’s zone, not in UTC', () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Madrid.
    const days = byDay(
      [
        option('b', '2026-12-31T23:30:00Z'),
        option('a', '2026-12-31T19:00:00Z'),
        option('c', '2027-01-01T19:00:00Z'),
      ],
      'Europe/Madrid',
    );
    expect([...days.keys()]).toEqual(['2026-12-31', '2027-01-01']);
    expect(days.get('2027-01-01')?.map((d) => d.id)).toEqual(['b', 'c']);
  });

  it('links a date keeping the rest of the address (a promo code) and replacing another date', () => {
    expect(dateHref('?promo_code=AMIGOS&date=old', 'new')).toBe('?promo_code=AMIGOS&date=new');
    expect(dateHref('', 'x')).toBe('?date=x');
  });
});
