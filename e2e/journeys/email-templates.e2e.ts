import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { baseUrl, DESKTOP, dataDir, launch, newPage, screenshot } from '../browser.ts';

/**
 * E-mails in the organizer's words: the organizer writes the confirmation's subject and opening text in
 * Spanish with the placeholder buttons (mouse and keyboard), sees them in the server-rendered preview,
 * saves, sends a test to themself, and a buyer's real confirmation (.eml under DATA_DIR/mail) carries them.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The raw .eml files written to `address` whose text holds `fragment` (quoted-printable soft breaks undone). */
const mailsTo = (address: string, fragment: string) => {
  const dir = path.join(dataDir(), 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(`-${address}.eml`))
    .map((f) => decode(readFileSync(path.join(dir, f), 'utf8')))
    .filter((raw) => raw.includes(fragment));
};

function decode(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

async function waitForMail(address: string, fragment: string) {
  for (let i = 0; i < 100; i++) {
    const [mail] = mailsTo(address, fragment);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${address} with «${fragment}»`);
}

/**
 * The token for the app's frame only: init scripts run in every frame, and the preview's sandboxed frame
 * may not touch localStorage.
 */
const signIn = (context: BrowserContext, token: string) =>
  context.addInitScript((t) => {
    if (window === window.top) localStorage.setItem('token', t);
  }, token);

const preview = (page: Page) => page.frameLocator('iframe[title="Vista previa del correo"]');

describe('email templates journey', () => {
  it('writes the confirmation, previews it, tests it, and a real purchase carries it', async () => {
    const token = await registerOrganizer('emails');
    const me = await call<{ email: string }>('GET', 'users/me', undefined, token);
    const event = await liveEventWithTicket(token, 'Jazz en la azotea');
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await signIn(context, token);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto('/account/emails');
    await page.getByRole('tab', { name: 'Correos' }).waitFor();
    // Before any text: the built-in confirmation, rendered by the server for a sample buyer.
    await preview(page).getByText('Hola Ana, gracias por tu compra.', { exact: false }).waitFor();

    const subject = page.getByRole('textbox', { name: 'Asunto' });
    await subject.fill('Te esperamos en ');
    await page.getByRole('button', { name: '{event_name}' }).click();
    await expect.poll(() => subject.inputValue()).toBe('Te esperamos en {event_name}');
    const intro = page.getByRole('textbox', { name: 'Texto de apertura' });
    await intro.fill('¡Hola ');
    await page.getByRole('button', { name: '{buyer_name}' }).click();
    await intro.press('End');
    await intro.pressSequentially('! Trae tu sonrisa <b>y</b> tu entrada.');
    // The keyboard alone: from the footer, Tab reaches the first placeholder and Enter inserts it there.
    const footer = page.getByRole('textbox', { name: 'Pie' });
    await footer.fill('Un saludo, ');
    await footer.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => footer.inputValue()).toBe('Un saludo, {buyer_name}');
    await footer.fill('Un saludo de {organizer_name}.');

    // The preview follows the typing: placeholders filled for the sample order, markup shown as text.
    await preview(page).getByText('¡Hola Ana García! Trae tu sonrisa <b>y</b> tu entrada.').waitFor();
    await page.getByTestId('preview-subject').getByText('Te esperamos en Concierto de ejemplo').waitFor();
    await screenshot(page, 'email-templates-account');

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Texto guardado.').waitFor();
    await page.getByRole('button', { name: 'Enviar prueba' }).click();
    await page.getByText(`Correo de prueba enviado a ${me.email}.`).waitFor();
    const test = await waitForMail(me.email, '[Prueba] Te esperamos en Concierto de ejemplo');
    expect(test).toContain('Trae tu sonrisa');

    // A real purchase in Spanish: the confirmation carries the organizer's words around the platform's parts.
    const buyer = { first_name: 'Lucía', last_name: 'Vera', email: `lucia.${Date.now()}@example.com` };
    await placeOrder(event, buyer, 1, { provider: 'test', card_number: '4242 4242 4242 4242' });
    const real = await waitForMail(buyer.email, 'Trae tu sonrisa');
    expect(real).toMatch(/^Subject: Te esperamos en Jazz en la azotea$/m);
    expect(real).toContain('¡Hola Lucía Vera! Trae tu sonrisa &lt;b&gt;y&lt;/b&gt; tu entrada.');
    expect(real).toContain('Un saludo de Sala Luna.');
    expect(real).toContain('Enviado por Taquilla en nombre de Sala Luna.');
    expect(real).toMatch(/Content-Type: image\/png/);
    expect(real).toContain('/summary');

    // The event's own screen shows the account's words as what applies where it has none.
    await page.goto(`/manage/event/${event.id}/emails`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Asunto' }).getAttribute('placeholder'))
      .toBe('Te esperamos en {event_name}');
    await preview(page).getByText('¡Hola Ana García! Trae tu sonrisa', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 360 px phone', async () => {
    const token = await registerOrganizer('emails-phone');
    const event = await liveEventWithTicket(token, 'Jazz en el móvil');
    const { context, page } = await newPage(browser, { viewport: { width: 360, height: 780 } });
    await signIn(context, token);
    await page.goto(`/manage/event/${event.id}/emails`);
    await preview(page).getByText('gracias por tu compra', { exact: false }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'email-templates-event-phone');
    await context.close();
  });

  it('the ticket page buttons are whole on a 360 px phone in Catalan', async () => {
    const token = await registerOrganizer('emails-ticket');
    const event = await liveEventWithTicket(token, 'Jazz al terrat');
    const buyer = { first_name: 'Pau', last_name: 'Vidal', email: `pau.${Date.now()}@example.com` };
    await placeOrder(event, buyer, 1, { provider: 'test', card_number: '4242 4242 4242 4242' });
    const [attendee] = await call<{ short_id: string }[]>(
      'GET',
      `events/${event.id}/attendees`,
      undefined,
      token,
    );
    const { context, page } = await newPage(browser, { viewport: { width: 360, height: 780 } });
    await context.addCookies([{ name: 'locale', value: 'ca', url: baseUrl() }]);
    await page.goto(`/ticket/${event.id}/${attendee?.short_id}`);
    const calendar = page.getByRole('link', { name: 'Afegeix al calendari' });
    await calendar.waitFor();
    // No label is cut: each button's text fits inside it, and nothing scrolls sideways.
    for (const link of [calendar, page.getByRole('link', { name: 'Imprimeix' })]) {
      const cut = await link.evaluate((el) => {
        const label = el.querySelector('.mantine-Button-label') ?? el;
        return label.scrollWidth - label.clientWidth;
      });
      expect(cut).toBeLessThanOrEqual(0);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'ticket-page-ca-360');
    await context.close();
  });
});
