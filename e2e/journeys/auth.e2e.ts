import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, PHONE, screenshot } from '../browser.ts';
import { mailLink } from '../mail.ts';

/**
 * The newcomer's journey in Spanish: register → confirm the e-mail from the captured message →
 * onboarding → log out → forgot password → reset → log in. Then the team: invite a colleague who
 * accepts and works as ORGANIZER. Screenshots of each screen, desktop and phone.
 */
const EMAIL = `marta.${Date.now()}@example.com`;
const COLLEAGUE = `pablo.${Date.now()}@example.com`;

/** A field by its label; required fields carry a trailing asterisk. */
const L = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

/** The message shown under a field (Mantine names it in the input's aria-describedby), or null. */
async function errorUnder(page: Page, label: RegExp) {
  const ids = (await page.getByLabel(label).getAttribute('aria-describedby')) ?? '';
  const id = ids.split(' ').find((i) => i.endsWith('-error'));
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
}

describe('accounts and authentication', () => {
  let browser: Browser;
  const seen = new Set<string>();
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('register → confirm e-mail → onboarding → log out → forgot → reset → log in', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto('/');
    await page.waitForURL('**/auth/login');
    await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor();
    await shot(page, 'auth-login-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('link', { name: 'Regístrate gratis' }).click();
    await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
    // Client-side validation in Spanish before anything is sent, each message under its field.
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Debes aceptar los términos y condiciones.').waitFor();
    expect(await errorUnder(page, L('Nombre'))).toBe('El nombre debe tener entre 1 y 50 caracteres.');
    expect(await errorUnder(page, L('Correo electrónico'))).toBe('Introduce un correo electrónico válido.');
    expect(await errorUnder(page, L('Contraseña'))).toBe('La contraseña debe tener al menos 8 caracteres.');
    await page.getByLabel(L('Nombre')).fill('Marta');
    await page.getByLabel(L('Apellidos')).fill('Sánchez');
    await page.getByLabel(L('Correo electrónico')).fill(EMAIL);
    await page.getByLabel(L('Contraseña')).fill('primera-clave-1');
    await page.getByLabel(L('Repite la contraseña')).fill('primera-clave-1');
    await page.getByLabel(/Acepto los términos/).check();
    await shot(page, 'auth-register-phone');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    await page.waitForURL('**/welcome');
    await page.getByRole('heading', { name: /¡Hola, Marta!/ }).waitFor();
    await page.getByText('Confirma tu correo electrónico').first().waitFor();
    await shot(page, 'auth-welcome-phone');

    // The confirmation e-mail arrived as a file; its link confirms the address.
    const confirm = await mailLink(EMAIL, '/manage/profile/confirm-email-address/', seen);
    await page.goto(confirm);
    await page.getByText(`¡Listo! Tu correo ${EMAIL} está confirmado.`).waitFor();
    await shot(page, 'auth-email-confirmed-phone');

    // Onboarding: the first organizer, then the first event.
    await page.goto('/welcome');
    await page.getByLabel(L('Nombre del organizador')).fill('Sala Marta');
    await page.getByRole('button', { name: 'Crear organizador' }).click();
    const next = page.getByRole('link', { name: 'Crear mi primer evento' });
    await next.waitFor();
    await shot(page, 'auth-welcome-step2-phone');
    expect(await next.getAttribute('href')).toBe('/manage/events?create=1');
    await next.click();
    await page.waitForURL('**/manage/events?create=1');
    // Onboarding is done: coming back to /welcome cannot create a second organizer.
    await page.goto('/welcome');
    await page.waitForURL('**/manage/events');

    // Log out from the user menu.
    await page.goto('/manage/profile');
    await page.getByRole('heading', { name: 'Mi perfil' }).waitFor();
    await shot(page, 'auth-profile-phone');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/auth/login');

    // Forgot password → e-mail → reset.
    await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
    // The login form has the same e-mail field: wait for the new page before typing.
    await page.getByRole('heading', { name: '¿Has olvidado tu contraseña?' }).waitFor();
    await page.getByLabel(L('Correo electrónico')).fill(EMAIL);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText('Revisa tu correo').waitFor();
    await shot(page, 'auth-forgot-sent-phone');
    const reset = await mailLink(EMAIL, '/auth/reset-password/', seen);
    await page.goto(reset);
    await page.getByText(`Para ${EMAIL}`).waitFor();
    await page.getByLabel(L('Contraseña nueva')).fill('segunda-clave-2');
    await page.getByLabel(L('Repite la contraseña')).fill('segunda-clave-2');
    await shot(page, 'auth-reset-phone');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.waitForURL('**/auth/login');

    // The link is single-use.
    await page.goto(reset);
    await page.getByText('El enlace para restablecer la contraseña no es válido o ha caducado.').waitFor();
    await page.goto('/auth/login');

    // Wrong password first, then the new one.
    await page.getByLabel(L('Correo electrónico')).fill(EMAIL);
    await page.getByLabel(L('Contraseña')).fill('primera-clave-1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('Revisa tu correo electrónico y tu contraseña.').waitFor();
    await shot(page, 'auth-login-error-phone');
    await page.getByLabel(L('Contraseña')).fill('segunda-clave-2');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/manage/events');
    await context.close();
  });

  it('an admin invites a colleague who accepts and sees only what an ORGANIZER may', async () => {
    const admin = await newPage(browser);
    const page = admin.page;
    await page.goto('/auth/login');
    await shot(page, 'auth-login-desktop');
    await page.getByLabel(L('Correo electrónico')).fill(EMAIL);
    await page.getByLabel(L('Contraseña')).fill('segunda-clave-2');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/manage/events');

    await page.goto('/account/settings');
    await page.getByLabel(L('Nombre de la cuenta')).fill('Producciones Marta');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Ajustes de la cuenta guardados.').waitFor();
    await shot(page, 'team-account-settings-desktop');

    // On a phone, with «Guardar» at the bottom of the screen, the toast it brings does not cover it.
    await page.setViewportSize(PHONE);
    const save = page.getByRole('button', { name: 'Guardar cambios' });
    // A screen that ends just below the button, as a phone's does on a longer form.
    const placed = await save.boundingBox();
    await page.setViewportSize({
      width: PHONE.width,
      height: Math.ceil((placed?.y ?? 600) + (placed?.height ?? 36) + 8),
    });
    await page.getByLabel(L('Nombre de la cuenta')).fill('Producciones Marta S.L.');
    await save.click();
    const toast = page.getByText('Ajustes de la cuenta guardados.').last();
    await toast.waitFor();
    const [button, message] = [await save.boundingBox(), await toast.boundingBox()];
    expect(button && message).toBeTruthy();
    if (button && message) {
      const overlaps =
        message.x < button.x + button.width &&
        button.x < message.x + message.width &&
        message.y < button.y + button.height &&
        button.y < message.y + message.height;
      expect(overlaps).toBe(false);
    }
    await shot(page, 'team-account-settings-saved-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/account/users');
    await page.getByRole('button', { name: 'Invitar usuario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(L('Nombre')).fill('Pablo');
    await dialog.getByLabel(L('Apellidos')).fill('Ruiz');
    await dialog.getByLabel(L('Correo electrónico')).fill(COLLEAGUE);
    await dialog.getByLabel(L('Organizador')).check();
    await shot(page, 'team-invite-desktop');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText(`Invitación enviada a ${COLLEAGUE}.`).waitFor();
    await page.getByRole('cell', { name: new RegExp(COLLEAGUE) }).waitFor();
    await shot(page, 'team-users-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'team-users-phone');

    const invitation = await mailLink(COLLEAGUE, '/auth/accept-invitation/', seen);
    const colleague = await newPage(browser, { viewport: PHONE });
    const cp = colleague.page;
    await cp.goto(invitation);
    await cp.getByRole('heading', { name: 'Únete a Producciones Marta' }).waitFor();
    await cp.getByLabel(L('Contraseña')).fill('clave-de-pablo');
    await cp.getByLabel(L('Repite la contraseña')).fill('clave-de-pablo');
    await cp.getByLabel(/Acepto los términos/).check();
    await shot(cp, 'auth-accept-invitation-phone');
    await cp.getByRole('button', { name: 'Aceptar invitación' }).click();
    await cp.waitForURL('**/manage/events');

    // The ORGANIZER has no account section and is told so on the admin screens.
    await cp.goto('/account/users');
    await cp.getByText(/No tienes permiso para acceder a esta página/).waitFor();
    await shot(cp, 'team-organizer-forbidden-phone');
    expect(cp.url()).toContain('/account/users');
    // Nor a form they could not save: the event defaults page says so instead of failing with a 403.
    await cp.goto('/account/event-defaults');
    await cp.getByText(/No tienes permiso para acceder a esta página/).waitFor();
    expect(await cp.getByRole('button', { name: 'Guardar' }).count()).toBe(0);
    expect(cp.url()).toContain('/account/event-defaults');

    // A fresh login of the colleague works too.
    const again = await newPage(browser);
    await again.page.goto('/auth/login');
    await again.page.getByLabel(L('Correo electrónico')).fill(COLLEAGUE);
    await again.page.getByLabel(L('Contraseña')).fill('clave-de-pablo');
    await again.page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await again.page.waitForURL('**/manage/events');
    expect(await again.page.getByRole('link', { name: 'Cuenta' }).count()).toBe(0);

    await admin.context.close();
    await colleague.context.close();
    await again.context.close();
  });

  it('a user of two accounts picks one at login and switches from the menu; English works too', async () => {
    const other = `lola.${Date.now()}@example.com`;
    // Lola has her own account…
    const lola = await newPage(browser, { viewport: PHONE });
    const lp = lola.page;
    await lp.goto('/auth/register');
    await lp.getByLabel(L('Nombre')).fill('Lola');
    await lp.getByLabel(L('Apellidos')).fill('Vega');
    await lp.getByLabel(L('Correo electrónico')).fill(EMAIL);
    await lp.getByLabel(L('Contraseña')).fill('clave-de-lola');
    await lp.getByLabel(L('Repite la contraseña')).fill('clave-de-lola');
    await lp.getByLabel(/Acepto los términos/).check();
    // Only the server knows the address is taken: its answer lands under the field.
    await lp.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect
      .poll(() => errorUnder(lp, L('Correo electrónico')))
      .toBe('Ya existe un usuario con este correo electrónico.');
    await lp.getByLabel(L('Correo electrónico')).fill(other);
    await lp.getByRole('button', { name: 'Crear cuenta' }).click();
    await lp.waitForURL('**/welcome');

    // …and Marta invites her as an administrator of Producciones Marta.
    const marta = await newPage(browser);
    await marta.page.goto('/auth/login');
    await marta.page.getByLabel(L('Correo electrónico')).fill(EMAIL);
    await marta.page.getByLabel(L('Contraseña')).fill('segunda-clave-2');
    await marta.page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await marta.page.waitForURL('**/manage/events');
    await marta.page.goto('/account/users');
    await marta.page.getByRole('button', { name: 'Invitar usuario' }).click();
    const dialog = marta.page.getByRole('dialog');
    await dialog.getByLabel(L('Nombre')).fill('Lola');
    await dialog.getByLabel(L('Apellidos')).fill('Vega');
    await dialog.getByLabel(L('Correo electrónico')).fill(other);
    await dialog.getByLabel(L('Administrador')).check();
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await marta.page.getByText(`Invitación enviada a ${other}.`).waitFor();

    const invitation = await mailLink(other, '/auth/accept-invitation/', seen);
    await lp.goto(invitation);
    await lp.getByText('Ya tienes un usuario en Taquilla').waitFor();
    await lp.getByRole('button', { name: 'Aceptar invitación' }).click();
    await lp.waitForURL('**/manage/events');

    // Logging in again asks which account.
    const fresh = await newPage(browser, { viewport: PHONE });
    const fp = fresh.page;
    await fp.goto('/auth/login');
    await fp.getByLabel(L('Correo electrónico')).fill(other);
    await fp.getByLabel(L('Contraseña')).fill('clave-de-lola');
    await fp.getByRole('button', { name: 'Iniciar sesión' }).click();
    await fp.getByRole('heading', { name: 'Elige una cuenta' }).waitFor();
    await shot(fp, 'auth-account-picker-phone');
    await fp.getByRole('button', { name: 'Producciones Marta' }).click();
    await fp.waitForURL('**/manage/events');

    // The user menu switches to the other account.
    await fp.getByRole('button', { name: 'Menú de usuario' }).click();
    await fp.getByText('Cambiar de cuenta').waitFor();
    await shot(fp, 'auth-account-switcher-phone');
    // Switching reloads the app in the other account.
    await Promise.all([fp.waitForNavigation(), fp.getByRole('menuitem', { name: 'Lola Vega' }).click()]);
    await fp.waitForLoadState('networkidle');
    await fp.goto('/account/settings');
    await expect.poll(() => fp.getByLabel(L('Nombre de la cuenta')).inputValue()).toBe('Lola Vega');

    // The same screens in English.
    const en = await newPage(browser, { locale: 'en-GB' });
    await en.page.goto('/auth/login');
    await en.page.getByRole('heading', { name: 'Log in' }).waitFor();
    await en.page.getByLabel(L('E-mail')).fill(other);
    await en.page.getByLabel(L('Password')).fill('wrong-password');
    await en.page.getByRole('button', { name: 'Log in' }).click();
    await en.page.getByText('Check your e-mail address and password.').waitFor();
    await shot(en.page, 'auth-login-error-english-desktop');

    for (const c of [lola, marta, fresh, en]) await c.context.close();
  });
});
