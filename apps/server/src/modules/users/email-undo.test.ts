import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, userTokens } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser, TEST_PASSWORD } from '../../test/factories/accounts.ts';
import { linkToken, takeMail } from '../../test/factories/auth.ts';

/** An e-mail change tells the old address, whose link brings it back and ends every session. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });
const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/users/me', headers });

async function changeEmail(headers: Record<string, string>, userId: string, to: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers,
    payload: { first_name: 'Ana', last_name: 'García', email: to, current_password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const token = linkToken(
    (await takeMail(t.app)).find((m) => m.to.includes(to)),
    '/confirm-email-change/',
  );
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/users/${userId}/email-change/${token}`,
    headers,
  });
  expect(confirmed.statusCode).toBe(200);
}

describe('undoing an e-mail change', () => {
  it('mails the old address a single-use link that restores it and ends every session', async () => {
    const owner = await createAccountWithUser(t.app, { email: 'original@example.com' });
    const other = (await login('original@example.com')).json().data.token;
    await takeMail(t.app);
    await changeEmail(owner.headers, owner.user.id, 'intruso@example.com');

    const mails = await takeMail(t.app);
    const notice = mails.find((m) => m.to.includes('original@example.com'));
    expect(notice?.subject).toBe('El correo de tu usuario de Taquilla ha cambiado');
    expect(notice?.text).toContain('ha pasado de original@example.com a intruso@example.com');
    const token = linkToken(notice, '/auth/undo-email-change/');
    expect(notice?.links.find((l) => l.includes(token))).toBe(
      `http://localhost:3000/auth/undo-email-change/${token}`,
    );
    expect((await login('intruso@example.com')).statusCode).toBe(200);

    const undo = await t.app.inject({ method: 'POST', url: `/api/auth/undo-email-change/${token}` });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().data).toEqual({ email: 'original@example.com' });
    const row = one(await t.app.deps.db.select().from(users).where(eq(users.id, owner.user.id)));
    expect(row).toMatchObject({ email: 'original@example.com', pending_email: null });
    // Every session ended, the one that made the change too.
    expect((await me(owner.headers)).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${other}` })).statusCode).toBe(401);
    expect((await login('intruso@example.com')).statusCode).toBe(401);
    expect((await login('original@example.com')).statusCode).toBe(200);
    // Single use.
    const again = await t.app.inject({ method: 'POST', url: `/api/auth/undo-email-change/${token}` });
    expect(again.statusCode).toBe(404);
  });

  it('also removes a second factor turned on after the change, and keeps one that was there before', async () => {
    const owner = await createAccountWithUser(t.app, { email: 'segundo@example.com' });
    await takeMail(t.app);
    await changeEmail(owner.headers, owner.user.id, 'segundo.intruso@example.com');
    const enrolled = new Date(Date.now() + 1000);
    await t.app.deps.db
      .update(users)
      .set({ totp_secret: 'v1.x.y.z', totp_enabled_at: enrolled, recovery_code_hashes: ['h'] })
      .where(eq(users.id, owner.user.id));
    const token = linkToken(
      (await takeMail(t.app)).find((m) => m.to.includes('segundo@example.com')),
      '/auth/undo-email-change/',
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/auth/undo-email-change/${token}` })).statusCode,
    ).toBe(200);
    const row = one(await t.app.deps.db.select().from(users).where(eq(users.id, owner.user.id)));
    expect(row).toMatchObject({ totp_secret: null, totp_enabled_at: null, recovery_code_hashes: [] });
    // The password alone logs in again (no code asked).
    expect((await login('segundo@example.com')).json().data.token).toBeTruthy();

    // A factor the owner had before the change stays.
    const before = await createAccountWithUser(t.app, { email: 'previo@example.com' });
    const since = new Date(Date.now() - 3600_000);
    await t.app.deps.db
      .update(users)
      .set({ totp_secret: 'v1.x.y.z', totp_enabled_at: since, recovery_code_hashes: ['h'] })
      .where(eq(users.id, before.user.id));
    await takeMail(t.app);
    await changeEmail(before.headers, before.user.id, 'previo.nuevo@example.com');
    const undo = linkToken(
      (await takeMail(t.app)).find((m) => m.to.includes('previo@example.com')),
      '/auth/undo-email-change/',
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/auth/undo-email-change/${undo}` })).statusCode,
    ).toBe(200);
    const kept = one(await t.app.deps.db.select().from(users).where(eq(users.id, before.user.id)));
    expect(kept.totp_enabled_at?.getTime()).toBe(since.getTime());
  });

  it('expires after 7 days', async () => {
    const owner = await createAccountWithUser(t.app, { email: 'caduca@example.com' });
    await takeMail(t.app);
    await changeEmail(owner.headers, owner.user.id, 'caduca.nuevo@example.com');
    const token = linkToken(
      (await takeMail(t.app)).find((m) => m.to.includes('caduca@example.com')),
      '/auth/undo-email-change/',
    );
    const [stored] = await t.app.deps.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.user_id, owner.user.id), eq(userTokens.kind, 'EMAIL_CHANGE_UNDO')));
    const days = ((stored?.expires_at.getTime() ?? 0) - Date.now()) / (24 * 3600_000);
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Seven days later (the stored expiry moved to the past), the link is dead and changes nothing.
    await t.app.deps.db
      .update(userTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(userTokens.id, stored?.id ?? ''));
    const late = await t.app.inject({ method: 'POST', url: `/api/auth/undo-email-change/${token}` });
    expect(late.statusCode).toBe(404);
    const row = one(await t.app.deps.db.select().from(users).where(eq(users.id, owner.user.id)));
    expect(row.email).toBe('caduca.nuevo@example.com');
  });
});
