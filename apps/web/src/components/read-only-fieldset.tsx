import type { Permission } from '@taquilla/shared';
import type { ReactNode } from 'react';
import { useCan } from '../lib/current-user.ts';

/**
 * Forms a member may see but not change: without the permission every input and button inside is
 * disabled (a native disabled fieldset), so a read-only role reads the values and cannot save them.
 */
export function ChangeableWith({ permission, children }: { permission: Permission; children: ReactNode }) {
  const allowed = useCan(permission);
  return (
    <fieldset disabled={!allowed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
