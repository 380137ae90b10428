import { z } from 'zod';
import { PERMISSIONS, USER_ROLES } from '../enums.ts';
import {
  accountChoiceSchema,
  emailSchema,
  localeSchema,
  mismatch,
  nameSchema,
  PASSWORD_MAX,
  passwordSchema,
  passwordsMatch,
  timezoneSchema,
} from './auth.ts';
import { twoFactorChallengeSchema } from './sign-in-security.ts';

/** Request bodies and shapes of /api/users. */
export const roleSchema = z.enum(USER_ROLES, { error: 'users.role_invalid' });

/** PUT users/me: profile, and optionally a new e-mail or password (both need the current password). */
export const updateMeSchema = z
  .strictObject({
    first_name: nameSchema('first_name'),
    last_name: nameSchema('last_name'),
    email: emailSchema.optional(),
    locale: localeSchema.optional(),
    timezone: timezoneSchema.optional(),
    current_password: z.string().max(PASSWORD_MAX).optional(),
    password: passwordSchema.optional(),
    password_confirmation: z.string().optional(),
  })
  .refine(passwordsMatch, mismatch);
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

const currentPasswordSchema = z
  .string({ error: 'auth.current_password_required' })
  .min(1, { error: 'auth.current_password_required' })
  .max(PASSWORD_MAX);

/** The profile's e-mail card: the new address, proved with the current password (sent through users/me). */
export const changeEmailSchema = z.strictObject({
  email: emailSchema,
  current_password: currentPasswordSchema,
});

/** The profile's password card (sent through users/me). */
export const changePasswordSchema = z
  .strictObject({
    current_password: currentPasswordSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: 'auth.password_mismatch' }),
  })
  .refine(passwordsMatch, mismatch);

/** The organizers a member works on; null or [] for every organizer of the account. */
const organizerIdsSchema = z
  .array(z.uuid({ error: 'users.organizers_invalid' }), { error: 'users.organizers_invalid' })
  .max(100, { error: 'users.organizers_invalid' })
  .nullable()
  .optional();

export const inviteUserSchema = z.strictObject({
  first_name: nameSchema('first_name'),
  last_name: nameSchema('last_name'),
  email: emailSchema,
  role: roleSchema,
  organizer_ids: organizerIdsSchema,
});
export type InviteUserInput = z.infer<typeof inviteUserSchema>;

/** PUT users/{id} by an admin. INVITED is reached only by inviting, never set by hand. */
export const updateUserSchema = z.strictObject({
  first_name: nameSchema('first_name').optional(),
  last_name: nameSchema('last_name').optional(),
  role: roleSchema.optional(),
  status: z.enum(['ACTIVE', 'INACTIVE'], { error: 'users.status_invalid' }).optional(),
  organizer_ids: organizerIdsSchema,
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.uuid' }) });
export const userTokenParamsSchema = z.object({
  id: z.uuid({ error: 'validation.uuid' }),
  token: z.string().min(10).max(200),
});

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

/** A member of the account as the API presents it. */
export const accountMemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** null while INVITED: the profile is the user's own until they accept. */
    locale: z.string().nullable(),
    timezone: z.string().nullable(),
    email_verified: z.boolean(),
    pending_email: z.string().nullable(),
    role: z.enum(USER_ROLES),
    status: z.enum(['ACTIVE', 'INVITED', 'INACTIVE']),
    is_owner: z.boolean(),
    /** The organizers the member is limited to; null: every organizer of the account. */
    organizer_ids: z.array(z.string()).nullable(),
    /**
     * Why the caller cannot change this member's role and status (the account owner's are fixed, and
     * nobody changes their own), or null when they can.
     */
    role_and_status_fixed: z.enum(['OWNER', 'SELF']).nullable(),
    created_at: z.string(),
    last_login_at: z.string().nullable().optional(),
  })
  .meta({ id: 'AccountMember' });
export type AccountMember = z.infer<typeof accountMemberSchema>;

/** GET users/me: the signed-in user, their account, and the accounts they can switch to. */
export const currentUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    locale: z.string(),
    timezone: z.string(),
    email_verified: z.boolean(),
    pending_email: z.string().nullable(),
    role: z.enum(USER_ROLES),
    is_owner: z.boolean(),
    /** What the user may do in this account, decided by the server: the web shows what these allow. */
    permissions: z.array(z.enum(PERMISSIONS)),
    account: z.object({ id: z.string(), name: z.string(), currency: z.string(), timezone: z.string() }),
    accounts: z.array(
      z.object({ id: z.string(), name: z.string(), role: z.enum(USER_ROLES), is_owner: z.boolean() }),
    ),
    two_factor: z.object({
      enabled: z.boolean(),
      /** The account requires 2FA and the user has none yet: only enrolment is open until they do. */
      required: z.boolean(),
      recovery_codes_left: z.number().int(),
    }),
    /** Whether the account requires 2FA of every member (admins change it). */
    account_requires_two_factor: z.boolean(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A new session (register, login, switch account, accept an invitation); the token is also in `x-auth-token`. */
export const sessionSchema = z.object({ token: z.string(), user: currentUserSchema });
export const registeredSchema = sessionSchema.extend({ account: currentUserSchema.shape.account });
/**
 * Login: a session, the accounts to choose from when the user belongs to several, or (2FA) a challenge
 * for the second step.
 */
export const loginResultSchema = z.union([
  sessionSchema,
  z.object({ accounts: z.array(accountChoiceSchema) }),
  twoFactorChallengeSchema,
]);
/** GET auth/reset-password/{token}: the link is valid. */
export const resetTokenSchema = z.object({ email: z.string(), expires_at: z.string() });
/** GET auth/invitations/{token}: what the invitation page shows. */
export const invitationSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  account_name: z.string(),
  role: z.enum(USER_ROLES),
  invited_by: z.string().nullable(),
  has_password: z.boolean(),
});
