import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser, TEST_PASSWORD } from '../../test/factories/accounts.ts';
import { linkToken, takeMail } from '../../test/factories/auth.ts';

/** The sign-in back-off (backoff.ts): the attacker is slowed, the owner still gets in. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (app: TestApp, email: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
const waitSeconds = (res: { json: () => { error: { message: string } } }) =>
  Number(/en (\d+) segundos?/.exec(res.json().error.message)?.[1]);

describe('login back-off', () => {
  it("refuses the attacker's address after five wrong passwords while the owner, from theirs, logs in", async () => {
    await createAccountWithUser(t.app, { email: 'duena@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await login(t, 'duena@example.com', `intento-${i}-malo`, '10.2.0.1')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Refused before the password is even checked: the right one does not help the attacker's address.
    const refused = await login(t, 'duena@example.com', TEST_PASSWORD, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // The owner, from their own address, is not locked out.
    const owner = await login(t, 'duena@example.com', TEST_PASSWORD, '10.2.0.99');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.token).toBeTruthy();
  });

  it('makes each further wait longer, and a success clears the pair', async () => {
    await createAccountWithUser(t.app, { email: 'espera@example.com' });
    for (let i = 0; i < 5; i++) await login(t, 'espera@example.com', 'mal-mal-mal', '10.2.1.1');
    const first = waitSeconds(await login(t, 'espera@example.com', 'mal-mal-mal', '10.2.1.1'));
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(2);
    // The wait passes (moved back in time), a sixth failure, and the next wait is twice as long.
    const pass = () =>
      t.app.deps.db.execute(
        sql`update sign_in_failures set last_failed_at = last_failed_at - interval '10 minutes'
            where key like ${'%espera@example.com'}`,
      );
    await pass();
    expect((await login(t, 'espera@example.com', 'mal-mal-mal', '10.2.1.1')).statusCode).toBe(401);
    const second = waitSeconds(await login(t, 'espera@example.com', 'mal-mal-mal', '10.2.1.1'));
    expect(second).toBeGreaterThan(first);
    expect(second).toBeLessThanOrEqual(4);
    await pass();
    expect((await login(t, 'espera@example.com', TEST_PASSWORD, '10.2.1.1')).statusCode).toBe(200);
    // Cleared: the next wrong password is an ordinary 401 again.
    expect((await login(t, 'espera@example.com', 'mal-mal-mal', '10.2.1.1')).statusCode).toBe(401);
  });

  it('slows one address trying many e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await login(t, `nadie${i}@example.com`, 'mal-mal-mal', '10.2.2.1')).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await login(t, 'nadie-mas@example.com', 'mal-mal-mal', '10.2.2.2')).statusCode).toBe(401);
  });

  it('has a much higher ceiling per e-mail: a distributed attack past 100 failures slows every address', async () => {
    await createAccountWithUser(t.app, { email: 'techo@example.com' });
    // 25 addresses × 4 wrong passwords: no pair reaches its 5, the e-mail reaches its 100.
    for (let a = 0; a < 25; a++) {
      for (let i = 0; i < 4; i++) {
        expect((await login(t, 'techo@example.com', 'mal-mal-mal', `10.2.5.${a}`)).statusCode).toBe(401);
      }
    }
    const owner = await login(t, 'techo@example.com', TEST_PASSWORD, '10.2.6.1');
    expect(owner.statusCode).toBe(429);
    expect(waitSeconds(owner)).toBeLessThanOrEqual(2);
  });

  it('holds behind a proxy: counts the address the proxy saw, not one the client claims', async () => {
    const behind = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      await createAccountWithUser(behind.app, { email: 'proxy@example.com' });
      for (let i = 0; i < 5; i++) {
        // The attacker puts a fresh address in front each time; the proxy appends the real one.
        const res = await login(
          behind,
          'proxy@example.com',
          'mal-mal-mal',
          '127.0.0.1',
          `6.6.6.${i}, 203.0.113.7`,
        );
        expect(res.statusCode).toBe(401);
      }
      const spoofed = await login(
        behind,
        'proxy@example.com',
        'mal-mal-mal',
        '127.0.0.1',
        '6.6.6.99, 203.0.113.7',
      );
      expect(spoofed.statusCode).toBe(429);
      // Everyone reaches the app from the proxy's address; the owner's own address still gets in.
      const owner = await login(behind, 'proxy@example.com', TEST_PASSWORD, '127.0.0.1', '198.51.100.4');
      expect(owner.statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });
});

describe('other password checks are limited like login', () => {
  it('the profile: a wrong current password five times, then 429', async () => {
    const { headers } = await createAccountWithUser(t.app, { email: 'perfil@example.com' });
    const change = (current: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers,
        remoteAddress: '10.2.3.1',
        payload: {
          first_name: 'Ana',
          last_name: 'García',
          current_password: current,
          password: 'nueva-clave-123',
          password_confirmation: 'nueva-clave-123',
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await change('no-es-esta')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect((await change(TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('accepting an invitation with the password of an existing user', async () => {
    const inviter = await createAccountWithUser(t.app, { email: 'invita@example.com' });
    const other = await createAccountWithUser(t.app, { email: 'existente@example.com' });
    expect(other.user.id).toBeTruthy();
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: inviter.headers,
      payload: { first_name: 'Eva', last_name: 'Ruiz', email: 'existente@example.com', role: 'ORGANIZER' },
    });
    expect(invited.statusCode).toBe(201);
    const token = linkToken((await takeMail(t.app)).at(-1), '/auth/accept-invitation/');
    const accept = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/auth/invitations/${token}`,
        payload: { current_password: password },
        remoteAddress: '10.2.4.1',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await accept('no-es-esta')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    // From the owner's own address the right password works.
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/auth/invitations/${token}`,
      payload: { current_password: TEST_PASSWORD },
      remoteAddress: '10.2.4.2',
    });
    expect(ok.statusCode).toBe(200);
  });
});
