import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { hashToken, newSecretToken } from '../../lib/ids.ts';
import { permissionsOf } from '../../lib/permissions.ts';
import * as repo from './auth.repository.ts';

/**
 * The person behind a login (user row, sessions, single-use link tokens): the auth module's operations
 * that the users module builds on. It imports no other module, so both auth.service and users.service
 * use it without an import cycle.
 */
export const HOUR = 3600 * 1000;
export const TTL = {
  EMAIL_CONFIRMATION: 7 * 24 * HOUR,
  PASSWORD_RESET: HOUR,
  EMAIL_CHANGE: 24 * HOUR,
  INVITATION: 7 * 24 * HOUR,
  EMAIL_CHANGE_UNDO: 7 * 24 * HOUR,
  TWO_FACTOR_CHALLENGE: 5 * 60_000,
} as const;

/** Issues a single-use link token; only its hash is stored. */
export async function issueLinkToken(
  db: Queryable,
  opts: { userId: string; accountId?: string; kind: repo.TokenKind; data?: Record<string, unknown> },
): Promise<string> {
  const { token, hash } = newSecretToken();
  await repo.insertToken(db, {
    user_id: opts.userId,
    account_id: opts.accountId ?? null,
    kind: opts.kind,
    token_hash: hash,
    data: opts.data ?? {},
    expires_at: new Date(Date.now() + TTL[opts.kind]),
  });
  return token;
}

export const consumeLinkToken = (db: Queryable, kind: repo.TokenKind, token: string) =>
  repo.consumeToken(db, kind, hashToken(token));

export const findUserById = (db: Queryable, id: string) => repo.findUserById(db, id);

export const findUserByEmail = (db: Queryable, email: string) => repo.findUserByEmail(db, email);

export const updateUser = (db: Queryable, id: string, values: Parameters<typeof repo.updateUser>[2]) =>
  repo.updateUser(db, id, values);

/** The accounts the user belongs to, with the membership's role and status. */
export const membershipsOf = (db: Queryable, userId: string) => repo.membershipsOf(db, userId);

/** Ends the user's sessions (optionally only in one account, optionally keeping one). */
export const revokeSessions = (
  db: Queryable,
  userId: string,
  opts?: Parameters<typeof repo.revokeSessions>[2],
) => repo.revokeSessions(db, userId, opts);

/** Marks the user's unused tokens of a kind as used (a newer link replaces older ones). */
export const retireTokens = (db: Queryable, userId: string, kind: repo.TokenKind, accountId?: string) =>
  repo.retireTokens(db, userId, kind, accountId);

/** How many tokens of a kind were issued to the user since a moment (to cap e-mails per address). */
export const countTokensSince = (db: Queryable, userId: string, kind: repo.TokenKind, since: Date) =>
  repo.countTokensSince(db, userId, kind, since);

/** The signed-in user as the web knows them (`users/me`, the login answer), in the session's account. */
export async function currentUser(db: Queryable, userId: string, accountId: string) {
  const [user, memberships, account] = await Promise.all([
    repo.findUserById(db, userId),
    repo.membershipsOf(db, userId),
    repo.findAccount(db, accountId),
  ]);
  const member = memberships.find((m) => m.id === accountId);
  if (!user || !member || !account) throw notFound();
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    locale: user.locale,
    timezone: user.timezone,
    email_verified: user.email_verified_at !== null,
    pending_email: user.pending_email,
    role: member.role,
    is_owner: member.is_owner,
    permissions: permissionsOf(member.role),
    account: { id: account.id, name: account.name, currency: account.currency, timezone: account.timezone },
    accounts: memberships
      .filter((a) => a.status === 'ACTIVE')
      .map(({ id, name, role, is_owner }) => ({ id, name, role, is_owner })),
    two_factor: {
      enabled: user.totp_enabled_at !== null,
      required: account.require_two_factor && user.totp_enabled_at === null,
      recovery_codes_left: user.totp_enabled_at ? user.recovery_code_hashes.length : 0,
    },
    account_requires_two_factor: account.require_two_factor,
  };
}

/** The user's live sessions in every account, most recently used first. */
export const liveSessionsOf = (db: Queryable, userId: string) => repo.liveSessionsOf(db, userId);

/** Ends one live session of the user; false when they have no such session. */
export const revokeOwnSession = (db: Queryable, userId: string, sessionId: string) =>
  repo.revokeOwnSession(db, userId, sessionId);

/** Whether the account requires 2FA of every member (admins change it). */
export async function setAccountTwoFactorPolicy(db: Queryable, accountId: string, required: boolean) {
  await repo.setRequireTwoFactor(db, accountId, required);
}
