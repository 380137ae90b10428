import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: '/api/accounts/me', headers, payload: payload as object });

describe('account settings', () => {
  it('an admin reads and changes name, currency and time zone of their own account only', async () => {
    const a = await createAccountWithUser(t.app, { accountName: 'Sala A' });
    const b = await createAccountWithUser(t.app, { accountName: 'Sala B' });
    expect((await call('GET', a.headers)).json().data).toMatchObject({
      id: a.account.id,
      name: 'Sala A',
      currency: 'EUR',
      timezone: 'Europe/Madrid',
    });
    const res = await call('PUT', a.headers, {
      name: ' Sala A Grande ',
      currency: 'mxn',
      timezone: 'America/Mexico_City',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Sala A Grande',
      currency: 'MXN',
      timezone: 'America/Mexico_City',
    });
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: a.headers })).json().data.account.currency,
    ).toBe('MXN');
    // B's settings are untouched and B cannot reach A's.
    const [rowB] = await t.app.deps.db.select().from(accounts).where(eq(accounts.id, b.account.id));
    expect(rowB).toMatchObject({ name: 'Sala B', currency: 'EUR' });
    expect((await call('GET', b.headers)).json().data.id).toBe(b.account.id);
  });

  it('rejects bad input with translated 422 and changes nothing', async () => {
    const a = await createAccountWithUser(t.app, { accountName: 'Sala C' });
    const res = await call('PUT', a.headers, { name: '', currency: 'EURO', timezone: 'Europe/Atlantis' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({
      name: 'El nombre de la cuenta debe tener entre 1 y 149 caracteres.',
      currency: 'Elige una moneda válida (código ISO de 3 letras, p. ej. EUR).',
      timezone: 'Elige una zona horaria válida.',
    });
    const en = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me',
      headers: { ...a.headers, cookie: 'locale=en' },
      payload: { name: 'X', currency: 'ZZZ', timezone: 'UTC' },
    });
    expect(en.json().error.fields.currency).toBe('Choose a valid currency (3-letter ISO code, e.g. EUR).');
    const [row] = await t.app.deps.db.select().from(accounts).where(eq(accounts.id, a.account.id));
    expect(row).toMatchObject({ name: 'Sala C', currency: 'EUR', timezone: 'Europe/Madrid' });
  });

  it('an ORGANIZER gets 403; no token gets 401', async () => {
    const a = await createAccountWithUser(t.app);
    const org = await addUser(t.app, a.account.id, { role: 'ORGANIZER' });
    expect((await call('GET', org.headers)).statusCode).toBe(403);
    expect((await call('PUT', org.headers, { name: 'X', currency: 'EUR', timezone: 'UTC' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', {})).statusCode).toBe(401);
  });
});
