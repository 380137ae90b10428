/**
 * Dates as both ends show and edit them. Instants are stored in UTC and always shown in the event's time
 * zone, in the reader's locale; forms edit wall-clock times of that zone ("YYYY-MM-DD HH:mm:ss"). Intl
 * only: no dates package, the same answers in Node and in the browser.
 */

/** Building an Intl.DateTimeFormat costs far more than using one: one per locale, zone and options, kept. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export function dateFormat(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

const asDate = (instant: string | Date) => (typeof instant === 'string' ? new Date(instant) : instant);

/** "13 dic 2026, 20:00": an instant with its date and time, in the zone. */
export function formatDateTime(instant: string | Date, timeZone: string, locale = 'es'): string {
  return dateFormat(locale, timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(asDate(instant));
}

/** A clock time in the zone, "20:05" (or "20:05:09" with seconds), e.g. for a check-in at the door. */
export function formatTime(instant: string | Date, timeZone: string, locale = 'es', seconds = false): string {
  return dateFormat(locale, timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  }).format(asDate(instant));
}

/** A calendar day ("2026-11-22", as the server keys days) as the locale writes it: "22 nov 2026". */
export function formatDay(day: string, locale = 'es'): string {
  return dateFormat(locale, 'UTC', { dateStyle: 'medium' }).format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day without its year, for a chart's axis: "13 nov" in Spanish, "Nov 13" in English. */
export function formatShortDay(day: string, locale = 'es'): string {
  return dateFormat(locale, 'UTC', { day: 'numeric', month: 'short' }).format(new Date(`${day}T00:00:00Z`));
}

interface WallFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallFields(ms: number, timeZone: string): WallFields {
  const fields: Record<string, number> = {};
  const parts = dateFormat('en-US', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  for (const p of parts) if (p.type !== 'literal') fields[p.type] = Number(p.value);
  return fields as unknown as WallFields;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day of an instant in a zone: calendarDay('2026-12-31T23:30:00Z', 'Europe/Madrid') → "2027-01-01". */
export function calendarDay(instant: string | Date, timeZone: string): string {
  const f = wallFields(asDate(instant).getTime(), timeZone);
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`;
}

/** An instant as the wall-clock time of the zone, the way date pickers hold it: "2026-12-13 20:00:00". */
export function instantToWallTime(instant: string | Date, timeZone: string): string {
  const f = wallFields(asDate(instant).getTime(), timeZone);
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
}

/** The wall clock of `ms` in the zone, read as if it were UTC (so the difference to `ms` is the offset). */
function wallAsUtc(ms: number, timeZone: string): number {
  const f = wallFields(ms, timeZone);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time of the zone names, as ISO: wallTimeToInstant('2026-12-13 20:00:00',
 * 'Europe/Madrid') → "2026-12-13T19:00:00.000Z". Around a DST change it resolves like Temporal's
 * 'compatible': a time the clocks skip (02:30 on the spring-forward night) moves forward by the gap (03:30
 * summer time), a time they pass twice (02:30 on the fall-back night) is the first of the two.
 */
export function wallTimeToInstant(wall: string, timeZone: string): string {
  const m = WALL_TIME.exec(wall.trim());
  if (!m) throw new RangeError(`Not a wall-clock time: ${wall}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const target = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(target);
  if (check.getUTCDate() !== d || check.getUTCHours() !== h || mi > 59 || s > 59)
    throw new RangeError(`Not a wall-clock time: ${wall}`);
  // The offsets a day before and a day after: any DST change in between is one of them.
  const before = target - (wallAsUtc(target - DAY_MS, timeZone) - (target - DAY_MS));
  const after = target - (wallAsUtc(target + DAY_MS, timeZone) - (target + DAY_MS));
  const valid = [before, after].filter((ms) => wallAsUtc(ms, timeZone) === target);
  return new Date(valid.length ? Math.min(...valid) : before).toISOString();
}

/**
 * An event's dates in its zone: the start with its time, then the end — only its time when it ends the
 * same day ("domingo, 13 de diciembre de 2026, 20:00 – 23:00"), both dates (medium) when it spans days.
 * `dateStyle` is how the start's date is written: 'full' on buyers' pages and e-mails, 'medium' elsewhere.
 */
export function formatDateRange(
  start: string | Date,
  end: string | Date | null | undefined,
  timeZone: string,
  locale = 'es',
  dateStyle: 'full' | 'medium' = 'medium',
): string {
  const from = asDate(start);
  const until = end ? asDate(end) : null;
  const first = dateFormat(locale, timeZone, { dateStyle, timeStyle: 'short' }).format(from);
  if (!until || until <= from) return first;
  if (calendarDay(from, timeZone) === calendarDay(until, timeZone))
    return `${first} – ${dateFormat(locale, timeZone, { timeStyle: 'short' }).format(until)}`;
  return `${formatDateTime(from, timeZone, locale)} – ${formatDateTime(until, timeZone, locale)}`;
}
