import { USER_ROLES } from '@taquilla/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers, users, userTokens } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/ids.ts';
import { ROLE_PERMISSIONS } from '../../lib/permissions.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser, TEST_PASSWORD } from '../../test/factories/accounts.ts';
import { linkToken, registration, takeMail } from '../../test/factories/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type H = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function invite(headers: H, body: Record<string, unknown>) {
  const res = await req('POST', '/api/users', headers, {
    first_name: 'Pablo',
    last_name: 'Ruiz',
    role: 'ORGANIZER',
    ...body,
  });
  const mail = await takeMail(t.app);
  return { res, mail };
}

describe('GET/PUT users/me', () => {
  it('returns the CurrentUser contract', async () => {
    const { user, account, headers } = await createAccountWithUser(t.app, { accountName: 'Sala Sol' });
    const res = await req('GET', '/api/users/me', headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: 'Ana',
      last_name: 'García',
      locale: 'es',
      timezone: 'Europe/Madrid',
      email_verified: true,
      pending_email: null,
      role: 'ADMIN',
      is_owner: true,
      account: { id: account.id, name: 'Sala Sol', currency: 'EUR', timezone: 'Europe/Madrid' },
    });
  });

  it("lists the permissions of the user's role in this account: the web shows what they allow", async () => {
    const admin = await createAccountWithUser(t.app);
    const organizer = await addUser(t.app, admin.account.id, { role: 'ORGANIZER' });
    const adminMe = (await req('GET', '/api/users/me', admin.headers)).json().data;
    const organizerMe = (await req('GET', '/api/users/me', organizer.headers)).json().data;
    expect(adminMe.permissions).toContain('users:manage');
    expect(adminMe.permissions).toEqual(ROLE_PERMISSIONS.ADMIN);
    expect(organizerMe.permissions).not.toContain('users:manage');
    expect(organizerMe.permissions).toContain('events:manage');
    expect(organizerMe.permissions).toEqual(ROLE_PERMISSIONS.ORGANIZER);
    // The same user, signed in to an account where they are an organizer, has that account's permissions.
    const other = await createAccountWithUser(t.app);
    await t.app.deps.db
      .insert(accountUsers)
      .values({ account_id: other.account.id, user_id: admin.user.id, role: 'ORGANIZER', status: 'ACTIVE' });
    const switched = await req('POST', '/api/auth/switch-account', admin.headers, {
      account_id: other.account.id,
    });
    const there = (await req('GET', '/api/users/me', bearer(switched.json().data.token))).json().data;
    expect(there.permissions).toEqual(ROLE_PERMISSIONS.ORGANIZER);
    expect(switched.json().data.user.permissions).toEqual(ROLE_PERMISSIONS.ORGANIZER);
  });

  it('an admin gives a member each role; the member then holds exactly that row of the table', async () => {
    const admin = await createAccountWithUser(t.app);
    const member = await addUser(t.app, admin.account.id, { role: 'ORGANIZER' });
    for (const role of USER_ROLES) {
      const res = await req('PUT', `/api/users/${member.user.id}`, admin.headers, { role });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data.role).toBe(role);
      const me = (await req('GET', '/api/users/me', member.headers)).json().data;
      expect(me.role).toBe(role);
      expect(me.permissions).toEqual(ROLE_PERMISSIONS[role]);
    }
    const bad = await req('PUT', `/api/users/${member.user.id}`, admin.headers, { role: 'OWNER' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(['role']);
  });

  it('updates the profile; bad input is a translated 422 and changes nothing', async () => {
    const { user, headers } = await createAccountWithUser(t.app);
    const ok = await req('PUT', '/api/users/me', headers, {
      first_name: ' Marta ',
      last_name: 'López',
      locale: 'en',
      timezone: 'America/Mexico_City',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      first_name: 'Marta',
      locale: 'en',
      timezone: 'America/Mexico_City',
    });
    const bad = await req('PUT', '/api/users/me', headers, {
      first_name: '',
      last_name: 'L',
      timezone: 'Marte/Base',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({
      first_name: 'El nombre debe tener entre 1 y 50 caracteres.',
      timezone: 'Elige una zona horaria válida.',
    });
    const row = one(await t.app.deps.db.select().from(users).where(eq(users.id, user.id)));
    expect(row.first_name).toBe('Marta');
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const { user, headers, account } = await createAccountWithUser(t.app);
    const login = await req('POST', '/api/auth/login', {}, { email: user.email, password: TEST_PASSWORD });
    const other = bearer(login.json().data.token);
    const body = {
      first_name: 'Ana',
      last_name: 'García',
      password: 'clave-nueva-22',
      password_confirmation: 'clave-nueva-22',
    };
    const missing = await req('PUT', '/api/users/me', headers, body);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields.current_password).toBeTruthy();
    const wrong = await req('PUT', '/api/users/me', headers, { ...body, current_password: 'no-no-no-no' });
    expect(wrong.json().error.fields.current_password).toBe('La contraseña actual no es correcta.');
    const ok = await req('PUT', '/api/users/me', headers, { ...body, current_password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await req('GET', '/api/users/me', headers)).statusCode).toBe(200);
    expect((await req('GET', '/api/users/me', other)).statusCode).toBe(401);
    const relog = await req('POST', '/api/auth/login', {}, { email: user.email, password: 'clave-nueva-22' });
    expect(relog.json().data.user.account.id).toBe(account.id);
  });

  it('changes the e-mail through a confirmation link to the new address; can be cancelled', async () => {
    const { user, headers } = await createAccountWithUser(t.app);
    const taken = await createAccountWithUser(t.app);
    const base = { first_name: 'Ana', last_name: 'García', current_password: TEST_PASSWORD };
    const dup = await req('PUT', '/api/users/me', headers, { ...base, email: taken.user.email });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.fields.email).toBe('Ya existe un usuario con este correo electrónico.');

    const res = await req('PUT', '/api/users/me', headers, { ...base, email: 'Nueva@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: user.email, pending_email: 'nueva@example.com' });
    const mail = await takeMail(t.app);
    expect(mail).toHaveLength(1);
    expect(at(mail, 0).to).toContain('nueva@example.com');
    const token = linkToken(mail[0], '/manage/profile/confirm-email-change/');

    // Another user cannot use it, even with the right token.
    expect((await req('POST', `/api/users/${user.id}/email-change/${token}`, taken.headers)).statusCode).toBe(
      404,
    );
    const confirmed = await req('POST', `/api/users/${user.id}/email-change/${token}`, headers);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ email: 'nueva@example.com', pending_email: null });
    expect((await req('POST', `/api/users/${user.id}/email-change/${token}`, headers)).statusCode).toBe(404);
    // The old address is told, with a way back (email-undo.test.ts).
    const notice = await takeMail(t.app);
    expect(notice.map((m) => m.to)).toEqual([expect.stringContaining(user.email)]);

    await req('PUT', '/api/users/me', headers, { ...base, email: 'otra@example.com' });
    const second = linkToken((await takeMail(t.app))[0], 'confirm-email-change');
    expect((await req('DELETE', `/api/users/${taken.user.id}/email-change`, headers)).statusCode).toBe(404);
    const cancelled = await req('DELETE', `/api/users/${user.id}/email-change`, headers);
    expect(cancelled.json().data.pending_email).toBeNull();
    expect((await req('POST', `/api/users/${user.id}/email-change/${second}`, headers)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/users/${user.id}/email-change`, headers)).statusCode).toBe(409);
  });
});

describe('e-mail confirmation', () => {
  it('confirms with the registration link once; resends on request', async () => {
    const reg = await req('POST', '/api/auth/register', {}, registration());
    const { token: session, user } = reg.json().data;
    const headers = bearer(session);
    const first = linkToken((await takeMail(t.app))[0], 'confirm-email-address');
    const resend = await req('POST', `/api/users/${user.id}/resend-email-confirmation`, headers);
    expect(resend.statusCode).toBe(202);
    const second = linkToken((await takeMail(t.app))[0], 'confirm-email-address');
    // The older link is replaced by the newer one.
    expect((await req('POST', `/api/users/${user.id}/confirm-email/${first}`, headers)).statusCode).toBe(404);
    const other = await createAccountWithUser(t.app);
    expect(
      (await req('POST', `/api/users/${user.id}/confirm-email/${second}`, other.headers)).statusCode,
    ).toBe(404);
    const ok = await req('POST', `/api/users/${user.id}/confirm-email/${second}`, headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email_verified).toBe(true);
    expect((await req('POST', `/api/users/${user.id}/confirm-email/${second}`, headers)).statusCode).toBe(
      404,
    );
    const again = await req('POST', `/api/users/${user.id}/resend-email-confirmation`, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Tu correo electrónico ya está confirmado.');
    expect(
      (await req('POST', `/api/users/${other.user.id}/resend-email-confirmation`, headers)).statusCode,
    ).toBe(404);
    expect((await req('POST', '/api/users/not-a-uuid/resend-email-confirmation', headers)).statusCode).toBe(
      422,
    );
  });
});

describe('team: invitations, roles, status', () => {
  it('invites a colleague who accepts, sets a password and works as ORGANIZER', async () => {
    const admin = await createAccountWithUser(t.app, { accountName: 'Teatro Norte' });
    const { res, mail } = await invite(admin.headers, { email: 'Pablo@Example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email: 'pablo@example.com',
      role: 'ORGANIZER',
      status: 'INVITED',
      is_owner: false,
    });
    expect(mail).toHaveLength(1);
    expect(at(mail, 0).subject).toBe('Invitación a una cuenta de Taquilla');
    expect(at(mail, 0).text).toContain('«Ana García»');
    expect(at(mail, 0).text).toContain('«Teatro Norte»');
    expect(at(mail, 0).text).toContain('Organizador');
    const token = linkToken(mail[0], '/auth/accept-invitation/');

    // Invited users cannot log in (no password yet) and show up in the list.
    const list = await req('GET', '/api/users?filter_fields[status][eq]=INVITED', admin.headers);
    expect(list.json().data.map((u: { email: string }) => u.email)).toEqual(['pablo@example.com']);

    const info = await t.app.inject({ url: `/api/auth/invitations/${token}` });
    expect(info.json().data).toMatchObject({
      email: 'pablo@example.com',
      account_name: 'Teatro Norte',
      role: 'ORGANIZER',
      invited_by: 'Ana García',
      has_password: false,
    });
    const noPassword = await req('POST', `/api/auth/invitations/${token}`, {}, { first_name: 'Pablo' });
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().error.fields.password).toBe('Elige una contraseña para tu usuario.');
    const short = await req(
      'POST',
      `/api/auth/invitations/${token}`,
      {},
      { password: 'corta', password_confirmation: 'corta' },
    );
    expect(short.statusCode).toBe(422);

    const accepted = await req(
      'POST',
      `/api/auth/invitations/${token}`,
      {},
      {
        first_name: 'Pablo',
        last_name: 'Ruiz Gil',
        password: 'clave-de-pablo',
        password_confirmation: 'clave-de-pablo',
      },
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.user).toMatchObject({
      role: 'ORGANIZER',
      last_name: 'Ruiz Gil',
      email_verified: true,
    });
    expect((await req('POST', `/api/auth/invitations/${token}`, {}, {})).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/auth/invitations/${token}` })).statusCode).toBe(404);

    const login = await req(
      'POST',
      '/api/auth/login',
      {},
      { email: 'pablo@example.com', password: 'clave-de-pablo' },
    );
    expect(login.statusCode).toBe(200);
    const organizer = bearer(login.json().data.token);
    const pablo = login.json().data.user.id;

    // The ORGANIZER gets 403 on every admin endpoint.
    const adminCalls: [Parameters<typeof req>[0], string, unknown?][] = [
      ['GET', '/api/users'],
      ['POST', '/api/users', { first_name: 'X', last_name: 'Y', email: 'x@example.com', role: 'ADMIN' }],
      ['GET', `/api/users/${admin.user.id}`],
      ['PUT', `/api/users/${admin.user.id}`, { first_name: 'Hack' }],
      ['PUT', `/api/users/${pablo}`, { role: 'ADMIN' }],
      ['POST', `/api/users/${admin.user.id}/invitation`],
      ['DELETE', `/api/users/${admin.user.id}/invitation`],
      ['GET', '/api/accounts/me'],
      ['PUT', '/api/accounts/me', { name: 'Hack', currency: 'EUR', timezone: 'UTC' }],
    ];
    for (const [method, url, body] of adminCalls) {
      const r = await req(method, url, organizer, body);
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      expect(r.json().error.message).toBe('No tienes permiso para acceder a esta página.');
    }
    // But can read themselves.
    expect((await req('GET', `/api/users/${pablo}`, organizer)).json().data.role).toBe('ORGANIZER');
    expect((await req('GET', '/api/users/me', organizer)).json().data.role).toBe('ORGANIZER');
    const m = one(await t.app.deps.db.select().from(accountUsers).where(eq(accountUsers.user_id, pablo)));
    expect(m.role).toBe('ORGANIZER');
  });

  it('rejects bad invitations with 422 and nothing created; a member twice is refused', async () => {
    const admin = await createAccountWithUser(t.app);
    const before = (await t.app.deps.db.select().from(users)).length;
    const { res, mail } = await invite(admin.headers, { email: 'mal', role: 'JEFE', first_name: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toMatchObject({
      email: 'Introduce un correo electrónico válido.',
      role: 'Elige uno de los roles: administrador, organizador, finanzas, puerta o solo lectura.',
      first_name: 'El nombre debe tener entre 1 y 50 caracteres.',
    });
    expect(mail).toHaveLength(0);
    expect((await t.app.deps.db.select().from(users)).length).toBe(before);
    const dup = await invite(admin.headers, { email: admin.user.email.toUpperCase() });
    expect(dup.res.statusCode).toBe(422);
    expect(dup.res.json().error.fields.email).toBe(
      'Este correo electrónico ya pertenece a un usuario de la cuenta.',
    );
  });

  it('resends (old link dies) and revokes invitations', async () => {
    const admin = await createAccountWithUser(t.app);
    const { res, mail } = await invite(admin.headers, { email: 'resend@example.com' });
    const id = res.json().data.id;
    const old = linkToken(mail[0], 'accept-invitation');
    const resent = await req('POST', `/api/users/${id}/invitation`, admin.headers);
    expect(resent.statusCode).toBe(200);
    const fresh = linkToken((await takeMail(t.app))[0], 'accept-invitation');
    expect((await t.app.inject({ url: `/api/auth/invitations/${old}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/auth/invitations/${fresh}` })).statusCode).toBe(200);

    const revoked = await req('DELETE', `/api/users/${id}/invitation`, admin.headers);
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/auth/invitations/${fresh}` })).statusCode).toBe(404);
    expect((await req('GET', `/api/users/${id}`, admin.headers)).statusCode).toBe(404);
    expect(await t.app.deps.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    // Only pending invitations can be resent or revoked.
    const resendActive = await req('POST', `/api/users/${admin.user.id}/invitation`, admin.headers);
    expect(resendActive.statusCode).toBe(409);
    expect((await req('DELETE', `/api/users/${admin.user.id}/invitation`, admin.headers)).statusCode).toBe(
      409,
    );
  });

  it('expired invitations do not work', async () => {
    const admin = await createAccountWithUser(t.app);
    const { mail } = await invite(admin.headers, { email: 'tarde@example.com' });
    const token = linkToken(mail[0], 'accept-invitation');
    const row = one(
      await t.app.deps.db
        .select()
        .from(userTokens)
        .where(eq(userTokens.token_hash, hashToken(token))),
    );
    expect(Math.round((row.expires_at.getTime() - row.created_at.getTime()) / 3600_000)).toBe(7 * 24);
    await t.app.deps.db
      .update(userTokens)
      .set({ expires_at: new Date(Date.now() - 1) })
      .where(eq(userTokens.id, row.id));
    const res = await req(
      'POST',
      `/api/auth/invitations/${token}`,
      {},
      { password: 'clave-larga-1', password_confirmation: 'clave-larga-1' },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Esta invitación no es válida, ya se ha usado o ha caducado.');
  });

  it('an existing user of another account joins by accepting, then picks the account at login', async () => {
    const a = await createAccountWithUser(t.app, { accountName: 'Alfa' });
    const b = await createAccountWithUser(t.app, { accountName: 'Beta' });
    const { mail } = await invite(a.headers, { email: b.user.email, role: 'ADMIN' });
    const token = linkToken(mail[0], 'accept-invitation');
    expect((await t.app.inject({ url: `/api/auth/invitations/${token}` })).json().data.has_password).toBe(
      true,
    );
    // The link alone is not enough: an existing user signs in (password) or is signed in as themself.
    const accept = (headers: H, body: Record<string, unknown>) =>
      req('POST', `/api/auth/invitations/${token}`, headers, body);
    const bare = await accept({}, {});
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error.fields.current_password).toBe(
      'Ya tienes un usuario: escribe tu contraseña para aceptar.',
    );
    const wrong = await accept({}, { current_password: 'no-es-la-clave' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields.current_password).toBe('La contraseña no es correcta.');
    const otherSession = await accept(a.headers, { current_password: TEST_PASSWORD });
    expect(otherSession.statusCode).toBe(403);
    expect(otherSession.headers['x-auth-token']).toBeUndefined();
    const stillInvited = await req('GET', `/api/users/${b.user.id}`, a.headers);
    expect(stillInvited.json().data.status).toBe('INVITED');
    // An existing user's password is never set through an invitation.
    const accepted = await accept(
      {},
      {
        current_password: TEST_PASSWORD,
        password: 'intento-de-cambio',
        password_confirmation: 'intento-de-cambio',
      },
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.user.account.name).toBe('Alfa');
    const login = await req('POST', '/api/auth/login', {}, { email: b.user.email, password: TEST_PASSWORD });
    expect(login.json().data.accounts.map((x: { name: string }) => x.name)).toEqual(['Alfa', 'Beta']);
  });

  it('an existing user signed in as themself accepts without typing the password again', async () => {
    const a = await createAccountWithUser(t.app, { accountName: 'Gamma' });
    const b = await createAccountWithUser(t.app, { accountName: 'Delta' });
    const { mail } = await invite(a.headers, { email: b.user.email });
    const token = linkToken(mail[0], 'accept-invitation');
    const res = await req('POST', `/api/auth/invitations/${token}`, b.headers, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.account.name).toBe('Gamma');
  });

  it("an invited user who has not accepted is nobody's: the inviter neither sees nor renames them", async () => {
    const a = await createAccountWithUser(t.app, { accountName: 'Curioso' });
    const b = await createAccountWithUser(t.app, { accountName: 'Ajena' });
    const { res } = await invite(a.headers, { email: b.user.email, first_name: 'Otro', last_name: 'Nombre' });
    expect(res.statusCode).toBe(201);
    const shown = res.json().data;
    // The names the inviter typed, never the existing user's profile.
    expect(shown).toMatchObject({
      id: b.user.id,
      first_name: 'Otro',
      last_name: 'Nombre',
      locale: null,
      timezone: null,
    });
    const listed = await req('GET', '/api/users?filter_fields[status][eq]=INVITED', a.headers);
    expect(JSON.stringify(listed.json().data)).not.toContain('García');
    const rename = await req('PUT', `/api/users/${b.user.id}`, a.headers, { first_name: 'Pirata' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.message).toBe(
      'Un usuario invitado completa su perfil al aceptar la invitación.',
    );
    // The role of the invitation can still change.
    const role = await req('PUT', `/api/users/${b.user.id}`, a.headers, { role: 'ADMIN' });
    expect(role.statusCode).toBe(200);
    expect((await req('DELETE', `/api/users/${b.user.id}/invitation`, a.headers)).statusCode).toBe(204);
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, b.user.id));
    expect(row).toMatchObject({ first_name: 'Ana', last_name: 'García', locale: 'es' });
  });

  it("protects the owner's role and status, and one's own", async () => {
    const owner = await createAccountWithUser(t.app);
    const other = await addUser(t.app, owner.account.id, { role: 'ADMIN' });
    for (const body of [{ role: 'ORGANIZER' }, { status: 'INACTIVE' }]) {
      const res = await req('PUT', `/api/users/${owner.user.id}`, other.headers, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        'No se puede cambiar el rol ni el estado del propietario de la cuenta.',
      );
    }
    const self = await req('PUT', `/api/users/${other.user.id}`, other.headers, { role: 'ORGANIZER' });
    expect(self.statusCode).toBe(409);
    // Same values, or names, are fine.
    const same = await req('PUT', `/api/users/${owner.user.id}`, other.headers, {
      role: 'ADMIN',
      first_name: 'Dueña',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({
      first_name: 'Dueña',
      role: 'ADMIN',
      status: 'ACTIVE',
      is_owner: true,
    });
    const bad = await req('PUT', `/api/users/${other.user.id}`, owner.headers, { status: 'INVITED' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.status).toBe('Elige un estado: activo o inactivo.');
  });

  it('tells the caller which members have their role and status fixed, and why', async () => {
    const owner = await createAccountWithUser(t.app);
    const admin = await addUser(t.app, owner.account.id, { role: 'ADMIN' });
    const organizer = await addUser(t.app, owner.account.id, { role: 'ORGANIZER' });
    const fixedFor = async (headers: H) => {
      const list = (await req('GET', '/api/users', headers)).json().data as {
        id: string;
        role_and_status_fixed: string | null;
      }[];
      return Object.fromEntries(list.map((m) => [m.id, m.role_and_status_fixed]));
    };
    expect(await fixedFor(admin.headers)).toEqual({
      [owner.user.id]: 'OWNER',
      [admin.user.id]: 'SELF',
      [organizer.user.id]: null,
    });
    // The owner is the owner, also to themself; the other admin is editable for them.
    expect(await fixedFor(owner.headers)).toEqual({
      [owner.user.id]: 'OWNER',
      [admin.user.id]: null,
      [organizer.user.id]: null,
    });
    const own = await req('GET', `/api/users/${organizer.user.id}`, organizer.headers);
    expect(own.json().data.role_and_status_fixed).toBe('SELF');
  });

  it('deactivating a user ends their sessions at once; reactivating lets them back in', async () => {
    const owner = await createAccountWithUser(t.app);
    const member = await addUser(t.app, owner.account.id, { role: 'ORGANIZER' });
    expect((await req('GET', '/api/users/me', member.headers)).statusCode).toBe(200);
    const off = await req('PUT', `/api/users/${member.user.id}`, owner.headers, { status: 'INACTIVE' });
    expect(off.json().data.status).toBe('INACTIVE');
    expect((await req('GET', '/api/users/me', member.headers)).statusCode).toBe(401);
    const login = await req(
      'POST',
      '/api/auth/login',
      {},
      { email: member.user.email, password: TEST_PASSWORD },
    );
    expect(login.statusCode).toBe(403);
    await req('PUT', `/api/users/${member.user.id}`, owner.headers, { status: 'ACTIVE', role: 'ADMIN' });
    const back = await req(
      'POST',
      '/api/auth/login',
      {},
      { email: member.user.email, password: TEST_PASSWORD },
    );
    expect(back.json().data.user.role).toBe('ADMIN');
    // The old token stays revoked.
    expect((await req('GET', '/api/users/me', member.headers)).statusCode).toBe(401);
  });

  it('lists with search, filters and sorting; unknown parameters are a 422', async () => {
    const owner = await createAccountWithUser(t.app);
    await invite(owner.headers, { email: 'zoe@example.com', first_name: 'Zoe', role: 'ADMIN' });
    await invite(owner.headers, { email: 'bea@example.com', first_name: 'Bea' });
    const all = await req('GET', '/api/users?sort_by=first_name&sort_direction=asc', owner.headers);
    expect(all.json().data.map((u: { first_name: string }) => u.first_name)).toEqual(['Ana', 'Bea', 'Zoe']);
    expect(all.json().meta).toEqual({ current_page: 1, per_page: 20, total: 3, last_page: 1 });
    const search = await req('GET', '/api/users?query=zoe', owner.headers);
    expect(search.json().data).toHaveLength(1);
    const organizers = await req('GET', '/api/users?filter_fields[role][eq]=ORGANIZER', owner.headers);
    expect(organizers.json().data.map((u: { email: string }) => u.email)).toEqual(['bea@example.com']);
    const paged = await req('GET', '/api/users?per_page=2&page=2&sort_by=email', owner.headers);
    expect(paged.json().meta.last_page).toBe(2);
    expect(paged.json().data).toHaveLength(1);
    const bad = await req('GET', '/api/users?sort_by=password_hash&color=red', owner.headers);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['color', 'sort_by']);
  });
});

describe('tenancy', () => {
  it("one account's admin cannot read or change another account's users (404)", async () => {
    const a = await createAccountWithUser(t.app);
    const b = await createAccountWithUser(t.app);
    const { res } = await invite(a.headers, { email: 'solo-de-a@example.com' });
    const invitedId = res.json().data.id;
    const calls: [Parameters<typeof req>[0], string, unknown?][] = [
      ['GET', `/api/users/${a.user.id}`],
      ['PUT', `/api/users/${a.user.id}`, { first_name: 'Intruso' }],
      ['PUT', `/api/users/${invitedId}`, { role: 'ADMIN' }],
      ['POST', `/api/users/${invitedId}/invitation`],
      ['DELETE', `/api/users/${invitedId}/invitation`],
      ['POST', `/api/users/${a.user.id}/resend-email-confirmation`],
      ['DELETE', `/api/users/${a.user.id}/email-change`],
      ['POST', `/api/users/${a.user.id}/email-change/abcdefghijklmnop`],
      ['POST', `/api/users/${a.user.id}/confirm-email/abcdefghijklmnop`],
    ];
    for (const [method, url, body] of calls) {
      const r = await req(method, url, b.headers, body);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await req('GET', '/api/users', b.headers);
    expect(list.json().data.map((u: { id: string }) => u.id)).toEqual([b.user.id]);
    const row = one(await t.app.deps.db.select().from(users).where(eq(users.id, a.user.id)));
    expect(row.first_name).toBe('Ana');
    expect(await takeMail(t.app)).toHaveLength(0);
  });
});
