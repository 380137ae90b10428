import { type CSSVariablesResolver, createTheme } from '@mantine/core';
import { readableColor } from '@taquilla/shared/contrast';

/**
 * Primary blue, Varela Round, light scheme (spec §9), with every text colour readable (WCAG AA, 4.5:1):
 * Mantine's defaults put white on blue 6 (3.55:1), grey 6 for secondary text (3.3:1) and red 6 for
 * errors (3.6:1). Blue 8, grey 7 and red 9 pass on white and on the pages' grey 0 background. Filled
 * badges and buttons of other colours get black or white text, whichever reads better (the threshold
 * is the luminance where both contrast equally).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.179,
  fontFamily: '"Varela Round", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: '"Varela Round", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'md',
});

/**
 * "Light" badges and buttons (status badges, secondary buttons): the palette's lightest shade behind
 * its darkest, darkened further where that is still under 4.5:1 (orange, yellow, teal…).
 */
function lightVariants(colors: Record<string, readonly string[]>): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const [bg, , , , , , , , , text] = shades;
    if (!bg || !text) continue;
    vars[`--mantine-color-${name}-light`] = bg;
    vars[`--mantine-color-${name}-light-color`] = readableColor(text, bg);
  }
  return vars;
}

/** Pass to every MantineProvider with the theme: the text colours Mantine does not take from it. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...lightVariants(t.colors),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
