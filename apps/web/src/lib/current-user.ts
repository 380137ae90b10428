import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The logged-in user and their account, from GET /api/users/me. */
export interface CurrentUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  locale: string;
  timezone: string;
  email_verified: boolean;
  pending_email: string | null;
  role: 'ADMIN' | 'ORGANIZER';
  is_owner: boolean;
  account: { id: string; name: string; currency: string; timezone: string };
  /** The accounts the user can switch to (ACTIVE memberships, this one included). */
  accounts?: { id: string; name: string; role: 'ADMIN' | 'ORGANIZER'; is_owner: boolean }[];
}

export const currentUserQuery = queryOptions({
  queryKey: ['users', 'me'],
  queryFn: () => api<{ data: CurrentUser }>('users/me').then((r) => r.data),
});

export const useCurrentUser = (enabled = true) => useQuery({ ...currentUserQuery, enabled });
