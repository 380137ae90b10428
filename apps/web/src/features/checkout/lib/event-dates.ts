import type { PublicEvent } from '@taquilla/shared';
import { calendarDay } from '@taquilla/shared/dates';
import type { PublicEventDate } from '@taquilla/shared/schemas/event-dates';
import { publicApi } from '../../../lib/api-client.ts';
import { eventPath } from './public-event-api.ts';

/**
 * The dates (occurrences) a buyer can choose on the public pages: the event's next ones come with the
 * event (`dates`, `dates_total`); the calendar and the list ask for further ones by range.
 */
export type EventDateOption = PublicEventDate;

export const datesOf = (event: PublicEvent): EventDateOption[] => event.dates ?? [];
export const datesTotal = (event: PublicEvent): number => event.dates_total ?? 0;
/** An event with dates: the buyer chooses one before the tickets. A single-date event has none. */
export const hasDates = (event: PublicEvent) => datesTotal(event) > 0 || datesOf(event).length > 0;

/** The dates between two calendar days (both included, at most 62 days apart) in the event's zone. */
export const fetchDatesRange = (eventId: string, from: string, to: string) =>
  publicApi<{ data: EventDateOption[] }>(`${eventPath(eventId)}/dates`, { query: { from, to } }).then(
    (r) => r.data,
  );

/** "2026-12" → its days as weeks starting on Monday, null where the week spills out of the month. */
export function monthWeeks(month: string): (string | null)[][] {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** "2026-12" ± n months. */
export function addMonths(month: string, n: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** "2026-12-30" + n days. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export const lastDayOf = (month: string) => monthWeeks(month).flat().filter(Boolean).at(-1) as string;

/** The dates grouped by their calendar day in the event's zone, in order. */
export function byDay(dates: EventDateOption[], timeZone: string): Map<string, EventDateOption[]> {
  const days = new Map<string, EventDateOption[]>();
  for (const d of [...dates].sort((a, b) => a.starts_at.localeCompare(b.starts_at))) {
    const day = calendarDay(d.starts_at, timeZone);
    days.set(day, [...(days.get(day) ?? []), d]);
  }
  return days;
}

/** A link to one date of the event page (the page keeps the rest of its query string). */
export function dateHref(search: string, dateId: string): string {
  const next = new URLSearchParams(search);
  next.set('date', dateId);
  return `?${next}`;
}

export interface DatesPickerProps {
  eventId: string;
  timezone: string;
  /** The next dates as the event came with them, and how many upcoming dates there are in all. */
  dates: EventDateOption[];
  total: number;
  selectedId: string | null;
  hrefOf: (dateId: string) => string;
  onSelect: (date: EventDateOption) => void;
}

export type PickerInner = DatesPickerProps & {
  known: EventDateOption[];
  loadRange: (from: string, to: string) => Promise<EventDateOption[]>;
};
