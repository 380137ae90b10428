import type { ActiveSession } from '@taquilla/shared/schemas/sign-in-security';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { countryOf } from '../../lib/ip-country.ts';
import * as audit from '../audit/audit.service.ts';
import * as identity from '../auth/identity.service.ts';
import { deviceOf } from './device.ts';

/** The profile's sessions (list, end one, end the others) and the account's 2FA requirement. */
type Deps = Pick<AppDeps, 'db'>;

export async function listSessions(deps: Deps, auth: AuthContext): Promise<ActiveSession[]> {
  const rows = await identity.liveSessionsOf(deps.db, auth.userId);
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.user_agent),
    ip: row.ip,
    country: countryOf(row.ip),
    account_name: row.account_name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    current: row.id === auth.sessionId,
  }));
}

export async function endSession(deps: Deps, auth: AuthContext, sessionId: string) {
  if (!(await identity.revokeOwnSession(deps.db, auth.userId, sessionId))) throw notFound();
}

export const endOtherSessions = (deps: Deps, auth: AuthContext) =>
  identity.revokeSessions(deps.db, auth.userId, { exceptSessionId: auth.sessionId });

export async function setTwoFactorPolicy(deps: Deps, auth: AuthContext, required: boolean) {
  assertCan(auth, 'users:manage');
  await identity.setAccountTwoFactorPolicy(deps.db, auth.accountId, required);
  await audit.record(deps.db, {
    action: 'account.two_factor_required',
    target: { type: 'account', id: auth.accountId },
    changes: { require_two_factor: { after: required } },
  });
  return identity.currentUser(deps.db, auth.userId, auth.accountId);
}
