import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function listKeys(q: Queryable, accountId: string) {
  return q
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.account_id, accountId))
    .orderBy(desc(apiKeys.created_at), desc(apiKeys.id));
}

export async function insertKey(q: Queryable, values: typeof apiKeys.$inferInsert) {
  return one(await q.insert(apiKeys).values(values).returning());
}

export async function revokeKey(q: Queryable, accountId: string, id: string) {
  const [row] = await q
    .update(apiKeys)
    .set({ revoked_at: sql`coalesce(${apiKeys.revoked_at}, now())` })
    .where(and(eq(apiKeys.account_id, accountId), eq(apiKeys.id, id)))
    .returning();
  return row;
}

/**
 * The live key with this hash (not revoked, not expired): the auth hook's lookup, which starts from the
 * secret itself (like a session token), before any account is known.
 */
export async function findLiveKey(q: Queryable, keyHash: string) {
  const [row] = await q
    .select({
      id: apiKeys.id,
      account_id: apiKeys.account_id,
      created_by: apiKeys.created_by,
      permission: apiKeys.permission,
      last_used_at: apiKeys.last_used_at,
    })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.key_hash, keyHash),
        isNull(apiKeys.revoked_at),
        or(isNull(apiKeys.expires_at), sql`${apiKeys.expires_at} > now()`),
      ),
    );
  return row;
}

/** Records a use, at most once a minute per key (a write per request would cost every call a row update). */
export async function touchKey(q: Queryable, id: string) {
  await q
    .update(apiKeys)
    .set({ last_used_at: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.last_used_at), lt(apiKeys.last_used_at, sql`now() - interval '1 minute'`)),
      ),
    );
}
