/** The public event lists at most this many upcoming dates; a calendar asks for more by range. */
export const MAX_PUBLIC_DATES = 60;
/** The longest range (days) a calendar may ask for at once. */
export const MAX_DATES_RANGE_DAYS = 62;
/** A date with this many units left or fewer (and some left) is shown as «few left». */
export const FEW_LEFT_UNITS = 10;

/** Where `now` falls in a sale window (either end may be open): null while it is open. */
export function saleWindowState(
  starts: Date | null,
  ends: Date | null,
  now = Date.now(),
): 'NOT_STARTED' | 'ENDED' | null {
  if (starts && starts.getTime() > now) return 'NOT_STARTED';
  if (ends && ends.getTime() <= now) return 'ENDED';
  return null;
}
