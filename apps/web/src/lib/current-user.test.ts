import { describe, expect, it } from 'vitest';
import { can } from './current-user.ts';

describe('can: what the server listed for the user, nothing worked out from the role', () => {
  it('allows exactly the permissions of users/me', () => {
    const user = { permissions: ['events:manage' as const] };
    expect(can(user, 'events:manage')).toBe(true);
    expect(can(user, 'users:manage')).toBe(false);
  });
  it('allows nothing while users/me loads', () => {
    expect(can(undefined, 'events:manage')).toBe(false);
  });
});
