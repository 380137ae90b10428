import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser, TEST_PASSWORD } from '../../test/factories/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

async function loginFrom(email: string, userAgent: string, remoteAddress: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().data.token}` };
}
const get = (url: string, headers: Record<string, string>, remoteAddress = '10.3.0.1') =>
  t.app.inject({ url, headers, remoteAddress });
const del = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url, headers });
const sessionIdOf = (headers: { authorization: string }) =>
  headers.authorization.slice(7).split('.')[0] as string;

describe('active sessions', () => {
  it('lists each session with device, address, its country and last use, and marks the current one', async () => {
    await createAccountWithUser(t.app, { email: 'sesiones@example.com', accountName: 'Sala Sol' });
    const laptop = await loginFrom('sesiones@example.com', FIREFOX, '192.0.2.10');
    // A Telefónica de España address: the place shown is Spain.
    const phone = await loginFrom('sesiones@example.com', ANDROID, '80.58.61.250');
    const res = await get('/api/users/me/sessions', laptop, '192.0.2.10');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: string; device: string; ip: string; current: boolean }[];
    const mine = list.find((s) => s.id === sessionIdOf(laptop));
    const other = list.find((s) => s.id === sessionIdOf(phone));
    expect(mine).toMatchObject({
      device: 'Firefox · Linux',
      ip: '192.0.2.10',
      country: null,
      current: true,
      account_name: 'Sala Sol',
    });
    expect(other).toMatchObject({
      device: 'Chrome · Android',
      ip: '80.58.61.250',
      country: 'ES',
      current: false,
    });
  });

  it('writes the last use at most once a minute, not on every request', async () => {
    await createAccountWithUser(t.app, { email: 'uso@example.com' });
    const headers = await loginFrom('uso@example.com', FIREFOX, '192.0.2.30');
    const id = sessionIdOf(headers);
    const lastUse = async () =>
      one(await t.app.deps.db.select().from(sessions).where(eq(sessions.id, id))).last_used_at.getTime();
    const before = await lastUse();
    for (let i = 0; i < 3; i++) await get('/api/users/me', headers, '192.0.2.31');
    expect(await lastUse()).toBe(before);
    const old = new Date(Date.now() - 2 * 60_000);
    await t.app.deps.db.update(sessions).set({ last_used_at: old }).where(eq(sessions.id, id));
    await get('/api/users/me', headers, '192.0.2.31');
    expect(await lastUse()).toBeGreaterThan(old.getTime() + 60_000);
    const row = one(await t.app.deps.db.select().from(sessions).where(eq(sessions.id, id)));
    expect(row.ip).toBe('192.0.2.31');
  });

  it("ends one session, or all the others; never another user's", async () => {
    await createAccountWithUser(t.app, { email: 'cierra@example.com' });
    const a = await loginFrom('cierra@example.com', FIREFOX, '192.0.2.40');
    const b = await loginFrom('cierra@example.com', ANDROID, '192.0.2.41');
    const c = await loginFrom('cierra@example.com', ANDROID, '192.0.2.42');
    const stranger = await createAccountWithUser(t.app, { email: 'ajena@example.com' });
    expect((await del(`/api/users/me/sessions/${sessionIdOf(a)}`, stranger.headers)).statusCode).toBe(404);
    expect((await get('/api/users/me', a)).statusCode).toBe(200);

    expect((await del(`/api/users/me/sessions/${sessionIdOf(b)}`, a)).statusCode).toBe(204);
    expect((await get('/api/users/me', b)).statusCode).toBe(401);
    expect((await del(`/api/users/me/sessions/${sessionIdOf(b)}`, a)).statusCode).toBe(404);
    expect((await del('/api/users/me/sessions/not-a-uuid', a)).statusCode).toBe(422);

    expect((await del('/api/users/me/sessions', a)).statusCode).toBe(204);
    expect((await get('/api/users/me', c)).statusCode).toBe(401);
    expect((await get('/api/users/me', a)).statusCode).toBe(200);
    const left = (await get('/api/users/me/sessions', a)).json().data;
    expect(left.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(a)]);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    await createAccountWithUser(t.app, { email: 'cambia@example.com' });
    const here = await loginFrom('cambia@example.com', FIREFOX, '192.0.2.50');
    const there = await loginFrom('cambia@example.com', ANDROID, '192.0.2.51');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: here,
      payload: {
        first_name: 'Ana',
        last_name: 'García',
        current_password: TEST_PASSWORD,
        password: 'otra-clave-larga-9',
        password_confirmation: 'otra-clave-larga-9',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/users/me', there)).statusCode).toBe(401);
    expect((await get('/api/users/me', here)).statusCode).toBe(200);
  });
});
