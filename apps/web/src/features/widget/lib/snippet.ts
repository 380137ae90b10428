import type { WidgetSettings } from '@taquilla/shared/schemas/widget';

/** The options as the snippet's data attributes and as the frame's query string (the same names). */
function optionEntries(s: Omit<WidgetSettings, 'allowed_origins'>): [string, string][] {
  return [
    ['locale', s.locale ?? ''],
    ['button-text', s.button_text ?? ''],
    ['primary-color', s.primary_color ?? ''],
    ['background-color', s.background_color ?? ''],
    ['text-color', s.text_color ?? ''],
    ['padding', String(s.padding)],
  ].filter((entry): entry is [string, string] => entry[1] !== '');
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What the organizer pastes into their site: a placeholder with the options, and the script. */
export function embedSnippet(
  origin: string,
  eventId: string,
  s: Omit<WidgetSettings, 'allowed_origins'>,
): string {
  const attrs = [
    `data-taquilla-event="${escapeAttr(eventId)}"`,
    ...optionEntries(s).map(([k, v]) => `data-${k}="${escapeAttr(v)}"`),
    ...(s.auto_resize ? [] : ['data-auto-resize="false"']),
  ];
  return `<div ${attrs.join(' ')}></div>\n<script src="${origin}/widget.js" async></script>`;
}

/** The frame's address for these options (what the snippet builds), for the live preview. */
export function widgetUrl(eventId: string, s: Omit<WidgetSettings, 'allowed_origins'>): string {
  const names: Record<string, string> = {
    'button-text': 'button_text',
    'primary-color': 'primary',
    'background-color': 'background',
    'text-color': 'text',
  };
  const q = new URLSearchParams(optionEntries(s).map(([k, v]) => [names[k] ?? k, v]));
  return `/widget/${encodeURIComponent(eventId)}?${q}`;
}
