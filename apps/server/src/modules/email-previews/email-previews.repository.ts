import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';

/** Where a test e-mail goes: the address of the user who asked. */
export async function userEmail(q: Queryable, userId: string) {
  return one(await q.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1)).email;
}

/** What an account's sample e-mail shows of it: its name (as the organizer) and its currency and zone. */
export async function accountBasics(q: Queryable, accountId: string) {
  return one(
    await q
      .select({ name: accounts.name, currency: accounts.currency, timezone: accounts.timezone })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1),
  );
}
