import { PERMISSIONS, type Permission, type UserRole } from '@taquilla/shared';

/**
 * What each role may do (spec §6): the one table behind every guard (`can`/`assertCan` in auth.ts), the
 * `permissions` of `GET users/me` the web renders from, and the permission matrix test. A new role is a
 * new row.
 */
export const ROLE_PERMISSIONS: Record<UserRole, readonly Permission[]> = {
  ADMIN: PERMISSIONS,
  ORGANIZER: ['events:manage'],
};

export function permissionsOf(role: UserRole): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}
