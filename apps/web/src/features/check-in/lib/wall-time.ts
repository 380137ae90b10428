import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The list's window is typed as the event's local time (the door opens at 20:00 in Madrid, wherever the
 * organizer is): the picker holds "YYYY-MM-DD HH:mm:ss" wall-clock strings, the API ISO instants.
 */
const FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function isoToEventTime(iso: string | null, tz: string): string | null {
  return iso ? dayjs(iso).tz(tz).format(FORMAT) : null;
}

export function eventTimeToIso(local: string | null, tz: string): string | null {
  return local ? dayjs.tz(local, FORMAT, tz).toISOString() : null;
}
