import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, accountUsers, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { takeMail } from '../../test/factories/auth.ts';

/** Invitations as an attacker would use them: from an unconfirmed account, in bulk, with links in names. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invite = (headers: Record<string, string>, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers,
    payload: { first_name: 'Eva', last_name: 'Ruiz', email, role: 'ORGANIZER' },
  });
const membersOf = async (accountId: string) =>
  (await t.app.deps.db.select().from(accountUsers).where(eq(accountUsers.account_id, accountId))).length;

describe('invitations', () => {
  it('are refused to an account whose e-mail is not confirmed: nothing created, nothing sent', async () => {
    const admin = await createAccountWithUser(t.app, { email: 'sin.confirmar@example.com' });
    await t.app.deps.db.update(users).set({ email_verified_at: null }).where(eq(users.id, admin.user.id));
    await takeMail(t.app);
    const res = await invite(admin.headers, 'victima@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'EMAIL_NOT_CONFIRMED',
      message: 'Confirma tu correo electrónico antes de invitar a otras personas.',
    });
    expect(await membersOf(admin.account.id)).toBe(1);
    expect(await takeMail(t.app)).toEqual([]);
  });

  it('are limited to 20 an hour per account (resends count); other accounts are not affected', async () => {
    const admin = await createAccountWithUser(t.app);
    for (let i = 0; i < 19; i++)
      expect((await invite(admin.headers, `lote${i}@example.com`)).statusCode).toBe(201);
    const last = await invite(admin.headers, 'lote19@example.com');
    expect(last.statusCode).toBe(201);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/users/${last.json().data.id}/invitation`,
      headers: admin.headers,
    });
    expect(resend.statusCode).toBe(429);
    const more = await invite(admin.headers, 'lote20@example.com');
    expect(more.statusCode).toBe(429);
    expect(more.json().error.message).toMatch(/demasiadas invitaciones en la última hora/);
    expect(await membersOf(admin.account.id)).toBe(21);
    const other = await createAccountWithUser(t.app);
    expect((await invite(other.headers, 'lote20@example.com')).statusCode).toBe(201);
  });

  it('show the account and inviter names as attributed plain text, never as a link', async () => {
    const admin = await createAccountWithUser(t.app);
    await t.app.deps.db
      .update(users)
      .set({ first_name: 'Soporte http://evil.example/login', last_name: 'soporte@evil.example' })
      .where(eq(users.id, admin.user.id));
    await t.app.deps.db
      .update(accounts)
      .set({ name: 'Verifica tu cuenta en www.evil.example' })
      .where(eq(accounts.id, admin.account.id));
    await takeMail(t.app);
    expect((await invite(admin.headers, 'objetivo@example.com')).statusCode).toBe(201);
    const [mail] = await takeMail(t.app);
    expect(mail?.subject).toBe('Invitación a una cuenta de Taquilla');
    const body = mail?.text ?? '';
    // Both parts (HTML and text) of the .eml: nothing a mail client would turn into a link.
    expect(body).toContain('text/html');
    expect(body).toContain('text/plain');
    for (const bad of ['evil.example', 'http://evil', 'www.evil', 'soporte@evil'])
      expect(body).not.toContain(bad);
    expect(body).toContain('«Soporte http[:]//evil[.]example/login soporte[@]evil[.]example»');
    expect(body).toContain('«Verifica tu cuenta en www[.]evil[.]example»');
    expect(body).toMatch(/los ha escrito quien te invita/);
    // The only links are the app's own.
    expect(mail?.links.every((l) => l.startsWith('http://localhost:3000/'))).toBe(true);
    expect(body.match(/<a /g)).toHaveLength(1);
  });

  it('answer the same whether the invitee has an account, a pending e-mail change, or nothing', async () => {
    const admin = await createAccountWithUser(t.app);
    const existing = await createAccountWithUser(t.app, { email: 'ya.tiene@example.com' });
    const changing = await createAccountWithUser(t.app, { email: 'antes@example.com' });
    await t.app.deps.db
      .update(users)
      .set({ pending_email: 'pendiente@example.com' })
      .where(eq(users.id, changing.user.id));
    expect(existing.user.id).toBeTruthy();
    const answers = [];
    for (const email of ['ya.tiene@example.com', 'pendiente@example.com', 'nadie.aun@example.com']) {
      const res = await invite(admin.headers, email);
      expect(res.statusCode).toBe(201);
      const { id, email: shown, created_at, ...rest } = res.json().data;
      expect(shown).toBe(email);
      expect(id).toBeTruthy();
      expect(created_at).toBeTruthy();
      answers.push(rest);
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    expect(answers[2]).toMatchObject({
      first_name: 'Eva',
      last_name: 'Ruiz',
      email_verified: false,
      pending_email: null,
    });
    // The list shows the same too.
    const list = await t.app.inject({
      url: '/api/users?filter_fields[status][eq]=INVITED',
      headers: admin.headers,
    });
    const rows = list.json().data as { first_name: string; email_verified: boolean }[];
    expect(rows.map((r) => [r.first_name, r.email_verified])).toEqual([
      ['Eva', false],
      ['Eva', false],
      ['Eva', false],
    ]);
  });
});
