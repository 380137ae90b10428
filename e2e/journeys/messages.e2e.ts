import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { DESKTOP, dataDir, launch, newPage, PHONE, screenshot } from '../browser.ts';

/**
 * Messages: the organizer writes to the holders of one ticket, sees how many people it reaches, is
 * stopped by the non-promotional acknowledgement, sends, and sees it in the history as sent. The server
 * (no SMTP_URL) writes the e-mails to DATA_DIR/mail, where the journey reads them.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function signedInPage(token: string, viewport = DESKTOP) {
  const { context, page } = await newPage(browser, { viewport });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return { context, page };
}

const mailsTo = (address: string, subject: string) => {
  const dir = path.join(dataDir(), 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(`-${address}.eml`))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((raw) => raw.includes(subject));
};

describe('messages journey', () => {
  it('compose to the holders of one ticket, see the count, send, and find it sent in the history', async () => {
    const token = await registerOrganizer('msg');
    const event = await liveEventWithTicket(token, 'Concierto con aviso', {
      support_email: 'soporte@sala-luna.example',
    });
    const vip = await call<{ id: string; prices: { id: string }[] }>(
      'POST',
      `events/${event.id}/tickets`,
      { name: 'VIP', type: 'PAID', prices: [{ price_cents: 6000, quantity: 10 }] },
      token,
    );
    const card = { provider: 'test', card_number: '4242 4242 4242 4242' };
    await placeOrder(event, { first_name: 'Ana', last_name: 'Ruiz', email: 'ana.msg@example.com' }, 2, card);
    await placeOrder(
      event,
      { first_name: 'Benito', last_name: 'Sanz', email: 'ben.msg@example.com' },
      1,
      card,
    );
    await placeOrder(
      { ...event, ticket: vip },
      { first_name: 'Carla', last_name: 'Vidal', email: 'carla.msg@example.com' },
      1,
      card,
    );

    const { page, context } = await signedInPage(token);
    // Uncaught exceptions only: the refused send below is a 422 the browser logs on purpose.
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/manage/event/${event.id}/messages`);
    await page.getByText('Aún no se ha enviado ningún mensaje').waitFor();
    await page.getByText('Este mensaje llegará a 3 personas.').waitFor();
    await screenshot(page, 'messages-empty');

    // Holders of "General": Ana (two tickets, one address) and Benito.
    await page.getByRole('combobox', { name: 'Destinatarios' }).click();
    await page.getByRole('option', { name: 'Asistentes con ciertas entradas' }).click();
    await page.getByText('Elige a quién enviar el mensaje.').waitFor();
    await page.getByRole('combobox', { name: 'Entradas' }).click();
    await page.getByRole('option', { name: 'General', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByText('Este mensaje llegará a 2 personas.').waitFor();

    const subject = 'Las puertas abren a las 21:00';
    await page.getByLabel(/^Asunto/).fill(subject);
    // Subject and message are both required, and both labels say so.
    await page.locator('label', { hasText: /^Mensaje\s*\*$/ }).waitFor();
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Por obras en la entrada, abrimos una hora más tarde. ¡Os esperamos!');

    // Without the acknowledgement the server refuses (spec §5).
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.getByText('Confirma que el mensaje no es promocional', { exact: false }).first().waitFor();
    await screenshot(page, 'messages-acknowledgement-error');

    await page.getByLabel('Confirmo que este mensaje no es promocional', { exact: false }).check();
    // A test copy to the organizer first: nothing is recorded.
    await page.getByRole('button', { name: 'Enviarme una prueba' }).click();
    await page.getByText(/^Prueba enviada a org-msg-/).waitFor();
    await page.getByText('Aún no se ha enviado ningún mensaje').waitFor();
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.getByText('Mensaje enviado').waitFor();

    const row = page.getByTestId('message-row').filter({ hasText: subject });
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 15_000 }).toMatch(/Enviado/);
    expect(await row.textContent()).toContain('2 de 2 enviados');
    expect(await row.textContent()).toContain('Asistentes con: General');
    await screenshot(page, 'messages-desktop');

    // One e-mail each, replies to the event's support address; Carla (VIP) gets none.
    for (const address of ['ana.msg@example.com', 'ben.msg@example.com']) {
      const mails = mailsTo(address, 'Las puertas abren');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/^Reply-To: soporte@sala-luna\.example$/m);
    }
    expect(mailsTo('carla.msg@example.com', 'Las puertas abren')).toHaveLength(0);

    const phone = await signedInPage(token, PHONE);
    await phone.page.goto(`/manage/event/${event.id}/messages`);
    await phone.page.getByText(subject).filter({ visible: true }).waitFor();
    await phone.page.getByText(subject).filter({ visible: true }).scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'messages-phone');
    await phone.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });
});
