import { readableColor } from '@taquilla/shared/contrast';

/** The organizer's page colours (homepage designer), any of them unset. */
export interface PageColors {
  primary?: string | null;
  background?: string | null;
  text?: string | null;
}

const DEFAULT_BACKGROUND = '#f8f9fa';
const DEFAULT_DIMMED = '#495057';
/** Mantine's red 9, the theme's error colour. */
const DEFAULT_RED = '#c92a2a';
/** Mantine's blue 8, the theme's link colour. */
const DEFAULT_LINK = '#1971c2';

/**
 * CSS variables that put the organizer's colours on a public page (event, checkout, ticket, print), each
 * adjusted until its text reads at 4.5:1: white on the main colour (buttons), links and text on the
 * background. Cards and inputs take the page's background (inputs: public.module.css), so text is never
 * measured against two.
 */
export function eventColorStyle(colors: PageColors | null | undefined): Record<string, string> {
  if (!colors) return {};
  const style: Record<string, string> = {};
  const background = colors.background || DEFAULT_BACKGROUND;
  if (colors.background) {
    style['--event-bg'] = colors.background;
    style['--mantine-color-body'] = colors.background;
    style['--mantine-color-dimmed'] = readableColor(DEFAULT_DIMMED, background);
    style['--mantine-color-text'] = readableColor('#000000', background);
    // Red words (errors, the month on the date tile) read on a dark background too.
    style['--mantine-color-error'] = readableColor(DEFAULT_RED, background);
    style['--event-red'] = readableColor(DEFAULT_RED, background);
    style['--mantine-color-anchor'] = readableColor(DEFAULT_LINK, background);
  }
  if (colors.text) {
    const text = readableColor(colors.text, background);
    style['--event-text'] = text;
    style['--mantine-color-text'] = text;
  }
  if (colors.primary) {
    // The organizer's main colour takes the place of Mantine's primary blue: buttons, steppers, links.
    const filled = readableColor(colors.primary, '#ffffff');
    const link = readableColor(colors.primary, background);
    Object.assign(style, {
      '--mantine-primary-color-filled': filled,
      '--mantine-primary-color-filled-hover': filled,
      '--mantine-color-blue-filled': filled,
      '--mantine-color-blue-filled-hover': filled,
      '--mantine-color-anchor': link,
    });
  }
  return style;
}
