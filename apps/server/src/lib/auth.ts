import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserRole } from '@taquilla/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { accountUsers, sessions, users } from '../db/schema/index.ts';
import { forbidden, unauthenticated } from './errors.ts';
import { one } from './rows.ts';

/** Who is calling: set on every authenticated /api request by the auth hook. */
export interface AuthContext {
  userId: string;
  accountId: string;
  sessionId: string;
  role: UserRole;
  isOwner: boolean;
}

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** When a token has less than this left, a fresh one is returned in `x-auth-token`. */
const REFRESH_WINDOW_MS = 24 * 3600 * 1000;

export function signToken(secret: string, sessionId: string, expiresAt: Date): string {
  const body = `${sessionId}.${expiresAt.getTime()}`;
  return `${body}.${mac(secret, body)}`;
}

export function verifyToken(secret: string, token: string): { sessionId: string; expiresAt: Date } | null {
  const [sid, exp, sig, ...rest] = token.split('.');
  if (sid === undefined || exp === undefined || sig === undefined || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, `${sid}.${exp}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(Number(exp));
  if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now()) return null;
  return { sessionId: sid, expiresAt };
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

/** Creates a session row and its token. */
export async function createSession(db: Db, secret: string, userId: string, accountId: string) {
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const row = one(
    await db
      .insert(sessions)
      .values({ user_id: userId, account_id: accountId, expires_at: expiresAt })
      .returning({ id: sessions.id }),
  );
  return { token: signToken(secret, row.id, expiresAt), sessionId: row.id, expiresAt };
}

/**
 * Resolves a bearer token to its caller, or null. One query: the session must be live, the user's
 * membership in the session's account ACTIVE. Deactivation or revocation ends the token at once.
 */
export async function authenticate(db: Db, secret: string, token: string) {
  const claims = verifyToken(secret, token);
  if (!claims) return null;
  const [row] = await db
    .select({
      userId: sessions.user_id,
      accountId: sessions.account_id,
      expiresAt: sessions.expires_at,
      role: accountUsers.role,
      isOwner: accountUsers.is_owner,
    })
    .from(sessions)
    .innerJoin(
      accountUsers,
      and(eq(accountUsers.account_id, sessions.account_id), eq(accountUsers.user_id, sessions.user_id)),
    )
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date()),
        eq(accountUsers.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  if (!row) return null;
  const auth: AuthContext = {
    userId: row.userId,
    accountId: row.accountId,
    sessionId: claims.sessionId,
    role: row.role,
    isOwner: row.isOwner,
  };
  return { auth, expiresAt: row.expiresAt };
}

/** Extends a session close to expiry and returns the new token, or null when it is not yet due. */
export async function refreshIfDue(
  db: Db,
  secret: string,
  sessionId: string,
  expiresAt: Date,
): Promise<string | null> {
  if (expiresAt.getTime() - Date.now() > REFRESH_WINDOW_MS) return null;
  const next = new Date(Date.now() + SESSION_TTL_MS);
  await db.update(sessions).set({ expires_at: next }).where(eq(sessions.id, sessionId));
  return signToken(secret, sessionId, next);
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Prefixes under /api that need no token. Everything else under /api requires one (secure by default). */
export const PUBLIC_API_PREFIXES = ['/api/public/', '/api/auth/', '/api/health', '/api/docs'];

const PUBLIC_API_PATH = new RegExp(
  `^(?:${PUBLIC_API_PREFIXES.map((p) => p.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:[/?]|$)`,
);

/** Called on every /api request without a token: one precompiled test. */
export function isPublicApiPath(url: string): boolean {
  return PUBLIC_API_PATH.test(url);
}

/** The caller of an authenticated route; throws 401 when there is none (should not happen behind the hook). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** What each role may do. ADMIN: everything; ORGANIZER: events and tickets only (spec §6). */
export type Permission =
  | 'events:manage'
  | 'users:manage'
  | 'account:manage'
  | 'taxes:manage'
  | 'payments:manage';
const ORGANIZER_PERMISSIONS: Permission[] = ['events:manage'];

export function can(auth: AuthContext, permission: Permission): boolean {
  return auth.role === 'ADMIN' || ORGANIZER_PERMISSIONS.includes(permission);
}

export function assertCan(auth: AuthContext, permission: Permission): void {
  if (!can(auth, permission)) throw forbidden();
}

export type AuthHookDeps = { db: Db; secret: string };

export function authHook({ db, secret }: AuthHookDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.auth = null;
    const token = bearerToken(request);
    const url = request.url;
    if (!url.startsWith('/api/')) return;
    if (!token) {
      if (isPublicApiPath(url)) return;
      throw unauthenticated();
    }
    const result = await authenticate(db, secret, token);
    if (!result) {
      if (isPublicApiPath(url)) return;
      throw unauthenticated();
    }
    request.auth = result.auth;
    const fresh = await refreshIfDue(db, secret, result.auth.sessionId, result.expiresAt);
    if (fresh) reply.header('x-auth-token', fresh);
  };
}
