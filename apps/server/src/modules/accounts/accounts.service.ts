import type { AccountSettings, UpdateAccountInput } from '@taquilla/shared/schemas/accounts';
import type { AppDeps, DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './accounts.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;
const present = (a: Row): AccountSettings => ({
  id: a.id,
  name: a.name,
  currency: a.currency,
  timezone: a.timezone,
  created_at: a.created_at.toISOString(),
});

/** Account settings: admins only (ORGANIZER gets 403, spec §6). */
export async function getAccount(deps: Pick<AppDeps, 'db'>, auth: AuthContext) {
  assertCan(auth, 'account:manage');
  const row = await repo.findAccount(deps.db, auth.accountId);
  if (!row) throw notFound();
  return present(row);
}

export async function updateAccount(deps: Pick<AppDeps, 'db'>, auth: AuthContext, input: UpdateAccountInput) {
  assertCan(auth, 'account:manage');
  const row = await repo.updateAccount(deps.db, auth.accountId, input);
  if (!row) throw notFound();
  return present(row);
}

/** The caller's account row (event defaults, currency, time zone) for other modules; it must exist. */
export async function accountRow(deps: DbDeps, accountId: string) {
  const row = await repo.findAccount(deps.db, accountId);
  if (!row) throw new Error(`account ${accountId} not found`);
  return row;
}

/** Stores the account's event defaults (the events module resolves and validates them). */
export async function setEventDefaults(deps: DbDeps, accountId: string, defaults: Record<string, unknown>) {
  await repo.setEventDefaults(deps.db, accountId, defaults);
}
