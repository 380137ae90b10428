import type { AccountUserStatus } from '@taquilla/shared';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  accounts,
  accountUsers,
  sessions,
  signInFailures,
  users,
  userTokens,
} from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';

/** SQL of authentication: users by e-mail, memberships, sessions and single-use link tokens. */
export type TokenKind = (typeof userTokens.$inferSelect)['kind'];
export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** An account by id (the caller's: its id comes from the session). */
export async function findAccount(db: Queryable, accountId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

/** Every account the user belongs to, with the membership's role and status. */
export function membershipsOf(db: Queryable, userId: string) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      role: accountUsers.role,
      status: accountUsers.status,
      is_owner: accountUsers.is_owner,
    })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.account_id))
    .where(eq(accountUsers.user_id, userId))
    .orderBy(accounts.name);
}

type Membership = typeof accountUsers.$inferSelect;

/** A new account, its first user, and that user's membership as given (`owner`). */
export async function insertAccountWithOwner(
  db: Queryable,
  account: typeof accounts.$inferInsert,
  user: typeof users.$inferInsert,
  owner: Pick<Membership, 'role' | 'status' | 'is_owner'>,
) {
  const acc = one(await db.insert(accounts).values(account).returning());
  const usr = one(await db.insert(users).values(user).returning());
  await db.insert(accountUsers).values({ account_id: acc.id, user_id: usr.id, ...owner });
  return { account: acc, user: usr };
}

export async function updateUser(db: Queryable, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** The user's membership of the account moves from `from` to `to` (if it is still in `from`). */
export async function moveMembership(
  db: Queryable,
  accountId: string,
  userId: string,
  from: AccountUserStatus,
  to: AccountUserStatus,
) {
  await db
    .update(accountUsers)
    .set({ status: to })
    .where(
      and(
        eq(accountUsers.account_id, accountId),
        eq(accountUsers.user_id, userId),
        eq(accountUsers.status, from),
      ),
    );
}

// ------------------------------------------------------------------ sessions

/** Where a request comes from: kept on the session for the profile's list. */
export interface Client {
  ip: string;
  userAgent: string | null;
}

export async function insertSession(
  db: Queryable,
  userId: string,
  accountId: string,
  expiresAt: Date,
  client?: Client,
) {
  return one(
    await db
      .insert(sessions)
      .values({
        user_id: userId,
        account_id: accountId,
        expires_at: expiresAt,
        ip: client?.ip ?? null,
        user_agent: client?.userAgent?.slice(0, 512) ?? null,
      })
      .returning({ id: sessions.id }),
  );
}

/** Marks the session used now, from this address (the auth hook calls it at most once a minute). */
export async function touchSession(db: Queryable, sessionId: string, ip: string) {
  await db.update(sessions).set({ last_used_at: new Date(), ip }).where(eq(sessions.id, sessionId));
}

/** The user's live sessions in every account, most recently used first. */
export function liveSessionsOf(db: Queryable, userId: string) {
  return db
    .select({
      id: sessions.id,
      user_agent: sessions.user_agent,
      ip: sessions.ip,
      created_at: sessions.created_at,
      last_used_at: sessions.last_used_at,
      account_name: accounts.name,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.account_id))
    .where(
      and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), gt(sessions.expires_at, new Date())),
    )
    .orderBy(desc(sessions.last_used_at));
}

/** Ends one live session of the user; false when they have no such session. */
export async function revokeOwnSession(db: Queryable, userId: string, sessionId: string) {
  const rows = await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/**
 * The caller behind a live (unrevoked, unexpired) session whose user's membership in the session's
 * account is in `status`, in one query; undefined otherwise.
 */
export async function findSessionCaller(db: Queryable, sessionId: string, status: AccountUserStatus) {
  const [row] = await db
    .select({
      userId: sessions.user_id,
      accountId: sessions.account_id,
      expiresAt: sessions.expires_at,
      role: accountUsers.role,
      isOwner: accountUsers.is_owner,
      organizerIds: accountUsers.organizer_ids,
      lastUsedAt: sessions.last_used_at,
      twoFactorMissing: sql<boolean>`${accounts.require_two_factor} and ${users.totp_enabled_at} is null`,
    })
    .from(sessions)
    .innerJoin(
      accountUsers,
      and(eq(accountUsers.account_id, sessions.account_id), eq(accountUsers.user_id, sessions.user_id)),
    )
    .innerJoin(users, eq(users.id, sessions.user_id))
    .innerJoin(accounts, eq(accounts.id, sessions.account_id))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date()),
        eq(accountUsers.status, status),
      ),
    )
    .limit(1);
  return row;
}

export async function extendSession(db: Queryable, sessionId: string, expiresAt: Date) {
  await db.update(sessions).set({ expires_at: expiresAt }).where(eq(sessions.id, sessionId));
}

/** Ends the user's sessions (optionally only in one account, optionally keeping one). */
export async function revokeSessions(
  db: Queryable,
  userId: string,
  opts: { accountId?: string; exceptSessionId?: string } = {},
) {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        opts.accountId ? eq(sessions.account_id, opts.accountId) : undefined,
        opts.exceptSessionId ? ne(sessions.id, opts.exceptSessionId) : undefined,
      ),
    );
}

export async function revokeSession(db: Queryable, sessionId: string) {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
}

export async function insertToken(db: Queryable, values: typeof userTokens.$inferInsert) {
  await db.insert(userTokens).values(values);
}

/** A live (unused, unexpired) token of this kind, without using it. */
export async function findLiveToken(db: Queryable, kind: TokenKind, tokenHash: string) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.token_hash, tokenHash),
        eq(userTokens.kind, kind),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Uses a live token atomically: of two concurrent requests only one gets the row. */
export async function consumeToken(db: Queryable, kind: TokenKind, tokenHash: string) {
  const [row] = await db
    .update(userTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(userTokens.token_hash, tokenHash),
        eq(userTokens.kind, kind),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, new Date()),
      ),
    )
    .returning();
  return row;
}

/** Marks the user's unused tokens of a kind as used (a newer link replaces older ones). */
export async function retireTokens(db: Queryable, userId: string, kind: TokenKind, accountId?: string) {
  await db
    .update(userTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(userTokens.user_id, userId),
        eq(userTokens.kind, kind),
        isNull(userTokens.used_at),
        accountId ? eq(userTokens.account_id, accountId) : undefined,
      ),
    );
}

/** How many tokens of a kind were issued to the user since a moment (to cap e-mails per address). */
export async function countTokensSince(db: Queryable, userId: string, kind: TokenKind, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userTokens)
    .where(and(eq(userTokens.user_id, userId), eq(userTokens.kind, kind), gt(userTokens.created_at, since)));
  return row?.n ?? 0;
}

// ------------------------------------------------------------------ sign-in back-off

/** The failures and last failure of each key that has some (keys without a row have none). */
export async function findFailures(db: Queryable, keys: string[]) {
  if (keys.length === 0) return [];
  return db.select().from(signInFailures).where(inArray(signInFailures.key, keys));
}

/** One more failure on each key; a key whose last failure is older than `forgetAfterMs` starts again at 1. */
export async function addFailures(db: Queryable, keys: string[], forgetAfterMs: number) {
  const now = new Date();
  const forgotten = new Date(now.getTime() - forgetAfterMs);
  for (const key of keys) {
    await db
      .insert(signInFailures)
      .values({ key, failures: 1, last_failed_at: now })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          failures: sql`case when ${signInFailures.last_failed_at} < ${forgotten} then 1 else ${signInFailures.failures} + 1 end`,
          last_failed_at: now,
        },
      });
  }
}

export async function clearFailures(db: Queryable, keys: string[]) {
  if (keys.length === 0) return;
  await db.delete(signInFailures).where(inArray(signInFailures.key, keys));
}

// ------------------------------------------------------------------ two-factor authentication

export async function setTotp(
  db: Queryable,
  userId: string,
  values: Pick<
    Partial<typeof users.$inferInsert>,
    'totp_secret' | 'totp_enabled_at' | 'totp_last_counter' | 'recovery_code_hashes'
  >,
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Records the time step of an accepted code, unless that step (or a later one) was already used. */
export async function claimTotpCounter(db: Queryable, userId: string, counter: number) {
  const rows = await db
    .update(users)
    .set({ totp_last_counter: counter })
    .where(
      and(eq(users.id, userId), or(isNull(users.totp_last_counter), lt(users.totp_last_counter, counter))),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Uses a recovery code: removes its hash if it is still there; true when it was. */
export async function claimRecoveryCode(db: Queryable, userId: string, hash: string) {
  const rows = await db
    .update(users)
    .set({ recovery_code_hashes: sql`array_remove(${users.recovery_code_hashes}, ${hash})` })
    .where(and(eq(users.id, userId), sql`${hash} = any(${users.recovery_code_hashes})`))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function setRequireTwoFactor(db: Queryable, accountId: string, required: boolean) {
  await db.update(accounts).set({ require_two_factor: required }).where(eq(accounts.id, accountId));
}
