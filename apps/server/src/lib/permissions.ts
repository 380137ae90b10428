import { PERMISSIONS, type Permission, type UserRole } from '@taquilla/shared';

/**
 * What each role may do (spec §6): the one table behind every guard (`can`/`assertCan` in auth.ts), the
 * `permissions` of `GET users/me` the web renders from, and the permission matrix test. A new role is a
 * new row.
 */
export const ROLE_PERMISSIONS: Record<UserRole, readonly Permission[]> = {
  ADMIN: PERMISSIONS,
  /** Runs events end to end, but not the team, the account, its taxes or where the money goes. */
  ORGANIZER: [
    'events:read',
    'events:manage',
    'orders:read',
    'orders:manage',
    'orders:refund',
    'orders:export',
    'reports:read',
    'check-in:read',
    'check-in:manage',
  ],
  /** The accountant: orders, refunds, exports and figures; never edits an event. */
  FINANCE: ['events:read', 'orders:read', 'orders:manage', 'orders:refund', 'orders:export', 'reports:read'],
  /** The door staff: the events and their check-in lists; no orders, no buyers' data, no figures. */
  DOOR: ['events:read', 'check-in:read'],
  /** Sees everything of the events, changes nothing, downloads nothing. */
  READ_ONLY: ['events:read', 'orders:read', 'reports:read', 'check-in:read'],
};

export function permissionsOf(role: UserRole): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}
