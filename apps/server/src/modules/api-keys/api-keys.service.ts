import { API_KEY_PREFIX, type ApiKey, type CreateApiKeyInput } from '@taquilla/shared/schemas/api-keys';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { hashToken, randomBase62 } from '../../lib/ids.ts';
import * as audit from '../audit/audit.service.ts';
import { apiKeyMessages as m } from './api-keys.messages.ts';
import * as repo from './api-keys.repository.ts';

/** `tqk_` + 40 base62 characters (about 238 bits): stored only as its SHA-256, like session secrets. */
const newKey = () => `${API_KEY_PREFIX}${randomBase62(40)}`;

export function presentKey(row: repo.ApiKeyRow, now = new Date()): ApiKey {
  return {
    id: row.id,
    name: row.name,
    permission: row.permission,
    prefix: row.prefix,
    expires_at: row.expires_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    status: row.revoked_at ? 'REVOKED' : row.expires_at && row.expires_at <= now ? 'EXPIRED' : 'ACTIVE',
  };
}

export async function listKeys({ db }: DbDeps, auth: AuthContext) {
  assertCan(auth, 'account:manage');
  return (await repo.listKeys(db, auth.accountId)).map((r) => presentKey(r));
}

/** A new key; the key itself is answered now and never again. */
export async function createKey({ db }: DbDeps, auth: AuthContext, input: CreateApiKeyInput) {
  assertCan(auth, 'account:manage');
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= new Date()) throw invalid({ expires_at: m['api_keys.expiry_past'] });
  const key = newKey();
  const row = await repo.insertKey(db, {
    account_id: auth.accountId,
    created_by: auth.userId,
    name: input.name,
    permission: input.permission,
    prefix: key.slice(0, API_KEY_PREFIX.length + 6),
    key_hash: hashToken(key),
    expires_at: expiresAt,
  });
  await audit.record(db, {
    action: 'api_key.created',
    target: { type: 'api_key', id: row.id, label: row.name },
    changes: audit.changesBetween(null, { ...row, key }, ['name', 'permission', 'expires_at', 'key']),
  });
  return { ...presentKey(row), key };
}

/** Revoked at once: the next request with it gets 401. The row stays, to show when it was revoked. */
export async function revokeKey({ db }: DbDeps, auth: AuthContext, id: string) {
  assertCan(auth, 'account:manage');
  const row = await repo.revokeKey(db, auth.accountId, id);
  if (!row) throw notFound();
  await audit.record(db, {
    action: 'api_key.revoked',
    target: { type: 'api_key', id: row.id, label: row.name },
  });
  return presentKey(row);
}
