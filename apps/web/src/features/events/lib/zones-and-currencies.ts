/** The choices of an event's time zone and currency. */
export const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Europe/Madrid', 'UTC'];
  }
})();

export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'MXN',
  'ARS',
  'COP',
  'CLP',
  'PEN',
  'BRL',
  'UYU',
  'CHF',
  'CAD',
  'JPY',
];
