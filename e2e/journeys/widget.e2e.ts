import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readableColor } from '@taquilla/shared/contrast';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, registerOrganizer } from '../api.ts';
import { baseUrl, DESKTOP, launch, newPage, PHONE, screenshot } from '../browser.ts';

/**
 * The embeddable widget (issue 12): an organizer's own site — a page served from another origin (its own
 * port) — pastes the snippet; the iframe sizes itself to its content, a buyer buys with the test card
 * inside the frame and sees the summary there. That same foreign page cannot frame the event page or
 * the back office, and once the organizer lists allowed sites, not the widget either.
 */
let foreign: Server;
let foreignUrl = '';
const pages = new Map<string, string>();
/** The snippet's #e8590c as its buttons show it: darkened until their white text reads at 4.5:1. */
const SNIPPET_ORANGE = (() => {
  const hex = readableColor('#e8590c', '#ffffff');
  return `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
})();

function startForeignSite(): Promise<void> {
  foreign = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  return new Promise((resolve) =>
    foreign.listen(0, '127.0.0.1', () => {
      foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

const sitePage = (body: string) => `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sala Luna</title>
<style>body{font-family:sans-serif;margin:0;background:#f1f3f5}header,footer{background:#1b2a3a;color:#fff;padding:16px}
main{max-width:640px;margin:0 auto;padding:16px}</style></head>
<body><header><strong>Sala Luna</strong> · Programación</header><main>${body}</main>
<footer>Sala Luna · Calle Mayor 1, Madrid</footer></body></html>`;

/** The frame of a Taquilla page inside the foreign page, once it has a document. */
async function taquillaFrame(page: Page, path: string): Promise<Frame> {
  for (let i = 0; i < 100; i++) {
    const frame = page.frames().find((f) => f.url().startsWith(`${baseUrl()}${path}`));
    if (frame) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error(`no frame of ${path}`);
}

async function frameHeight(page: Page): Promise<number> {
  return page
    .locator('iframe')
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);
}

/** Waits until the iframe's height equals the height of the document it shows (within 2 px). */
async function expectSizedToContent(page: Page, frame: Frame) {
  await expect
    .poll(
      async () => {
        const content = await frame.evaluate(() => document.body.getBoundingClientRect().height);
        return Math.abs((await frameHeight(page)) - content);
      },
      { timeout: 15_000 },
    )
    .toBeLessThanOrEqual(2);
}

describe('embeddable widget', () => {
  let browser: Browser;
  let token = '';
  let event: Awaited<ReturnType<typeof liveEventWithTicket>>;
  beforeAll(async () => {
    await startForeignSite();
    browser = await launch();
    token = await registerOrganizer('widget');
    event = await liveEventWithTicket(token, 'Jazz en la Sala Luna');
    pages.set(
      '/entradas',
      sitePage(`<h1>Jazz en la Sala Luna</h1><p>Compra tus entradas aquí mismo:</p>
<div data-taquilla-event="${event.id}" data-button-text="Comprar entradas" data-primary-color="#e8590c" data-padding="12"></div>
<script src="${baseUrl()}/widget.js" async></script>`),
    );
    pages.set(
      '/fijo',
      sitePage(`<div data-taquilla-event="${event.id}" data-auto-resize="false" data-height="480" data-locale="en"></div>
<script src="${baseUrl()}/widget.js" async></script>`),
    );
    pages.set(
      '/robado',
      sitePage(`<iframe id="event" src="${baseUrl()}/e/${event.id}/${event.slug}" style="width:100%;height:300px"></iframe>
<iframe id="manage" src="${baseUrl()}/manage/events" style="width:100%;height:300px"></iframe>`),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => foreign.close(r));
  });

  it('the snippet frames the widget on a foreign site, which resizes and sells with the test card inside the frame (phone)', async () => {
    const { page } = await newPage(browser, { viewport: PHONE });
    page.setDefaultTimeout(60_000);
    // Every script the frame loads before it is ready, as sent over the wire (gzip by the server).
    const scripts: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.url().startsWith(`${baseUrl()}/assets/`) && res.request().resourceType() === 'script') {
        scripts.push(
          res
            .request()
            .sizes()
            .then((s) => s.responseBodySize),
        );
      }
    });
    await page.goto(`${foreignUrl}/entradas`);
    const frame = await taquillaFrame(page, `/widget/${event.id}`);
    await frame.locator('html[data-page-ready]').waitFor({ state: 'attached' });
    const initialJs = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    console.log(
      `widget: initial JavaScript ${(initialJs / 1024).toFixed(1)} KB over the wire (${scripts.length} files)`,
    );
    expect(initialJs).toBeGreaterThan(0);
    expect(initialJs).toBeLessThanOrEqual(120 * 1024);
    await frame.getByText('Jazz en la Sala Luna').waitFor();
    // The test provider only: the banner says so inside the frame too.
    await frame.getByTestId('test-mode-banner').waitFor();
    // The snippet's options reached the frame: the button text and the colour.
    const buy = frame.getByRole('button', { name: 'Comprar entradas' });
    await buy.waitFor();
    expect(await frameHeight(page)).not.toBe(600);
    await expectSizedToContent(page, frame);
    await screenshot(page, 'widget-foreign-phone');

    const add = frame.getByRole('button', { name: 'Añadir una: General' });
    await add.click();
    await add.click();
    expect(await frame.getByTestId('selector-total').textContent()).toMatch(/50,00\s€/);
    expect(await buy.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(SNIPPET_ORANGE);
    await buy.click();

    // Details, payment and summary: the checkout steps run inside the same frame; the site stays put.
    const details = await taquillaFrame(page, `/widget/${event.id}/checkout/`);
    await details.waitForURL(/\/widget\/[^/]+\/checkout\/[^/]+\/details(\?.*)?$/);
    await details.getByTestId('countdown').waitFor();
    // The step is rendered by the server; the form is the script's once the page says so.
    await details.locator('html[data-page-ready]').waitFor({ state: 'attached' });
    await details.getByLabel('Nombre').first().fill('Lucía');
    await details.getByLabel('Apellidos').first().fill('Martín');
    await details.getByLabel('Correo electrónico', { exact: false }).first().fill('lucia@example.com');
    await details.getByLabel('Confirma el correo electrónico').fill('lucia@example.com');
    const blocks = details.getByTestId('attendee-block');
    await blocks.nth(0).getByRole('button', { name: 'Usar mis datos' }).click();
    await blocks.nth(1).getByLabel('Nombre').fill('Pablo');
    await blocks.nth(1).getByLabel('Apellidos').fill('Ruiz');
    await blocks.nth(1).getByLabel('Correo electrónico').fill('pablo@example.com');
    // The checkout's light page in the frame keeps the snippet's colour.
    const next = details.getByRole('button', { name: 'Continuar al pago' });
    expect(await next.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(SNIPPET_ORANGE);
    await next.click();
    await details.waitForURL(/\/payment$/);
    await details.getByTestId('test-mode').waitFor();
    await details.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await details.getByRole('button', { name: /^Pagar/ }).click();
    await details.waitForURL(/\/widget\/[^/]+\/checkout\/[^/]+\/summary$/);
    await details.getByRole('heading', { name: '¡Gracias por tu pedido!' }).waitFor();
    expect(await details.locator('[data-status]').first().getAttribute('data-status')).toBe('COMPLETED');
    expect(page.url()).toBe(`${foreignUrl}/entradas`);
    await expectSizedToContent(page, details);
    await screenshot(page, 'widget-foreign-phone-summary');
    // A ticket opens in Taquilla's own tab (only the widget may be framed), in test mode like the rest.
    const [ticketTab] = await Promise.all([
      page.context().waitForEvent('page'),
      details.getByRole('link', { name: 'Ver entrada' }).first().click(),
    ]);
    await ticketTab.waitForURL(new RegExp(`^${baseUrl()}/ticket/${event.id}/[^/]+$`));
    await ticketTab.getByTestId('ticket-qr').waitFor();
    await ticketTab.getByTestId('test-mode-banner').waitFor();
    await ticketTab.close();

    const shortId = details.url().split('/').at(-2) ?? '';
    const order = await call<{ status: string; total_cents: number }>(
      'GET',
      `public/events/${event.id}/order/${shortId}`,
    );
    expect(order).toMatchObject({ status: 'COMPLETED', total_cents: 5000 });
  });

  it('with auto-resize off the frame keeps the height asked for; data-locale picks the language', async () => {
    const { page } = await newPage(browser, { viewport: PHONE });
    await page.goto(`${foreignUrl}/fijo`);
    const frame = await taquillaFrame(page, `/widget/${event.id}`);
    await frame.getByRole('button', { name: 'Continue' }).waitFor();
    await frame.getByText('Test mode: no real money is charged').waitFor();
    await page.waitForTimeout(500);
    expect(await frameHeight(page)).toBe(480);
  });

  it('the same foreign page cannot frame the event page or the back office', async () => {
    const { page } = await newPage(browser, { viewport: DESKTOP });
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/violates the following Content Security Policy directive: "frame-ancestors/.test(m.text()))
        refused.push(m.text());
    });
    await page.goto(`${foreignUrl}/robado`);
    await expect.poll(() => refused.length, { timeout: 15_000 }).toBe(2);
    expect(refused.join('\n')).toContain("frame-ancestors 'self'");
    for (const path of [`/e/${event.id}`, '/manage/events']) {
      expect(page.frames().some((f) => f.url().startsWith(`${baseUrl()}${path}`))).toBe(false);
    }
  });

  it('on a phone and a desktop the colour fields of the settings page show their whole placeholder', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newPage(browser, { viewport });
      await context.addInitScript((t) => localStorage.setItem('token', t), token);
      await page.goto(`/manage/event/${event.id}/widget`);
      await page.getByRole('heading', { name: 'Widget' }).waitFor();
      for (const label of ['Color principal', 'Fondo', 'Texto']) {
        const input = page.getByRole('textbox', { name: label, exact: true });
        // The placeholder's text against the room the input leaves for it (its sections take the padding).
        const { text, room } = await input.evaluate((el) => {
          const field = el as HTMLInputElement;
          const style = getComputedStyle(field);
          const ctx = document.createElement('canvas').getContext('2d');
          if (!ctx) throw new Error('no canvas');
          ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
          return { text: ctx.measureText(field.placeholder).width, room: field.clientWidth - padding };
        });
        expect(text, `${label} at ${viewport.width}px`).toBeLessThanOrEqual(room);
      }
      await screenshot(page, `widget-settings-colours-${viewport.width}`);
      await context.close();
    }
  });

  it('with allowed sites set on the settings page, only those may frame the widget', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    page.setDefaultTimeout(60_000);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto(`/manage/event/${event.id}/widget`);
    await page.getByRole('heading', { name: 'Widget' }).waitFor();
    const preview = page.frameLocator('[data-testid="widget-preview"]');
    await preview.getByRole('button', { name: 'Continuar' }).waitFor();
    await page.getByLabel('Texto del botón').fill('Reservar');
    await preview.getByRole('button', { name: 'Reservar' }).waitFor();
    expect(await page.getByTestId('widget-snippet').textContent()).toContain(
      `data-taquilla-event="${event.id}" data-button-text="Reservar"`,
    );

    // A bad origin is refused with the server's message; a good one is saved.
    // Several lines, two wrong: each error names its line and what was typed there.
    await page
      .getByLabel('Sitios que pueden mostrar el widget')
      .fill('https://buena.example\nmisala.es\n\nhttps://otra.example/entradas');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(/^Línea 2 \(«misala\.es»\): Escribe solo el origen del sitio/).waitFor();
    await page
      .getByText(/^Línea 4 \(«https:\/\/otra\.example\/entradas»\): Escribe solo el origen/)
      .waitFor();
    await screenshot(page, 'widget-settings-error');
    await page.getByLabel('Sitios que pueden mostrar el widget').fill('https://otra-sala.example');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Ajustes del widget guardados').waitFor();
    await screenshot(page, 'widget-settings');
    // The preview on Taquilla itself still works ('self' is always allowed).
    await preview.getByRole('button', { name: 'Reservar' }).waitFor();

    // Now the foreign page is not among the allowed sites: its frame is refused.
    const site = await browser.newPage();
    const refused: string[] = [];
    site.on('console', (m) => {
      if (/violates the following Content Security Policy directive: "frame-ancestors/.test(m.text()))
        refused.push(m.text());
    });
    await site.goto(`${foreignUrl}/entradas`);
    await expect.poll(() => refused.length, { timeout: 15_000 }).toBe(1);
    expect(refused[0]).toContain('https://otra-sala.example');
    // Listing it lets it in again.
    await call(
      'PUT',
      `events/${event.id}/widget`,
      {
        ...(await call<Record<string, unknown>>('GET', `events/${event.id}/widget`, undefined, token)),
        allowed_origins: ['https://otra-sala.example', foreignUrl],
      },
      token,
    );
    await site.reload();
    const frame = await taquillaFrame(site, `/widget/${event.id}`);
    await frame.getByRole('button', { name: 'Comprar entradas' }).waitFor();
    await site.close();
  });
});
