import { createTheme } from '@mantine/core';

/** Primary blue, Varela Round, light scheme (spec §9). */
export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: '"Varela Round", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: '"Varela Round", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'md',
});
