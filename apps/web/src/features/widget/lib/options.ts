import { isLocale, type Locale } from '@taquilla/shared';
import type { CSSProperties } from 'react';
import { eventColorStyle, type PageColors } from '../../checkout/lib/event-colors.ts';

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
  /** One date of an event with dates (`data-date` on the snippet): the widget opens on its tickets. */
  date?: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
  const date = q.get('date');
  return {
    ...(date && UUID.test(date) ? { date } : {}),
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

/** The snippet's colours over the event's homepage colours. */
export function widgetColors(colors: PageColors, options: WidgetOptions): PageColors {
  return {
    primary: options.primary ?? colors.primary,
    background: options.background ?? colors.background,
    text: options.text ?? colors.text,
  };
}

/**
 * The widget's colours as CSS variables, adjusted like the event page's until their text reads (a
 * snippet's colour is the organizer's choice too, and as unchecked), with the padding asked for.
 */
export function widgetStyle(colors: PageColors, options: WidgetOptions): CSSProperties {
  const merged = widgetColors(colors, options);
  const style = eventColorStyle(merged);
  return {
    ...style,
    ...(merged.background ? { background: merged.background } : {}),
    ...(style['--mantine-color-text'] ? { color: style['--mantine-color-text'] } : {}),
    padding: options.padding ?? 16,
  } as CSSProperties;
}
