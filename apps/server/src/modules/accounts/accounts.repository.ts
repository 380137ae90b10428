import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';

export async function findAccount(db: Queryable, accountId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

export async function updateAccount(
  db: Queryable,
  accountId: string,
  values: Pick<typeof accounts.$inferInsert, 'name' | 'currency' | 'timezone'>,
) {
  const [row] = await db.update(accounts).set(values).where(eq(accounts.id, accountId)).returning();
  return row;
}

export async function setEventDefaults(db: Queryable, accountId: string, defaults: Record<string, unknown>) {
  await db.update(accounts).set({ event_defaults: defaults }).where(eq(accounts.id, accountId));
}
