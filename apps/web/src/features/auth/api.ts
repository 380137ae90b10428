import { queryOptions } from '@tanstack/react-query';
import type { UserRole } from '@taquilla/shared';
import type { AccountChoice } from '@taquilla/shared/schemas/auth';
import type { ActiveSession } from '@taquilla/shared/schemas/sign-in-security';
import { api } from '../../lib/api-client.ts';
import type { CurrentUser } from '../../lib/current-user.ts';

/** Calls of the auth screens. `api` stores the token a response carries. */
export type LoginResponse = {
  data:
    | { token: string; user: CurrentUser }
    | { accounts: AccountChoice[] }
    | { two_factor: { challenge: string; expires_at: string } };
};

export const login = (body: { email: string; password: string; account_id?: string }) =>
  api<LoginResponse>('auth/login', { method: 'POST', body });

/** The second step of a login with 2FA: the challenge of the first and a code (or a recovery code). */
export const loginTwoFactor = (body: { challenge: string; code: string }) =>
  api<{ data: { token: string; user: CurrentUser } }>('auth/login/two-factor', { method: 'POST', body });

export const register = (body: Record<string, unknown>) =>
  api<{ data: { token: string; user: CurrentUser } }>('auth/register', { method: 'POST', body });

export const forgotPassword = (email: string) =>
  api<{ data: { message: string } }>('auth/forgot-password', { method: 'POST', body: { email } });

export const checkResetToken = (token: string) =>
  api<{ data: { email: string } }>(`auth/reset-password/${encodeURIComponent(token)}`);

export const resetPassword = (token: string, body: { password: string; password_confirmation: string }) =>
  api<{ data: unknown }>(`auth/reset-password/${encodeURIComponent(token)}`, { method: 'POST', body });

export interface Invitation {
  email: string;
  first_name: string;
  last_name: string;
  account_name: string;
  role: UserRole;
  invited_by: string | null;
  has_password: boolean;
}

export const getInvitation = (token: string) =>
  api<{ data: Invitation }>(`auth/invitations/${encodeURIComponent(token)}`);

export const acceptInvitation = (token: string, body: Record<string, unknown>) =>
  api<{ data: { token: string; user: CurrentUser } }>(`auth/invitations/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
  });

export const switchAccount = (accountId: string) =>
  api<{ data: { token: string } }>('auth/switch-account', {
    method: 'POST',
    body: { account_id: accountId },
  });

export const updateMe = (body: Record<string, unknown>) =>
  api<{ data: CurrentUser }>('users/me', { method: 'PUT', body });

export const confirmEmail = (userId: string, token: string) =>
  api<{ data: CurrentUser }>(`users/${userId}/confirm-email/${encodeURIComponent(token)}`, {
    method: 'POST',
  });

export const resendConfirmation = (userId: string) =>
  api<{ data: unknown }>(`users/${userId}/resend-email-confirmation`, { method: 'POST' });

export const confirmEmailChange = (userId: string, token: string) =>
  api<{ data: CurrentUser }>(`users/${userId}/email-change/${encodeURIComponent(token)}`, { method: 'POST' });

export const cancelEmailChange = (userId: string) =>
  api<{ data: CurrentUser }>(`users/${userId}/email-change`, { method: 'DELETE' });

/** Whether the account already has an organizer (onboarding is then done). */
export const hasOrganizer = () =>
  api<{ meta: { total: number } }>('organizers', { query: { per_page: 1 } }).then((r) => r.meta.total > 0);

export const createOrganizer = (body: { name: string; email?: string }) =>
  api<{ data: { id: string; name: string } }>('organizers', { method: 'POST', body });

/** Onboarding names the account after the first organizer while it still carries the owner's name. */
export const renameAccount = (account: { name: string; currency: string; timezone: string }) =>
  api<{ data: unknown }>('accounts/me', { method: 'PUT', body: account });

export const startTwoFactor = () =>
  api<{ data: { secret: string; otpauth_uri: string; qr_image: string } }>('users/me/two-factor', {
    method: 'POST',
  });

export const confirmTwoFactor = (code: string) =>
  api<{ data: { recovery_codes: string[] } }>('users/me/two-factor/confirm', {
    method: 'POST',
    body: { code },
  });

export const regenerateRecoveryCodes = (password: string) =>
  api<{ data: { recovery_codes: string[] } }>('users/me/two-factor/recovery-codes', {
    method: 'POST',
    body: { password },
  });

export const disableTwoFactor = (password: string) =>
  api<void>('users/me/two-factor', { method: 'DELETE', body: { password } });

export const sessionsQuery = queryOptions({
  queryKey: ['users', 'me', 'sessions'],
  queryFn: () => api<{ data: ActiveSession[] }>('users/me/sessions').then((r) => r.data),
});

export const endSession = (id: string) => api<void>(`users/me/sessions/${id}`, { method: 'DELETE' });

export const endOtherSessions = () => api<void>('users/me/sessions', { method: 'DELETE' });

/** The link sent to the old address after an e-mail change: brings it back and ends every session. */
export const undoEmailChange = (token: string) =>
  api<{ data: { email: string } }>(`auth/undo-email-change/${encodeURIComponent(token)}`, { method: 'POST' });
