import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api.ts';
import { DESKTOP, launch, newPage, PHONE, screenshot } from '../browser.ts';
import { mailLink } from '../mail.ts';

/**
 * A promoter who runs one brand (issue #25): the admin invites a colleague limited to one of the
 * account's two organizers; the colleague, once in, sees only that organizer's events.
 */
let browser: Browser;
const seen = new Set<string>();
const stamp = Date.now();
const ADMIN = `sala.${stamp}@example.com`;
const PROMOTER = `promotor.${stamp}@example.com`;
const PASSWORD = 'una-contraseña-larga';

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function confirmedAdmin() {
  const { token } = await call<{ token: string }>('POST', 'auth/register', {
    first_name: 'Elena',
    last_name: 'Sala',
    email: ADMIN,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    accept_terms: true,
  });
  const link = await mailLink(ADMIN, '/confirm-email-address/', seen);
  const me = await call<{ id: string }>('GET', 'users/me', undefined, token);
  await call('POST', `users/${me.id}/confirm-email/${link.split('/confirm-email-address/')[1]}`, {}, token);
  return token;
}

describe('team: a member limited to some organizers', () => {
  it('is invited for one organizer and sees only its events', async () => {
    const token = await confirmedAdmin();
    for (const name of ['Sala Norte', 'Sala Sur']) {
      const organizer = await call<{ id: string }>('POST', 'organizers', { name }, token);
      await call(
        'POST',
        'events',
        {
          name: `Concierto en ${name}`,
          organizer_id: organizer.id,
          start_date: new Date(Date.now() + 21 * 86400_000).toISOString(),
        },
        token,
      );
    }

    const admin = await newPage(browser, { viewport: DESKTOP });
    await admin.context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = admin.page;
    await page.goto('/account/users');
    await page.getByRole('button', { name: 'Invitar usuario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Nombre/).fill('Pau');
    await dialog.getByLabel(/^Apellidos/).fill('Promotor');
    await dialog.getByLabel(/^Correo electrónico/).fill(PROMOTER);
    await dialog.getByRole('radio', { name: 'Organizador', exact: true }).check();
    await dialog.getByRole('radio', { name: 'Solo algunos organizadores' }).check();
    // None chosen yet: the form says so instead of inviting for every organizer.
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await dialog.getByText('Elige al menos un organizador.').waitFor();
    await dialog.getByLabel(/Organizadores de este usuario/).click();
    await page.getByRole('option', { name: 'Sala Norte' }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'team-invite-limited-desktop');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText(`Invitación enviada a ${PROMOTER}.`).waitFor();
    await page.getByText('Solo Sala Norte').first().waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'team-users-limited-phone');

    const invitation = await mailLink(PROMOTER, '/auth/accept-invitation/', seen);
    const promoter = await newPage(browser, { viewport: PHONE });
    const pp = promoter.page;
    await pp.goto(invitation);
    await pp.getByLabel(/^Contraseña/).fill('clave-del-promotor');
    await pp.getByLabel(/^Repite la contraseña/).fill('clave-del-promotor');
    await pp.getByLabel(/Acepto los términos/).check();
    await pp.getByRole('button', { name: 'Aceptar invitación' }).click();
    await pp.waitForURL('**/manage/events');
    await pp.getByText('Concierto en Sala Norte').first().waitFor();
    expect(await pp.getByText('Concierto en Sala Sur').count()).toBe(0);
    await screenshot(pp, 'team-limited-member-events-phone');

    await admin.context.close();
    await promoter.context.close();
  });
});
