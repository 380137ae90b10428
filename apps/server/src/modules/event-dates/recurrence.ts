import { wallTimeToInstant } from '@taquilla/shared/dates';
import { type RepetitionRule, RULE_MAX_YEARS } from '@taquilla/shared/schemas/event-dates';

/**
 * Expands a repetition rule into dates. Days are walked as calendar days ("2026-03-29"), each date's
 * wall-clock time is read in the event's zone (so 20:00 stays 20:00 across a DST change, and a slot the
 * clocks skip moves forward by the gap), and the walk stops at the rule's end, its count, or `limit + 1`
 * dates (the caller's cap: one more tells it the rule overflows).
 */
export type Occurrence = { starts_at: Date; ends_at: Date };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Days since 1970-01-01 of "YYYY-MM-DD". */
export const epochDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const isoDay = (epoch: number) => new Date(epoch * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday of an epoch day: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export const isoWeekday = (epoch: number) => ((((epoch + 3) % 7) + 7) % 7) + 1;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Whether an epoch day is the n-th (1–5, or -1: last) given weekday of its month. */
export function isNthWeekday(epoch: number, nth: number, weekday: number): boolean {
  if (isoWeekday(epoch) !== weekday) return false;
  const date = new Date(epoch * DAY_MS);
  const dayOfMonth = date.getUTCDate();
  if (nth > 0) return Math.ceil(dayOfMonth / 7) === nth;
  const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOfMonth + 7 > daysInMonth;
}

function dayMatches(rule: RepetitionRule, first: number, epoch: number): boolean {
  const { interval } = rule;
  const d = new Date(epoch * DAY_MS);
  const d0 = new Date(first * DAY_MS);
  switch (rule.frequency) {
    case 'DAILY':
      return (epoch - first) % interval === 0;
    case 'SLOTS':
      return (
        (epoch - first) % interval === 0 && (!rule.weekdays || rule.weekdays.includes(isoWeekday(epoch)))
      );
    case 'WEEKLY': {
      const firstMonday = first - (isoWeekday(first) - 1);
      const week = Math.floor((epoch - firstMonday) / 7);
      return week % interval === 0 && (rule.weekdays ?? []).includes(isoWeekday(epoch));
    }
    case 'MONTHLY': {
      const months = (d.getUTCFullYear() - d0.getUTCFullYear()) * 12 + d.getUTCMonth() - d0.getUTCMonth();
      return months % interval === 0 && isNthWeekday(epoch, rule.nth ?? 1, rule.weekday ?? 1);
    }
    case 'YEARLY':
      return (
        d.getUTCMonth() === d0.getUTCMonth() &&
        d.getUTCDate() === d0.getUTCDate() &&
        (d.getUTCFullYear() - d0.getUTCFullYear()) % interval === 0
      );
  }
}

/** The wall-clock start times of a matching day, in minutes after midnight. */
function startsOfDay(rule: RepetitionRule): number[] {
  const open = minutesOf(rule.start_time);
  if (rule.frequency !== 'SLOTS') return [open];
  const close = minutesOf(rule.closes_at ?? rule.start_time);
  const every = rule.every_minutes ?? 60;
  const out: number[] = [];
  for (let t = open; t + rule.duration_minutes <= close; t += every) out.push(t);
  return out;
}

/** The last day a rule may reach: its `until`, and never more than RULE_MAX_YEARS after its first day. */
const lastDayOf = (rule: RepetitionRule) =>
  Math.min(
    'until' in rule.ends ? epochDay(rule.ends.until) : Number.POSITIVE_INFINITY,
    epochDay(rule.starts_on) + Math.ceil(RULE_MAX_YEARS * 365.25),
  );

export function expandRule(rule: RepetitionRule, timeZone: string, limit: number): Occurrence[] {
  const first = epochDay(rule.starts_on);
  const last = lastDayOf(rule);
  const wanted = Math.min('count' in rule.ends ? rule.ends.count : Number.POSITIVE_INFINITY, limit + 1);
  const excluded = new Set(rule.exclusions.map(epochDay));
  const starts = startsOfDay(rule);
  const out: Occurrence[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (let epoch = first; epoch <= last && out.length < wanted; epoch++) {
    if (excluded.has(epoch) || !dayMatches(rule, first, epoch)) continue;
    const day = isoDay(epoch);
    for (const minutes of starts) {
      const start = Date.parse(wallTimeToInstant(`${day} ${clock(minutes)}`, timeZone));
      // Two slots the spring-forward gap moved onto the same instant are one date.
      if (start <= previous) continue;
      previous = start;
      out.push({ starts_at: new Date(start), ends_at: new Date(start + rule.duration_minutes * MINUTE_MS) });
      if (out.length >= wanted) break;
    }
  }
  return out;
}
