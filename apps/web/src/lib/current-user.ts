import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '@taquilla/shared';
import type { CurrentUser } from '@taquilla/shared/schemas/users';
import { api } from './api-client.ts';

/** The logged-in user, their account, what they may do there, and the accounts they can switch to. */
export type { CurrentUser };

export const currentUserQuery = queryOptions({
  queryKey: ['users', 'me'],
  queryFn: () => api<{ data: CurrentUser }>('users/me').then((r) => r.data),
});

export const useCurrentUser = (enabled = true) => useQuery({ ...currentUserQuery, enabled });

/**
 * Whether the user may do this in their current account, as the server decided (`permissions` of
 * users/me): the web shows what the permission allows and never works it out from the role.
 */
export function can(user: Pick<CurrentUser, 'permissions'> | undefined, permission: Permission): boolean {
  return user?.permissions.includes(permission) ?? false;
}

/** `can` for the logged-in user, inside a component. */
export function useCan(permission: Permission): boolean {
  return can(useCurrentUser().data, permission);
}
