import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { seriousViolations } from '../axe.ts';
import { baseUrl, launch, newPage, openEventPage, PHONE, screenshot } from '../browser.ts';
import { mailLink } from '../mail.ts';

/**
 * Every public page in an organizer's hard colours (issue 24), on a 360 px phone: no serious or critical
 * axe-core violation (WCAG 2.1 A/AA: contrast, names, target sizes) — the event page, the checkout's
 * details and payment, the order page and its print sheet, the ticket, its print sheet and its forms,
 * the widget on a foreign site (its colours from the embed code, its checkout inside the frame), «¿Has
 * perdido tus entradas?» and its result, the organizer's page, the accessibility statement, the privacy
 * notice and the error pages. The pages adjust the colours they are given until they read.
 */
const PHONE_360 = { ...PHONE, width: 360 };
const buyer = { first_name: 'Lucía', last_name: 'Martín', email: 'lucia.colores@example.com' };
const COLOUR_SETS = {
  /** A very light main colour on a dark background, light-grey text. */
  dark: { primary: '#fff3bf', background: '#1a1a2e', text: '#ced4da' },
  /** A very light main colour on white, pale text. */
  light: { primary: '#ffec99', background: '#ffffff', text: '#dee2e6' },
};

let foreign: Server;
let foreignUrl = '';
const sitePages = new Map<string, string>();

function startForeignSite(): Promise<void> {
  foreign = createServer((req, res) => {
    const html = sitePages.get(req.url ?? '');
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

/** An organizer's own page with the snippet, itself accessible so that axe speaks of the frame only. */
const sitePage = (snippet: string) => `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sala Luna</title></head>
<body style="margin:0;font-family:sans-serif"><main><h1>Sala Luna</h1>${snippet}
<script src="${baseUrl()}/widget.js" async></script></main></body></html>`;

async function taquillaFrame(page: Page, path: string): Promise<Frame> {
  for (let i = 0; i < 150; i++) {
    const frame = page.frames().find((f) => f.url().startsWith(`${baseUrl()}${path}`));
    if (frame) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error(`no frame of ${path}`);
}

async function expectAccessible(page: Page, name: string) {
  // The page at rest: no control hovered where the last click left the pointer.
  await page.mouse.move(0, 0);
  await screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

/** An event in the colours, with a paid order of two tickets whose holders may change them. */
async function scenario(tag: string, colors: (typeof COLOUR_SETS)[keyof typeof COLOUR_SETS]) {
  const token = await registerOrganizer(`colours-${tag}`);
  const event = await liveEventWithTicket(token, `Boleros en color ${tag}`, {
    payment_providers: ['test'],
    colors,
    attendee_edits_allowed: true,
    transfers_allowed: true,
  });
  const email = `${tag}.${buyer.email}`;
  const paid = await placeOrder(event, { ...buyer, email }, 2, {
    provider: 'test',
    card_number: '4242424242424242',
  });
  const order = await call<{ attendees: { short_id: string }[] }>(
    'GET',
    `public/events/${event.id}/order/${paid.short_id}`,
  );
  return { tag, colors, event, email, paid, attendee: order.attendees[0]?.short_id ?? '' };
}

/** The event page, the checkout's details and payment (with their errors), the order and the ticket. */
async function eventAndCheckout(page: Page, { tag, event, paid, attendee }: Scenario) {
  const shot = (step: string) => `colours-${tag}-${step}`;
  await openEventPage(page, `/e/${event.id}/${event.slug}`);
  await expectAccessible(page, shot('event'));
  // A choice made: the stepper and the total.
  await page.getByRole('button', { name: 'Añadir una: General' }).click();
  await expectAccessible(page, shot('event-selected'));
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await page.waitForURL(/\/details$/);
  await page.getByTestId('countdown').waitFor();
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
  await expectAccessible(page, shot('details'));
  await page.locator('form button[type="submit"]').click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
  await expectAccessible(page, shot('details-errors'));
  await page.getByLabel('Nombre').first().fill('Pablo');
  await page.getByLabel('Apellidos').first().fill('Ruiz');
  await page.getByLabel('Correo electrónico', { exact: false }).first().fill('pablo@example.com');
  await page.getByLabel('Confirma el correo electrónico').fill('pablo@example.com');
  await page.getByRole('button', { name: 'Usar mis datos' }).click();
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
  await page.waitForURL(/\/payment$/);
  await page.getByTestId('test-mode').waitFor();
  await expectAccessible(page, shot('payment'));
  // A declined card: the error on the page.
  await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await page.getByRole('alert').filter({ hasText: 'El pago no se ha completado' }).waitFor();
  await expectAccessible(page, shot('payment-declined'));

  await page.goto(`/checkout/${event.id}/${paid.short_id}/summary`);
  await page.getByTestId('summary-attendee').first().waitFor();
  await expectAccessible(page, shot('order'));
  await page.goto(`/order/${event.id}/${paid.short_id}/print`);
  await page.getByTestId('ticket-qr').nth(1).waitFor();
  await expectAccessible(page, shot('order-print'));
  await page.goto(`/ticket/${event.id}/${attendee}`);
  await page.getByTestId('ticket-qr').waitFor();
  await expectAccessible(page, shot('ticket'));
  await page.goto(`/ticket/${event.id}/${attendee}/print`);
  await page.getByTestId('ticket-qr').waitFor();
  await expectAccessible(page, shot('ticket-print'));
}

async function ticketForms(page: Page, { tag, event, attendee }: Scenario) {
  const shot = (step: string) => `colours-${tag}-${step}`;
  // The ticket's forms, open, and the page that answers one.
  await page.goto(`/ticket/${event.id}/${attendee}`);
  await page.getByText('Cambiar el nombre o las respuestas').click();
  await page.getByText('Transferir la entrada').click();
  await expectAccessible(page, shot('ticket-forms'));
  await page.locator('form[action$="/holder"] input[name="first_name"]').fill('Lucía Isabel');
  await page.getByRole('button', { name: 'Guardar los cambios' }).click();
  await page.getByTestId('page-notice').waitFor();
  await expectAccessible(page, shot('ticket-form-answer'));
}

async function findTickets(page: Page, { tag, event, email }: Scenario) {
  const shot = (step: string) => `colours-${tag}-${step}`;
  // «¿Has perdido tus entradas?»: the form, its answer, the e-mailed link and the list it opens.
  await page.goto(`/find-tickets/${event.id}`);
  await expectAccessible(page, shot('find-tickets'));
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await page.getByRole('status').or(page.getByRole('alert')).first().waitFor();
  await expectAccessible(page, shot('find-tickets-sent'));
  await page.goto(await mailLink(email, '/find-tickets/', new Set()));
  await expectAccessible(page, shot('find-tickets-open'));
  await page.getByTestId('open-link').click();
  await page.getByTestId('found-orders').waitFor();
  await expectAccessible(page, shot('find-tickets-found'));
}

async function organizerAndNotices(page: Page, { tag, event }: Scenario) {
  const shot = (step: string) => `colours-${tag}-${step}`;
  // The organizer's page, the accessibility statement and the privacy notice, reached by their links.
  await openEventPage(page, `/e/${event.id}/${event.slug}`);
  await page.getByRole('link', { name: 'Sala Luna' }).first().click();
  await page.waitForURL(/\/o\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: 'Sala Luna' }).waitFor();
  await expectAccessible(page, shot('organizer'));
  await page.goto(`/e/${event.id}/${event.slug}`);
  await page.getByRole('link', { name: 'Privacidad' }).click();
  await page.waitForURL(/\/privacy/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expectAccessible(page, shot('privacy'));
  await page.goto('/accessibility');
  await page.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' }).waitFor();
  await expectAccessible(page, shot('accessibility'));
}

async function errorPages(page: Page, { tag, event }: Scenario) {
  const shot = (step: string) => `colours-${tag}-${step}`;
  // Error pages: an unknown address, an unknown event, an unknown ticket, an unknown order.
  for (const [name, path] of [
    ['not-found', '/no-such-page'],
    ['event-unknown', '/e/00000000-0000-4000-8000-000000000000'],
    ['ticket-unknown', `/ticket/${event.id}/a_doesnotexist`],
    ['order-unknown', `/checkout/${event.id}/o_doesnotexist/summary`],
  ] as const) {
    await page.goto(path);
    await page.getByRole('heading').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, shot(name));
  }
}

async function widgetAndItsCheckout(page: Page, { tag, event, colors }: Scenario) {
  const shot = (step: string) => `colours-${tag}-${step}`;
  // The widget on the organizer's own site, its colours from the embed code, checkout in the frame.
  sitePages.set(
    `/${tag}`,
    sitePage(
      `<div data-taquilla-event="${event.id}" data-primary-color="${colors.primary}" data-background-color="${colors.background}" data-text-color="${colors.text}"></div>`,
    ),
  );
  await page.goto(`${foreignUrl}/${tag}`);
  const widget = await taquillaFrame(page, `/widget/${event.id}`);
  await widget.locator('html[data-page-ready]').waitFor({ state: 'attached' });
  await widget.getByRole('button', { name: 'Añadir una: General' }).click();
  await expectAccessible(page, shot('widget'));
  await widget.getByRole('button', { name: 'Continuar', exact: true }).click();
  const checkout = await taquillaFrame(page, `/widget/${event.id}/checkout/`);
  await checkout.waitForURL(/\/details(\?.*)?$/);
  await checkout.getByTestId('countdown').waitFor();
  await checkout.locator('html[data-page-ready]').waitFor({ state: 'attached' });
  await expectAccessible(page, shot('widget-details'));
  await checkout.getByLabel('Nombre').first().fill('Pablo');
  await checkout.getByLabel('Apellidos').first().fill('Ruiz');
  await checkout.getByLabel('Correo electrónico', { exact: false }).first().fill('pablo@example.com');
  await checkout.getByLabel('Confirma el correo electrónico').fill('pablo@example.com');
  await checkout.getByRole('button', { name: 'Usar mis datos' }).click();
  await checkout.getByRole('button', { name: 'Continuar al pago' }).click();
  await checkout.waitForURL(/\/payment(\?.*)?$/);
  await checkout.getByTestId('test-mode').waitFor();
  await expectAccessible(page, shot('widget-payment'));
  await checkout.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await checkout.getByRole('button', { name: /^Pagar/ }).click();
  await checkout.waitForURL(/\/summary(\?.*)?$/);
  await checkout.getByTestId('summary-attendee').first().waitFor();
  await expectAccessible(page, shot('widget-summary'));
}

describe('public pages in an organizer’s hard colours', () => {
  let browser: Browser;
  beforeAll(async () => {
    await startForeignSite();
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => foreign.close(r));
  });

  describe('a very light main colour on a dark background', () => {
    let data: Scenario;
    let page: Page;
    let context: BrowserContext;
    beforeAll(async () => {
      data = await scenario('dark', COLOUR_SETS.dark);
      ({ page, context } = await newPage(browser, { viewport: PHONE_360 }));
    });
    afterAll(() => context?.close());

    it('the event page, the checkout, the order and the ticket pass axe', () => eventAndCheckout(page, data));
    it('the ticket’s forms and «¿Has perdido tus entradas?» pass axe', async () => {
      await ticketForms(page, data);
      await findTickets(page, data);
    });
    it('the organizer page, the statement, the privacy notice and the error pages pass axe', async () => {
      await organizerAndNotices(page, data);
      await errorPages(page, data);
    });
    it('the widget and its checkout pass axe', () => widgetAndItsCheckout(page, data));
  });

  // The event's pages and checkout in light colours are public-pages.e2e.ts's case; here what it lacks.
  it(`the ticket's forms and the widget pass axe in a very light main colour on white`, async () => {
    const data = await scenario('light', COLOUR_SETS.light);
    const { page, context } = await newPage(browser, { viewport: PHONE_360 });
    await ticketForms(page, data);
    await widgetAndItsCheckout(page, data);
    await context.close();
  });
});
