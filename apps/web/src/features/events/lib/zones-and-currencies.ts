/** The choices of an event's currency (its time zone: components/time-zone-select.tsx). */
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
