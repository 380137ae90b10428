import { z } from 'zod';
import { SUPPORTED_LOCALES, USER_ROLES } from '../enums.ts';

/**
 * Request bodies of /api/auth. Error texts are server message keys (translated by the API); the web
 * validates the same rules with its own messages.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const NAME_MAX = 50;

/** E-mails are compared and stored trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: 'auth.email_invalid' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'auth.email_invalid' })
  .pipe(z.email({ error: 'auth.email_invalid' }));

export const nameSchema = (field: 'first_name' | 'last_name') =>
  z
    .string({ error: `auth.${field}_length` })
    .trim()
    .min(1, { error: `auth.${field}_length` })
    .max(NAME_MAX, { error: `auth.${field}_length` });

export const passwordSchema = z
  .string({ error: 'auth.password_min' })
  .min(PASSWORD_MIN, { error: 'auth.password_min' })
  .max(PASSWORD_MAX, { error: 'auth.password_max' });

export const localeSchema = z.enum(SUPPORTED_LOCALES, { error: 'auth.locale_invalid' });

/** IANA time zones the runtime knows, plus UTC. */
export function isTimeZone(value: string): boolean {
  if (value === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.includes('/');
  } catch {
    return false;
  }
}

export const timezoneSchema = z
  .string({ error: 'auth.timezone_invalid' })
  .max(64, { error: 'auth.timezone_invalid' })
  .refine(isTimeZone, { error: 'auth.timezone_invalid' });

export const passwordsMatch = <T extends { password?: string; password_confirmation?: string }>(v: T) =>
  v.password === undefined || v.password === v.password_confirmation;
export const mismatch = { error: 'auth.password_mismatch', path: ['password_confirmation'] };

export const registerSchema = z
  .strictObject({
    first_name: nameSchema('first_name'),
    last_name: nameSchema('last_name'),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: 'auth.password_mismatch' }),
    accept_terms: z.literal(true, { error: 'auth.accept_terms' }),
    locale: localeSchema.optional(),
    timezone: timezoneSchema.optional(),
  })
  .refine(passwordsMatch, mismatch);
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'auth.password_required' })
    .min(1, { error: 'auth.password_required' })
    .max(PASSWORD_MAX),
  account_id: z.uuid({ error: 'auth.account_invalid' }).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.strictObject({ email: emailSchema });

export const resetPasswordSchema = z
  .strictObject({
    password: passwordSchema,
    password_confirmation: z.string({ error: 'auth.password_mismatch' }),
  })
  .refine(passwordsMatch, mismatch);

/**
 * Accepting an invitation: a new user sets a name and password; an existing user proves it is them with
 * `current_password` (or by calling signed in as that user).
 */
export const acceptInvitationSchema = z
  .strictObject({
    current_password: z.string().max(PASSWORD_MAX).optional(),
    first_name: nameSchema('first_name').optional(),
    last_name: nameSchema('last_name').optional(),
    password: passwordSchema.optional(),
    password_confirmation: z.string().optional(),
    accept_terms: z.boolean().optional(),
    timezone: timezoneSchema.optional(),
  })
  .refine(passwordsMatch, mismatch);

/** The invitation page's form for a colleague without a user yet: everything a registration asks but the e-mail. */
export const newMemberSchema = z
  .strictObject({
    first_name: nameSchema('first_name'),
    last_name: nameSchema('last_name'),
    password: passwordSchema,
    password_confirmation: z.string({ error: 'auth.password_mismatch' }),
    accept_terms: z.literal(true, { error: 'auth.accept_terms' }),
  })
  .refine(passwordsMatch, mismatch);

export const switchAccountSchema = z.strictObject({ account_id: z.uuid({ error: 'auth.account_invalid' }) });

export const tokenParamsSchema = z.object({ token: z.string().min(10).max(200) });

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const accountChoiceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(USER_ROLES),
    is_owner: z.boolean(),
  })
  .meta({ id: 'AccountChoice' });
export type AccountChoice = z.infer<typeof accountChoiceSchema>;
