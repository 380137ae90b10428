import type { UserRole } from '@taquilla/shared';
import type { App } from '../../app.ts';
import { accounts, accountUsers, users } from '../../db/schema/index.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { one } from '../../lib/rows.ts';
import { createSession } from '../../modules/auth/sessions.ts';

export const TEST_PASSWORD = 'contraseña-segura-1';

/**
 * An account with one ACTIVE, e-mail-confirmed user and a logged-in session, written straight to the
 * database so tests of other features do not depend on the registration flow.
 */
export async function createAccountWithUser(
  app: App,
  opts: { role?: UserRole; email?: string; accountName?: string; isOwner?: boolean } = {},
) {
  const db = app.deps.db;
  const account = one(
    await db
      .insert(accounts)
      .values({ name: opts.accountName ?? `Cuenta ${randomBase62(5)}` })
      .returning(),
  );
  const user = await addUser(app, account.id, {
    role: opts.role ?? 'ADMIN',
    email: opts.email,
    isOwner: opts.isOwner ?? true,
  });
  return { account, ...user };
}

/** Adds an ACTIVE user to an existing account and logs them in. */
export async function addUser(
  app: App,
  accountId: string,
  opts: { role?: UserRole; email?: string; isOwner?: boolean } = {},
) {
  const db = app.deps.db;
  const user = one(
    await db
      .insert(users)
      .values({
        email: opts.email ?? `u_${randomBase62(8).toLowerCase()}@example.com`,
        password_hash: await hashPassword(TEST_PASSWORD),
        first_name: 'Ana',
        last_name: 'García',
        email_verified_at: new Date(),
      })
      .returning(),
  );
  await db.insert(accountUsers).values({
    account_id: accountId,
    user_id: user.id,
    role: opts.role ?? 'ADMIN',
    status: 'ACTIVE',
    is_owner: opts.isOwner ?? false,
  });
  const { token } = await createSession(db, app.deps.config.authSecret, user.id, accountId);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
