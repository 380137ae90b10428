import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Permission, UserRole } from '@taquilla/shared';
import type { ApiKeyPermission } from '@taquilla/shared/schemas/api-keys';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from './errors.ts';
import { ROLE_PERMISSIONS } from './permissions.ts';

/** Who is calling: set on every authenticated /api request by the auth hook. */
export interface AuthContext {
  userId: string;
  accountId: string;
  sessionId: string;
  role: UserRole;
  isOwner: boolean;
  /** Set when the caller is an API key (then `userId` is the key's creator and `sessionId` the key's id). */
  apiKey?: { id: string; permission: ApiKeyPermission };
  /** The organizers the member is limited to; null: every organizer of the account. */
  organizerIds: string[] | null;
}

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

/** Whether the caller's role holds the permission (lib/permissions.ts has the table). */
export function can(auth: AuthContext, permission: Permission): boolean {
  return ROLE_PERMISSIONS[auth.role].includes(permission);
}

export function assertCan(auth: AuthContext, permission: Permission): void {
  if (!can(auth, permission)) throw forbidden();
}
