import { z } from 'zod';

/**
 * Privacy (GDPR): what an account holds about one person (by e-mail), its export and erasure, the
 * retention of past events' personal data, and the log of requests.
 */

/** The kinds of personal data, in the order the export and the screen list them. */
export const PERSONAL_DATA_KINDS = [
  'orders',
  'attendees',
  'answers',
  'ticket_transfers',
  'waitlist',
  'message_deliveries',
  'emails',
  'check_ins',
  'invoices',
] as const;
export type PersonalDataKindName = (typeof PERSONAL_DATA_KINDS)[number];

/** Kinds an erasure leaves in place on purpose (legal documents; rows that no longer name anyone). */
export const KEPT_ON_ERASURE: readonly PersonalDataKindName[] = ['check_ins', 'invoices'];

export const RETENTION_DAYS_MIN = 30;
export const RETENTION_DAYS_MAX = 3650;

const personEmail = z
  .string({ error: 'privacy.email_invalid' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'privacy.email_invalid' }).max(254, { error: 'privacy.email_invalid' }));

export const privacyPersonSchema = z.strictObject({ email: personEmail });
export type PrivacyPersonInput = z.infer<typeof privacyPersonSchema>;

/** Erasing asks for the address twice: the confirmation must repeat it. */
export const privacyEraseSchema = z
  .strictObject({
    email: personEmail,
    confirm_email: z.string({ error: 'privacy.confirm_mismatch' }).trim().toLowerCase(),
  })
  .refine((v) => v.confirm_email === v.email, { error: 'privacy.confirm_mismatch', path: ['confirm_email'] });
export type PrivacyEraseInput = z.infer<typeof privacyEraseSchema>;

export const privacySettingsInput = z.strictObject({
  personal_data_retention_days: z
    .number({ error: 'privacy.retention_range' })
    .int({ error: 'privacy.retention_range' })
    .min(RETENTION_DAYS_MIN, { error: 'privacy.retention_range' })
    .max(RETENTION_DAYS_MAX, { error: 'privacy.retention_range' })
    .nullable(),
});
export type PrivacySettingsInput = z.infer<typeof privacySettingsInput>;

// Response shapes.

const countSchema = z.object({ erased: z.number().int(), kept: z.number().int() });

/** How many rows of each kind are held about the person (an erasure: erased and kept per kind). */
export const personalDataCountsSchema = z.record(z.string(), countSchema);

export const privacyPersonSummarySchema = z
  .object({
    email: z.string(),
    /** Rows held per kind. */
    held: z.record(z.string(), z.number().int()),
    total: z.number().int(),
  })
  .meta({ id: 'PrivacyPersonSummary' });
export type PrivacyPersonSummary = z.infer<typeof privacyPersonSummarySchema>;

export const privacyErasureSchema = z
  .object({
    counts: personalDataCountsSchema,
    erased: z.number().int(),
    kept: z.number().int(),
  })
  .meta({ id: 'PrivacyErasure' });
export type PrivacyErasure = z.infer<typeof privacyErasureSchema>;

export const privacySettingsSchema = z
  .object({
    personal_data_retention_days: z.number().int().nullable(),
    retention_days_min: z.number().int(),
    retention_days_max: z.number().int(),
  })
  .meta({ id: 'PrivacySettings' });
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const privacyRequestSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['EXPORT', 'ERASE', 'RETENTION']),
    /** The first characters of the keyed hash of the e-mail: tells requests about the same person apart. */
    person_ref: z.string().nullable(),
    user_name: z.string().nullable(),
    counts: personalDataCountsSchema,
    created_at: z.string(),
  })
  .meta({ id: 'PrivacyRequest' });
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;
