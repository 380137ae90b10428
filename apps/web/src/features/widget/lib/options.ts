import { isLocale, type Locale } from '@taquilla/shared';
import type { CSSProperties } from 'react';

/**
 * The widget's look as the embedding page asked for it (the snippet's data attributes, passed in the
 * frame's query string). Read leniently: a bad value is ignored. Kept for the frame's session so the
 * checkout steps, pages of the main web app inside the same frame, look the same.
 */
export interface WidgetOptions {
  locale?: Locale;
  buttonText?: string;
  primary?: string;
  background?: string;
  text?: string;
  padding?: number;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const storageKey = (eventId: string) => `taquilla-widget:${eventId}`;

export function readWidgetOptions(search: string): WidgetOptions {
  const q = new URLSearchParams(search);
  const color = (key: string) => {
    const value = q.get(key)?.trim();
    return value && HEX.test(value) ? value : undefined;
  };
  const locale = q.get('locale');
  const padding = Number(q.get('padding'));
  const buttonText = q.get('button_text')?.trim().slice(0, 40);
  return {
    ...(isLocale(locale) ? { locale } : {}),
    ...(buttonText ? { buttonText } : {}),
    ...(color('primary') ? { primary: color('primary') } : {}),
    ...(color('background') ? { background: color('background') } : {}),
    ...(color('text') ? { text: color('text') } : {}),
    ...(q.has('padding') && Number.isInteger(padding) && padding >= 0 && padding <= 48 ? { padding } : {}),
  };
}

/** Remembers the frame's query string (its options) for the checkout steps in the same frame. */
export function rememberWidgetOptions(eventId: string, search: string) {
  try {
    sessionStorage.setItem(storageKey(eventId), search);
  } catch {
    // Storage may be refused to a framed page: the checkout then uses the event's own colours.
  }
}

/** The frame's options and query string as the widget page left them. */
export function recallWidgetOptions(eventId: string): { options: WidgetOptions; search: string } {
  let search = '';
  try {
    search = sessionStorage.getItem(storageKey(eventId)) ?? '';
  } catch {
    // not available: defaults
  }
  return { options: readWidgetOptions(search), search };
}

/** The options over the event's homepage colours, as CSS variables (Mantine's primary among them). */
export function widgetStyle(
  colors: { primary?: string | null; background?: string | null; text?: string | null },
  options: WidgetOptions,
): CSSProperties {
  const primary = options.primary ?? colors.primary;
  const background = options.background ?? colors.background;
  const text = options.text ?? colors.text;
  return {
    ...(background ? { '--event-bg': background, background } : {}),
    ...(text ? { '--event-text': text, color: text } : {}),
    ...(primary
      ? {
          '--mantine-primary-color-filled': primary,
          '--mantine-primary-color-filled-hover': primary,
          '--mantine-color-blue-filled': primary,
          '--mantine-color-blue-filled-hover': primary,
          '--mantine-color-anchor': primary,
        }
      : {}),
    padding: options.padding ?? 16,
  } as CSSProperties;
}
