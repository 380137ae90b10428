import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser, TEST_PASSWORD } from '../../test/factories/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: string, url: string, headers: Headers, payload?: object, remoteAddress?: string) =>
  t.app.inject({ method: method as 'POST', url, headers, payload, remoteAddress });

/** The authenticator app: a TOTP over the secret of the enrolment answer, computed here with otpauth. */
const app = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) });
/** A code of a later 30-second step than `totp`'s current one (still inside the server's ±1 window). */
const nextCode = (totp: TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

async function enrol(headers: Headers) {
  const started = await call('POST', '/api/users/me/two-factor', headers);
  expect(started.statusCode).toBe(200);
  const { secret, otpauth_uri, qr_image } = started.json().data;
  const totp = app(secret);
  const confirmed = await call('POST', '/api/users/me/two-factor/confirm', headers, {
    code: totp.generate(),
  });
  expect(confirmed.statusCode).toBe(200);
  return { totp, otpauth_uri, qr_image, recovery: confirmed.json().data.recovery_codes as string[] };
}

const login = (email: string, remoteAddress = '10.1.0.1') =>
  call('POST', '/api/auth/login', {}, { email, password: TEST_PASSWORD }, remoteAddress);
const second = (challenge: string, code: string, remoteAddress = '10.1.0.1') =>
  call('POST', '/api/auth/login/two-factor', {}, { challenge, code }, remoteAddress);

describe('two-factor authentication', () => {
  it('enrols with a QR of an otpauth:// URI, keeps the secret encrypted and answers it only once', async () => {
    const { user, headers } = await createAccountWithUser(t.app, { email: 'dos.pasos@example.com' });
    const started = await call('POST', '/api/users/me/two-factor', headers);
    const { secret, otpauth_uri, qr_image } = started.json().data;
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Taquilla:dos\.pasos%40example\.com\?/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_image.split(',')[1], 'base64').toString()).toContain('<svg');
    const row = one(await t.app.deps.db.select().from(users).where(eq(users.id, user.id)));
    expect(row.totp_secret).toBeTruthy();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_enabled_at).toBeNull();
    // Not yet on: a wrong code does not confirm; the right one does and yields 10 recovery codes.
    const wrong = await call('POST', '/api/users/me/two-factor/confirm', headers, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields.code).toBe('El código no es correcto o ya se ha usado.');
    const ok = await call('POST', '/api/users/me/two-factor/confirm', headers, {
      code: app(secret).generate(),
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = one(await t.app.deps.db.select().from(users).where(eq(users.id, user.id)));
    expect(stored.recovery_code_hashes).toHaveLength(10);
    for (const code of codes) expect(stored.recovery_code_hashes.join()).not.toContain(code);
    // The secret is never answered again: /users/me does not carry it, enrolling again is refused.
    const me = (await call('GET', '/api/users/me', headers)).json().data;
    expect(JSON.stringify(me)).not.toContain(secret);
    expect(me.two_factor).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    expect((await call('POST', '/api/users/me/two-factor', headers)).statusCode).toBe(409);
  });

  it('logs in with a challenge then a code; the same code is refused a second time', async () => {
    const { headers } = await createAccountWithUser(t.app, { email: 'reto@example.com' });
    const { totp } = await enrol(headers);
    const first = await login('reto@example.com');
    expect(first.statusCode).toBe(200);
    const { two_factor } = first.json().data;
    expect(first.json().data.token).toBeUndefined();
    expect(first.headers['x-auth-token']).toBeUndefined();
    expect(new Date(two_factor.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const code = nextCode(totp);
    const done = await second(two_factor.challenge, code);
    expect(done.statusCode).toBe(200);
    const token = done.json().data.token;
    expect(done.headers['x-auth-token']).toBe(token);
    expect((await call('GET', '/api/users/me', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    // The challenge is used up, and the code cannot be replayed on a new challenge.
    expect((await second(two_factor.challenge, code)).statusCode).toBe(401);
    const again = (await login('reto@example.com')).json().data.two_factor;
    const replay = await second(again.challenge, code);
    expect(replay.statusCode).toBe(422);
    // The enrolment's code (an earlier step) is refused too.
    expect((await second(again.challenge, totp.generate())).statusCode).toBe(422);
  });

  it("binds the challenge to its user: another user's code does not open it", async () => {
    const a = await createAccountWithUser(t.app, { email: 'reto.a@example.com' });
    const b = await createAccountWithUser(t.app, { email: 'reto.b@example.com' });
    await enrol(a.headers);
    const bEnrolled = await enrol(b.headers);
    const challenge = (await login('reto.a@example.com', '10.1.0.2')).json().data.two_factor.challenge;
    expect((await second(challenge, nextCode(bEnrolled.totp), '10.1.0.2')).statusCode).toBe(422);
    expect((await second('x'.repeat(43), nextCode(bEnrolled.totp), '10.1.0.2')).statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const { headers } = await createAccountWithUser(t.app, { email: 'recupera@example.com' });
    const { recovery } = await enrol(headers);
    const code = recovery[3] as string;
    const c1 = (await login('recupera@example.com', '10.1.0.3')).json().data.two_factor.challenge;
    const ok = await second(c1, code.toUpperCase(), '10.1.0.3');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.two_factor.recovery_codes_left).toBe(9);
    const c2 = (await login('recupera@example.com', '10.1.0.3')).json().data.two_factor.challenge;
    const reused = await second(c2, code, '10.1.0.3');
    expect(reused.statusCode).toBe(422);
  });

  it('replaces the recovery codes only with the password; the old ones stop working', async () => {
    const { headers } = await createAccountWithUser(t.app, { email: 'renueva@example.com' });
    const url = '/api/users/me/two-factor/recovery-codes';
    // Before enrolling there is nothing to replace.
    expect((await call('POST', url, headers, { password: TEST_PASSWORD })).statusCode).toBe(409);
    const { recovery } = await enrol(headers);
    const wrong = await call('POST', url, headers, { password: 'otra-cosa-123' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields.password).toBeTruthy();
    const renewed = await call('POST', url, headers, { password: TEST_PASSWORD });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => recovery.includes(c))).toEqual([]);
    const c1 = (await login('renueva@example.com', '10.1.0.6')).json().data.two_factor.challenge;
    expect((await second(c1, recovery[0] as string, '10.1.0.6')).statusCode).toBe(422);
    const ok = await second(c1, fresh[0] as string, '10.1.0.6');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.two_factor.recovery_codes_left).toBe(9);
  });

  it('slows wrong codes like wrong passwords: after five, refused (429) even with the right code', async () => {
    const { headers } = await createAccountWithUser(t.app, { email: 'adivina@example.com' });
    const { totp } = await enrol(headers);
    const challenge = (await login('adivina@example.com', '10.1.0.4')).json().data.two_factor.challenge;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await second(challenge, `00000${i}`, '10.1.0.4')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
    const refused = await second(challenge, nextCode(totp), '10.1.0.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(
      /^Demasiados intentos fallidos\. Vuelve a intentarlo en \d+ segundos?\.$/,
    );
  });

  it('turns off only with the password', async () => {
    const { user, headers } = await createAccountWithUser(t.app, { email: 'apaga@example.com' });
    await enrol(headers);
    const wrong = await call('DELETE', '/api/users/me/two-factor', headers, { password: 'otra-cosa-123' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields.password).toBeTruthy();
    expect((await call('DELETE', '/api/users/me/two-factor', headers, {})).statusCode).toBe(422);
    const still = one(await t.app.deps.db.select().from(users).where(eq(users.id, user.id)));
    expect(still.totp_enabled_at).not.toBeNull();
    const off = await call('DELETE', '/api/users/me/two-factor', headers, { password: TEST_PASSWORD });
    expect(off.statusCode).toBe(204);
    const row = one(await t.app.deps.db.select().from(users).where(eq(users.id, user.id)));
    expect(row.totp_secret).toBeNull();
    expect(row.recovery_code_hashes).toEqual([]);
    // The password alone logs in again.
    expect((await login('apaga@example.com', '10.1.0.5')).json().data.token).toBeTruthy();
  });

  it('an account that requires 2FA lets a member without it do nothing but enrol', async () => {
    const admin = await createAccountWithUser(t.app, { email: 'exige@example.com' });
    const member = await addUser(t.app, admin.account.id, {
      role: 'ORGANIZER',
      email: 'miembro@example.com',
    });
    // Only admins set the requirement.
    const denied = await call('PUT', '/api/users/two-factor-policy', member.headers, {
      require_two_factor: true,
    });
    expect(denied.statusCode).toBe(403);
    const bad = await call('PUT', '/api/users/two-factor-policy', admin.headers, {
      require_two_factor: 'sí',
    });
    expect(bad.statusCode).toBe(422);
    const set = await call('PUT', '/api/users/two-factor-policy', admin.headers, {
      require_two_factor: true,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.account_requires_two_factor).toBe(true);

    const blocked = await call('GET', '/api/events', member.headers);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect(blocked.json().error.message).toMatch(/exige la verificación en dos pasos/);
    const me = await call('GET', '/api/users/me', member.headers);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.two_factor.required).toBe(true);
    // A fresh login also gets a token that only opens enrolment.
    const fresh = (await login('miembro@example.com', '10.1.0.6')).json().data;
    expect(fresh.user.two_factor.required).toBe(true);
    await enrol(member.headers);
    expect((await call('GET', '/api/events', member.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', member.headers)).json().data.two_factor.required).toBe(false);
  });
});
