import { z } from 'zod';
import { HEX_COLOR } from '../contrast.ts';
import { SUPPORTED_LOCALES } from '../enums.ts';

/** Widget settings of an event (GET/PUT /api/events/{id}/widget): embed options and who may frame it. */
const hexColor = z
  .string({ error: 'widget.color_invalid' })
  .trim()
  .regex(HEX_COLOR, { error: 'widget.color_invalid' });

/** "https://example.com" or "http://localhost:8080": a scheme, a host and an optional port, nothing else. */
export const originSchema = z
  .url({ protocol: /^https?$/, error: 'widget.origin_invalid' })
  .max(200, { error: 'widget.origin_invalid' })
  .transform((value, ctx) => {
    const origin = new URL(value).origin;
    if (origin === value.replace(/\/$/, '')) return origin;
    ctx.addIssue({ code: 'custom', message: 'widget.origin_invalid' });
    return z.NEVER;
  });

export const WIDGET_LOCALES = SUPPORTED_LOCALES;
export const WIDGET_PADDING_MAX = 48;
export const WIDGET_BUTTON_TEXT_MAX = 40;

export const widgetSettingsSchema = z.strictObject({
  /** Sites allowed to frame the widget; empty: any site. */
  allowed_origins: z.array(originSchema).max(20, { error: 'widget.too_many_origins' }),
  locale: z.enum(WIDGET_LOCALES, { error: 'widget.locale_invalid' }).nullable().default(null),
  button_text: z
    .string()
    .trim()
    .max(WIDGET_BUTTON_TEXT_MAX, { error: 'widget.button_text_length' })
    .nullable()
    .default(null)
    .transform((v) => v || null),
  // Left out: the event's own colour.
  primary_color: hexColor.nullable().default(null),
  background_color: hexColor.nullable().default(null),
  text_color: hexColor.nullable().default(null),
  padding: z
    .number({ error: 'widget.padding_invalid' })
    .int({ error: 'widget.padding_invalid' })
    .min(0, { error: 'widget.padding_invalid' })
    .max(WIDGET_PADDING_MAX, { error: 'widget.padding_invalid' }),
  auto_resize: z.boolean(),
});
export type WidgetSettings = z.output<typeof widgetSettingsSchema>;

/** The widget settings as the API answers them. */
export const widgetSettingsResponseSchema = z.object({
  allowed_origins: z.array(z.string()),
  locale: z.enum(WIDGET_LOCALES).nullable(),
  button_text: z.string().nullable(),
  primary_color: z.string().nullable(),
  background_color: z.string().nullable(),
  text_color: z.string().nullable(),
  padding: z.number(),
  auto_resize: z.boolean(),
});

export const DEFAULT_WIDGET_SETTINGS: WidgetSettings = {
  allowed_origins: [],
  locale: null,
  button_text: null,
  primary_color: null,
  background_color: null,
  text_color: null,
  padding: 16,
  auto_resize: true,
};

/**
 * Options the snippet passes to the frame in its query string (`/widget/{id}?locale=en&primary=%23...`);
 * the widget page reads them leniently: a bad value is ignored, never an error.
 */
export const WIDGET_QUERY_KEYS = {
  locale: 'locale',
  buttonText: 'button_text',
  primary: 'primary',
  background: 'background',
  text: 'text',
  padding: 'padding',
} as const;
