import { z } from 'zod';
import { USER_ROLES } from '../enums.ts';
import {
  emailSchema,
  localeSchema,
  nameSchema,
  PASSWORD_MAX,
  passwordSchema,
  timezoneSchema,
} from './auth.ts';

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
  .refine((v) => v.password === undefined || v.password === v.password_confirmation, {
    error: 'auth.password_mismatch',
    path: ['password_confirmation'],
  });
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

export const inviteUserSchema = z.strictObject({
  first_name: nameSchema('first_name'),
  last_name: nameSchema('last_name'),
  email: emailSchema,
  role: roleSchema,
});
export type InviteUserInput = z.infer<typeof inviteUserSchema>;

/** PUT users/{id} by an admin. INVITED is reached only by inviting, never set by hand. */
export const updateUserSchema = z.strictObject({
  first_name: nameSchema('first_name').optional(),
  last_name: nameSchema('last_name').optional(),
  role: roleSchema.optional(),
  status: z.enum(['ACTIVE', 'INACTIVE'], { error: 'users.status_invalid' }).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.uuid' }) });
export const userTokenParamsSchema = z.object({
  id: z.uuid({ error: 'validation.uuid' }),
  token: z.string().min(10).max(200),
});

/** A member of the account as the API presents it. */
export interface AccountMember {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  /** null while INVITED: the profile is the user's own until they accept. */
  locale: string | null;
  timezone: string | null;
  email_verified: boolean;
  pending_email: string | null;
  role: 'ADMIN' | 'ORGANIZER';
  status: 'ACTIVE' | 'INVITED' | 'INACTIVE';
  is_owner: boolean;
  created_at: string;
  last_login_at?: string | null;
}
