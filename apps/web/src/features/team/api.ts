import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, ListResponse } from '@taquilla/shared';
import type { AccountSettings } from '@taquilla/shared/schemas/accounts';
import type { InvoiceSettings, UpdateInvoiceSettingsInput } from '@taquilla/shared/schemas/invoices';
import type { Organizer } from '@taquilla/shared/schemas/organizers';
import type { AccountMember } from '@taquilla/shared/schemas/users';
import { api } from '../../lib/api-client.ts';
import type { CurrentUser } from '../../lib/current-user.ts';

/** Calls of the team and account-settings screens. */
export const usersQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: ['users', 'list', query],
    queryFn: () => api<ListResponse<AccountMember>>('users', { query }),
    placeholderData: keepPreviousData,
  });

export const inviteUser = (body: {
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  organizer_ids: string[] | null;
}) => api<{ data: AccountMember }>('users', { method: 'POST', body });

/** The account's organizers a member can be limited to (the organizers list's cache). */
export const organizerChoicesQuery = queryOptions({
  queryKey: ['organizers', 'list'],
  queryFn: () => api<ListResponse<Organizer>>('organizers?per_page=100').then((r) => r.data),
});

export const updateUser = (id: string, body: Record<string, unknown>) =>
  api<{ data: AccountMember }>(`users/${id}`, { method: 'PUT', body });

export const resendInvitation = (id: string) =>
  api<{ data: AccountMember }>(`users/${id}/invitation`, { method: 'POST' });

export const revokeInvitation = (id: string) => api<void>(`users/${id}/invitation`, { method: 'DELETE' });

export const accountQuery = queryOptions({
  queryKey: ['accounts', 'me'],
  queryFn: () => api<{ data: AccountSettings }>('accounts/me').then((r) => r.data),
});

export const updateAccount = (body: { name: string; currency: string; timezone: string }) =>
  api<{ data: AccountSettings }>('accounts/me', { method: 'PUT', body });

export const invoicingQuery = queryOptions({
  queryKey: ['accounts', 'me', 'invoicing'],
  queryFn: () => api<{ data: InvoiceSettings }>('accounts/me/invoicing').then((r) => r.data),
});

export const updateInvoicing = (body: UpdateInvoiceSettingsInput) =>
  api<{ data: InvoiceSettings }>('accounts/me/invoicing', { method: 'PUT', body });

export const setTwoFactorPolicy = (required: boolean) =>
  api<{ data: CurrentUser }>('users/two-factor-policy', {
    method: 'PUT',
    body: { require_two_factor: required },
  });
