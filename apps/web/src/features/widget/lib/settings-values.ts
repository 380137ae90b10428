import { isLocale } from '@taquilla/shared';
import { type WidgetSettings, widgetSettingsSchema } from '@taquilla/shared/schemas/widget';
import { schemaValidate } from '../../../lib/schema-form.ts';

/** The settings form: the sites as the text typed, the language '' for the buyer's. */
export type FormValues = Omit<WidgetSettings, 'allowed_origins' | 'locale'> & {
  allowed_origins: string;
  locale: string;
};

/** The sites typed in the box (one per line, or separated by spaces or commas), each with its line. */
export function originEntries(text: string): { value: string; line: number }[] {
  return text.split('\n').flatMap((row, i) =>
    row
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((value) => ({ value, line: i + 1 })),
  );
}

export function toSettings(v: FormValues): WidgetSettings {
  return {
    ...v,
    locale: isLocale(v.locale) ? v.locale : null,
    button_text: v.button_text?.trim() || null,
    primary_color: v.primary_color || null,
    background_color: v.background_color || null,
    text_color: v.text_color || null,
    allowed_origins: originEntries(v.allowed_origins).map((e) => e.value),
  };
}

export const validateWidgetSettings = schemaValidate<FormValues>(widgetSettingsSchema, {
  toInput: toSettings,
});
