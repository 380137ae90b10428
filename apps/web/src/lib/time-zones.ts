/** The browser's own time zone (a new account's and a new event's default). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Madrid';
  } catch {
    return 'Europe/Madrid';
  }
}

/**
 * Every IANA time zone the browser knows, UTC first: `Intl.supportedValuesOf` leaves UTC out, so an
 * account or event in UTC showed an empty select.
 */
export const TIME_ZONES: string[] = (() => {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = ['Europe/Madrid'];
  }
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
})();
