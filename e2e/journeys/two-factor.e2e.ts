import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api.ts';
import { launch, newPage, screenshot } from '../browser.ts';
import { mailLink } from '../mail.ts';

/**
 * Two-step verification in Spanish on a phone: enrol from the profile (the server's QR, a code computed
 * here from the secret with otpauth, the recovery codes shown once), log out, log in with a code, and
 * see and end another session in the profile. Keyboard only for the code steps. Then the undo of an
 * e-mail change from the link mailed to the old address.
 */
const EMAIL = `dospasos.${Date.now()}@example.com`;
const PASSWORD = 'una-clave-muy-larga';
/** The narrowest phone the back office supports. */
const PHONE = { width: 360, height: 780 };
const L = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
}

describe('two-step verification', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('enrols, logs out, logs in with a code, and ends another session', async () => {
    const { token } = await call<{ token: string }>('POST', 'auth/register', {
      first_name: 'Nuria',
      last_name: 'Vidal',
      email: EMAIL,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
    });
    // Another device was signed in before enrolment: its session stays, listed in the profile.
    await call('POST', 'auth/login', { email: EMAIL, password: PASSWORD });
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await context.addInitScript((t) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', t);
        sessionStorage.setItem('seeded', '1');
      }
    }, token);

    await page.goto('/manage/profile');
    await page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    await page.getByRole('link', { name: 'Activar' }).click();
    await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
    const qr = page.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await shot(page, 'two-factor-enrol-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const codeField = page.getByLabel(L('2. Escribe el código de 6 cifras que muestra la aplicación'));
    await codeField.focus();
    await page.keyboard.type(totp.generate());
    await page.keyboard.press('Enter');
    const codes = page.getByRole('listitem');
    await page.getByText('No volveremos a mostrarlos.', { exact: false }).waitFor();
    expect(await codes.count()).toBe(10);
    await shot(page, 'two-factor-recovery-codes-phone');
    await page.getByRole('button', { name: 'He guardado los códigos' }).click();
    await page.getByRole('heading', { name: 'Mi perfil' }).waitFor();
    await page.getByText('Activada', { exact: true }).waitFor();

    // Log out, then log in: password, then the code step.
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/auth/login');
    await page.getByLabel(L('Correo electrónico')).fill(EMAIL);
    await page.getByLabel(L('Contraseña')).fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).waitFor();
    await shot(page, 'two-factor-login-code-phone');
    const loginCode = page.getByLabel(L('Código de verificación'));
    await loginCode.focus();
    // The enrolment used this step's code, and a code is accepted once: the next step's (within ±1).
    await page.keyboard.type(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/manage/**');

    // The profile lists both sessions; end the other one.
    await page.goto('/manage/profile');
    await page.getByRole('heading', { name: 'Sesiones activas' }).waitFor();
    await page.getByText('Esta sesión').waitFor();
    const endButtons = page.getByRole('button', { name: /^Cerrar sesión: / });
    await endButtons.first().waitFor();
    const before = await endButtons.count();
    expect(before).toBeGreaterThanOrEqual(1);
    await shot(page, 'two-factor-sessions-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await endButtons.first().click();
    await page.getByText('Sesión cerrada.').waitFor();
    await expect.poll(() => endButtons.count()).toBe(before - 1);

    // Nine recovery codes left would be ten again: new ones, after the password.
    await page.goto('/manage/profile/two-factor');
    await page.getByText('Te quedan 10 códigos de recuperación.').waitFor();
    await page.getByLabel(L('Tu contraseña')).fill(PASSWORD);
    await page.getByRole('button', { name: 'Generar códigos nuevos' }).click();
    await page.getByText('No volveremos a mostrarlos.', { exact: false }).waitFor();
    expect(await page.getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'He guardado los códigos' }).click();
    await page.getByRole('heading', { name: 'Mi perfil' }).waitFor();

    // The admin requires 2FA of every member (already enrolled: the account stays open to them).
    await page.goto('/account/users');
    const policy = page.getByRole('switch', { name: 'Exigir 2FA a todos los miembros' });
    await policy.focus();
    await page.keyboard.press('Space');
    await page.getByText('La cuenta exige ahora la verificación en dos pasos.').waitFor();
    expect(await policy.isChecked()).toBe(true);
    await shot(page, 'two-factor-policy-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('the old address undoes an e-mail change from its link', async () => {
    const old = `antiguo.${Date.now()}@example.com`;
    const taken = `nuevo.${Date.now()}@example.com`;
    const seen = new Set<string>();
    const { token, user } = await call<{ token: string; user: { id: string } }>('POST', 'auth/register', {
      first_name: 'Nuria',
      last_name: 'Vidal',
      email: old,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
    });
    await call(
      'PUT',
      'users/me',
      { first_name: 'Nuria', last_name: 'Vidal', email: taken, current_password: PASSWORD },
      token,
    );
    const confirm = await mailLink(taken, '/confirm-email-change/', seen);
    await call('POST', `users/${user.id}/email-change/${confirm.split('/').pop()}`, {}, token);
    const undo = await mailLink(old, '/auth/undo-email-change/', seen);

    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto(undo);
    await page.getByRole('heading', { name: 'Deshacer el cambio de correo' }).waitFor();
    await shot(page, 'undo-email-change-phone');
    await page.getByRole('button', { name: 'Deshacer el cambio' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Tu usuario vuelve a usar ${old}.`, { exact: false }).waitFor();
    await shot(page, 'undo-email-change-done-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The session that made the change has ended; the old address logs in again.
    await expect(call('GET', 'users/me', undefined, token)).rejects.toThrow(/401/);
    expect(await call('POST', 'auth/login', { email: old, password: PASSWORD })).toHaveProperty('token');
    await context.close();
  });
});
