import { calendarDay, instantToWallTime } from '@taquilla/shared/dates';
import { type RepetitionRuleInput, repetitionRuleSchema } from '@taquilla/shared/schemas/event-dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epochDay, expandRule, isNthWeekday, isoWeekday } from './recurrence.ts';

const ZONES = ['Europe/Madrid', 'America/New_York', 'Australia/Sydney', 'UTC', 'Asia/Kolkata'];
const parse = (rule: RepetitionRuleInput) => repetitionRuleSchema.parse(rule);
const starts = (rule: RepetitionRuleInput, zone = 'Europe/Madrid', limit = 1200) =>
  expandRule(parse(rule), zone, limit).map((o) => o.starts_at.toISOString());

describe('repetition rules: examples', () => {
  it('keeps the wall-clock time across the spring and autumn changes in Europe/Madrid', () => {
    const rule = {
      frequency: 'DAILY',
      starts_on: '2027-03-27',
      start_time: '20:00',
      duration_minutes: 90,
      ends: { count: 3 },
    } as const;
    expect(starts(rule)).toEqual([
      '2027-03-27T19:00:00.000Z', // CET, +01:00
      '2027-03-28T18:00:00.000Z', // CEST from 28 March, +02:00
      '2027-03-29T18:00:00.000Z',
    ]);
    expect(starts({ ...rule, starts_on: '2027-10-30' })).toEqual([
      '2027-10-30T18:00:00.000Z',
      '2027-10-31T19:00:00.000Z',
      '2027-11-01T19:00:00.000Z',
    ]);
  });

  it('time slots over the night the clocks skip an hour: no slot twice, none inside the gap', () => {
    const slots = starts({
      frequency: 'SLOTS',
      starts_on: '2027-03-28',
      start_time: '01:00',
      closes_at: '05:00',
      every_minutes: 30,
      duration_minutes: 30,
      ends: { count: 8 },
    });
    // 02:00 and 02:30 do not exist that night: they move to 03:00 and 03:30, and the real 03:00 and
    // 03:30 are not repeated.
    expect(slots.map((s) => instantToWallTime(s, 'Europe/Madrid').slice(11, 16))).toEqual([
      '01:00',
      '01:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
      '01:00',
      '01:30',
    ]);
  });

  it('monthly on the n-th or last weekday, yearly, every other week, with exclusions', () => {
    const base = { start_time: '19:30', duration_minutes: 60, starts_on: '2027-01-01' } as const;
    const days = (rule: RepetitionRuleInput) => starts(rule).map((s) => calendarDay(s, 'Europe/Madrid'));
    // Second Thursday of each month.
    expect(days({ ...base, frequency: 'MONTHLY', nth: 2, weekday: 4, ends: { count: 4 } })).toEqual([
      '2027-01-14',
      '2027-02-11',
      '2027-03-11',
      '2027-04-08',
    ]);
    // Last Sunday, every three months.
    expect(
      days({ ...base, frequency: 'MONTHLY', interval: 3, nth: -1, weekday: 7, ends: { count: 3 } }),
    ).toEqual(['2027-01-31', '2027-04-25', '2027-07-25']);
    expect(days({ ...base, starts_on: '2028-02-29', frequency: 'YEARLY', ends: { count: 2 } })).toEqual([
      '2028-02-29',
      '2032-02-29',
    ]);
    expect(
      days({
        ...base,
        frequency: 'WEEKLY',
        interval: 2,
        weekdays: [1, 3],
        ends: { until: '2027-01-31' },
        exclusions: ['2027-01-13'],
      }),
    ).toEqual(['2027-01-11', '2027-01-25', '2027-01-27']);
  });
});

const day = fc
  .integer({ min: epochDay('2026-01-01'), max: epochDay('2030-12-31') })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const weekdays = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 });

const ruleArb = fc
  .record({
    frequency: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'SLOTS'),
    interval: fc.integer({ min: 1, max: 4 }),
    starts_on: day,
    start_time: time,
    duration_minutes: fc.integer({ min: 15, max: 240 }),
    weekdays,
    nth: fc.constantFrom(-1, 1, 2, 3, 4, 5),
    weekday: fc.integer({ min: 1, max: 7 }),
    every_minutes: fc.constantFrom(15, 20, 30, 45, 60),
    open_hours: fc.integer({ min: 1, max: 10 }),
    end: fc.oneof(
      fc.record({ count: fc.integer({ min: 1, max: 300 }) }),
      fc.record({ span: fc.integer({ min: 0, max: 800 }) }),
    ),
    exclusions: fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 10 }),
  })
  .map((r) => {
    const first = epochDay(r.starts_on);
    const dayAt = (offset: number) => new Date((first + offset) * 86_400_000).toISOString().slice(0, 10);
    const openMinutes = Number(r.start_time.slice(0, 2)) * 60 + Number(r.start_time.slice(3));
    const close = Math.min(openMinutes + r.open_hours * 60, 23 * 60 + 59);
    const rule: RepetitionRuleInput = {
      frequency: r.frequency,
      interval: r.interval,
      starts_on: r.starts_on,
      start_time: r.start_time,
      duration_minutes: r.frequency === 'SLOTS' ? r.every_minutes : r.duration_minutes,
      exclusions: r.exclusions.map(dayAt),
      ends: 'count' in r.end ? { count: r.end.count } : { until: dayAt(r.end.span) },
    };
    if (r.frequency === 'WEEKLY' || r.frequency === 'SLOTS') rule.weekdays = r.weekdays;
    if (r.frequency === 'MONTHLY') Object.assign(rule, { nth: r.nth, weekday: r.weekday });
    if (r.frequency === 'SLOTS')
      Object.assign(rule, {
        every_minutes: r.every_minutes,
        closes_at: `${String(Math.floor(close / 60)).padStart(2, '0')}:${String(close % 60).padStart(2, '0')}`,
      });
    return rule;
  })
  .filter((rule) => repetitionRuleSchema.safeParse(rule).success);

describe('repetition rules: properties', () => {
  it('every date matches its rule, in order, within its bounds and never on an excluded day', () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.constantFrom(...ZONES),
        fc.integer({ min: 1, max: 1200 }),
        (input, zone, limit) => {
          const rule = parse(input);
          const dates = expandRule(rule, zone, limit);
          // One more than the limit tells the caller the rule overflows; never more than that or the count.
          expect(dates.length).toBeLessThanOrEqual(
            Math.min(limit + 1, 'count' in rule.ends ? rule.ends.count : Number.POSITIVE_INFINITY),
          );
          const excluded = new Set(rule.exclusions);
          let previous = Number.NEGATIVE_INFINITY;
          for (const d of dates) {
            const start = d.starts_at.getTime();
            expect(start).toBeGreaterThan(previous);
            previous = start;
            expect(d.ends_at.getTime() - start).toBe(rule.duration_minutes * 60_000);
            const wall = instantToWallTime(d.starts_at, zone);
            const localDay = wall.slice(0, 10);
            // Every zone here changes its clocks in the small hours: a moved start stays on its day.
            expect(localDay >= rule.starts_on).toBe(true);
            if ('until' in rule.ends) expect(localDay <= rule.ends.until).toBe(true);
            expect(excluded.has(localDay)).toBe(false);
            const epoch = epochDay(localDay);
            if (rule.frequency === 'WEEKLY' || (rule.frequency === 'SLOTS' && rule.weekdays))
              expect(rule.weekdays).toContain(isoWeekday(epoch));
            if (rule.frequency === 'MONTHLY')
              expect(isNthWeekday(epoch, rule.nth ?? 0, rule.weekday ?? 0)).toBe(true);
            if (rule.frequency === 'YEARLY') expect(localDay.slice(5)).toBe(rule.starts_on.slice(5));
            if (rule.frequency !== 'SLOTS' && wall.slice(11, 16) !== rule.start_time) {
              // Only a start time the clocks skip that day is moved (by the gap, at most an hour here).
              const asked = Date.parse(`${localDay}T${rule.start_time}:00Z`);
              const got = Date.parse(`${localDay}T${wall.slice(11, 16)}:00Z`);
              expect(got - asked).toBeGreaterThan(0);
              expect(got - asked).toBeLessThanOrEqual(3600_000);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a count rule gives exactly its count when five years hold that many of its days', () => {
    fc.assert(
      fc.property(ruleArb, (input) => {
        const rule = parse({ ...input, ends: { count: 10 }, exclusions: [] });
        // Yearly rules and fifth weekdays may not reach ten dates in five years; slots may not fit the hours.
        if (rule.frequency === 'YEARLY' || (rule.frequency === 'MONTHLY' && rule.nth === 5)) return;
        const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
        if (
          rule.frequency === 'SLOTS' &&
          minutes(rule.closes_at ?? '') - minutes(rule.start_time) < rule.duration_minutes
        )
          return;
        expect(expandRule(rule, 'Europe/Madrid', 1200)).toHaveLength(10);
      }),
      { numRuns: 300 },
    );
  });
});
