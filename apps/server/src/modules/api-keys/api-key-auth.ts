import { API_KEY_PREFIX, type ApiKeyPermission } from '@taquilla/shared/schemas/api-keys';
import type { Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { hashToken } from '../../lib/ids.ts';
import * as repo from './api-keys.repository.ts';

/**
 * API keys in the auth hook (modules/auth/sessions.ts): a bearer token with the `tqk_` prefix is looked up
 * by its SHA-256; what a key may call is decided here, before the route runs. A leaf of the api-keys
 * module (it imports no other module).
 */

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/** The caller a live key stands for: FULL acts as an ADMIN, READ_ONLY and DOOR as the roles of those names. */
export async function authenticateApiKey(db: Queryable, token: string): Promise<AuthContext | null> {
  const key = await repo.findLiveKey(db, hashToken(token));
  if (!key) return null;
  if (!key.last_used_at || Date.now() - key.last_used_at.getTime() > 60_000) await repo.touchKey(db, key.id);
  return {
    userId: key.created_by,
    accountId: key.account_id,
    sessionId: key.id,
    role: key.permission === 'FULL' ? 'ADMIN' : key.permission,
    isOwner: false,
    // A key is the account's: it is limited to no organizer.
    organizerIds: null,
    apiKey: { id: key.id, permission: key.permission },
  };
}

/** People, keys and personal-data requests are for people only: a leaked key cannot mint keys, change a login or export a buyer. */
const CLOSED_TO_KEYS = /^\/api\/(users|accounts\/me\/(api-keys|privacy))(\/|\?|$)/;
/** Why a key may not make this call: 'PEOPLE_ONLY', 'PERMISSION', or null when it may. */
export function apiKeyRefusal(permission: ApiKeyPermission, method: string, url: string) {
  if (CLOSED_TO_KEYS.test(url)) return 'PEOPLE_ONLY' as const;
  // The roles' permissions decide the rest; a key that only reads never writes, whatever the route.
  const reads = method === 'GET' || method === 'HEAD';
  if (permission !== 'FULL' && !reads) return 'PERMISSION' as const;
  return null;
}
