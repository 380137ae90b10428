import { type WaitlistSettings, waitlistSettingsInput } from '@taquilla/shared/schemas/waitlist';
import { schemaValidate } from '../../../lib/schema-form.ts';

/** The settings form: an offer's duration in hours (the API takes minutes). */
export type SettingsValues = { hours: number | string; auto_offer: boolean };

export const toSettings = (v: SettingsValues): WaitlistSettings => ({
  // An empty field reads as 0 minutes, which the schema refuses.
  offer_minutes: Math.round(Number(v.hours) * 60),
  auto_offer: v.auto_offer,
});

export const validateSettings = schemaValidate<SettingsValues>(waitlistSettingsInput, {
  toInput: toSettings,
  fields: { offer_minutes: 'hours' },
});
