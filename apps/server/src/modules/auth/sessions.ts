import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { type AuthContext, bearerToken, isPublicApiPath, signToken, verifyToken } from '../../lib/auth.ts';
import { AppError, forbidden, unauthenticated } from '../../lib/errors.ts';
import { apiKeyRefusal, authenticateApiKey, isApiKey } from '../api-keys/api-key-auth.ts';
import { apiKeyMessages as keyMessages } from '../api-keys/api-keys.messages.ts';
import type { Client } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import { twoFactorRequired } from './two-factor.service.ts';

/**
 * Sessions behind bearer tokens: created at login, resolved by the auth hook on every /api request,
 * renewed near expiry; bearer tokens with the API key prefix go to api-keys/api-key-auth.ts. Used by app.ts too.
 */

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** When a token has less than this left, a fresh one is returned in `x-auth-token`. */
const REFRESH_WINDOW_MS = 24 * 3600 * 1000;

/** Creates a session row and its token. */
export async function createSession(
  db: Queryable,
  secret: string,
  userId: string,
  accountId: string,
  client?: Client,
) {
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const row = await repo.insertSession(db, userId, accountId, expiresAt, client);
  return { token: signToken(secret, row.id, expiresAt), sessionId: row.id, expiresAt };
}

/**
 * Resolves a bearer token to its caller, or null. One query: the session must be live, the user's
 * membership in the session's account ACTIVE. Deactivation or revocation ends the token at once.
 */
export async function authenticate(db: Queryable, secret: string, token: string) {
  const claims = verifyToken(secret, token);
  if (!claims) return null;
  const row = await repo.findSessionCaller(db, claims.sessionId, 'ACTIVE');
  if (!row) return null;
  const auth: AuthContext = {
    userId: row.userId,
    accountId: row.accountId,
    sessionId: claims.sessionId,
    role: row.role,
    isOwner: row.isOwner,
    organizerIds: row.organizerIds,
  };
  return {
    auth,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    twoFactorMissing: Boolean(row.twoFactorMissing),
  };
}

/** A session's last use is written at most this often: the request path stays one read. */
const TOUCH_EVERY_MS = 60_000;

/**
 * What a member of an account that requires 2FA may reach before enrolling: themselves, their 2FA and
 * sessions, and the auth endpoints (log out).
 */
const OPEN_BEFORE_TWO_FACTOR =
  /^\/api\/(users\/me(\/two-factor(\/confirm)?|\/sessions(\/[^/?]+)?)?|auth\/[^?]*)(\?|$)/;

/** Extends a session close to expiry and returns the new token, or null when it is not yet due. */
export async function refreshIfDue(
  db: Queryable,
  secret: string,
  sessionId: string,
  expiresAt: Date,
): Promise<string | null> {
  if (expiresAt.getTime() - Date.now() > REFRESH_WINDOW_MS) return null;
  const next = new Date(Date.now() + SESSION_TTL_MS);
  await repo.extendSession(db, sessionId, next);
  return signToken(secret, sessionId, next);
}

/** Counts a key's requests in the shared rate-limit store (app.ts builds it with @fastify/rate-limit). */
export type ApiKeyLimiter = (request: FastifyRequest) => Promise<{
  max: number;
  remaining: number;
  ttlInSeconds: number;
  isExceeded: boolean;
}>;

export type AuthHookDeps = { db: Queryable; secret: string; limitApiKey?: ApiKeyLimiter };

export function authHook({ db, secret, limitApiKey }: AuthHookDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.auth = null;
    const token = bearerToken(request);
    const url = request.url;
    if (!url.startsWith('/api/')) return;
    if (!token) {
      if (isPublicApiPath(url)) return;
      throw unauthenticated();
    }
    // An API key works on the authenticated API only: public paths (login, logout, the buyer's) ignore it.
    if (isApiKey(token)) {
      if (isPublicApiPath(url)) return;
      const auth = await authenticateApiKey(db, token);
      if (!auth?.apiKey) throw unauthenticated();
      request.auth = auth;
      if (limitApiKey) await applyKeyLimit(limitApiKey, request, reply);
      const refusal = apiKeyRefusal(auth.apiKey.permission, request.method, url);
      if (refusal)
        throw forbidden(
          refusal === 'PEOPLE_ONLY'
            ? keyMessages['api_keys.not_for_keys']
            : keyMessages['api_keys.permission_denied'],
        );
      return;
    }
    const result = await authenticate(db, secret, token);
    if (!result) {
      if (isPublicApiPath(url)) return;
      throw unauthenticated();
    }
    request.auth = result.auth;
    if (Date.now() - result.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await repo.touchSession(db, result.auth.sessionId, request.ip);
    }
    if (result.twoFactorMissing && !OPEN_BEFORE_TWO_FACTOR.test(url)) throw twoFactorRequired();
    const fresh = await refreshIfDue(db, secret, result.auth.sessionId, result.expiresAt);
    if (fresh) reply.header('x-auth-token', fresh);
  };
}

/** The IETF RateLimit headers on every answer to a key; past the limit, 429 with Retry-After. */
async function applyKeyLimit(limit: ApiKeyLimiter, request: FastifyRequest, reply: FastifyReply) {
  const result = await limit(request);
  reply.header('ratelimit-limit', result.max);
  reply.header('ratelimit-remaining', Math.max(0, result.remaining));
  reply.header('ratelimit-reset', result.ttlInSeconds);
  if (result.isExceeded) {
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError(429, 'RATE_LIMITED', keyMessages['api_keys.rate_limited'], {
      params: { seconds: result.ttlInSeconds },
    });
  }
}
