import { z } from 'zod';
import { PASSWORD_MAX } from './auth.ts';

/** Two-factor authentication, active sessions and the undo of an e-mail change (issue 25). */

/** A 6-digit code from the authenticator app, or one of the recovery codes. */
export const twoFactorCodeSchema = z
  .string({ error: 'auth.two_factor_code_required' })
  .trim()
  .min(6, { error: 'auth.two_factor_code_required' })
  .max(32, { error: 'auth.two_factor_code_required' });

export const confirmTwoFactorSchema = z.strictObject({ code: twoFactorCodeSchema });
export type ConfirmTwoFactorInput = z.infer<typeof confirmTwoFactorSchema>;

/** Turning 2FA off needs the password. */
export const disableTwoFactorSchema = z.strictObject({
  password: z
    .string({ error: 'auth.password_required' })
    .min(1, { error: 'auth.password_required' })
    .max(PASSWORD_MAX),
});

/** The second step of a login: the challenge the first answered, and a code. */
export const loginTwoFactorSchema = z.strictObject({
  challenge: z.string({ error: 'auth.two_factor_challenge_invalid' }).min(10).max(200),
  code: twoFactorCodeSchema,
});
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorSchema>;

export const twoFactorPolicySchema = z.strictObject({
  require_two_factor: z.boolean({ error: 'auth.two_factor_policy_invalid' }),
});

export const sessionIdParamsSchema = z.object({ sessionId: z.uuid({ error: 'validation.uuid' }) });

// Response shapes

/** Enrolment: the secret once (for typing it by hand), its otpauth:// URI and a QR image of that URI. */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** A data: URI of an SVG image. */
  qr_image: z.string(),
});

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** Login of a user with 2FA: no token yet, a short-lived challenge for the second step. */
export const twoFactorChallengeSchema = z.object({
  two_factor: z.object({ challenge: z.string(), expires_at: z.string() }),
});

export const activeSessionSchema = z
  .object({
    id: z.string(),
    /** Browser and system, short ("Firefox · Linux"); null when the client sent no User-Agent. */
    device: z.string().nullable(),
    ip: z.string().nullable(),
    /** The address's country (ISO 3166-1 alpha-2, DB-IP Lite); null for local or unknown addresses. */
    country: z.string().nullable(),
    account_name: z.string(),
    created_at: z.string(),
    last_used_at: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const emailChangeUndoneSchema = z.object({ email: z.string() });
