import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import {
  collectErrors,
  DESKTOP,
  dataDir,
  launch,
  newPage,
  openEventPage,
  PHONE,
  screenshot,
} from '../browser.ts';

/**
 * The waiting list: a phone buyer joins the list of a sold-out ticket, the organizer cancels an order, the offer
 * e-mail (.eml written by the real server's job worker) links to the checkout with the unit held, and
 * the buyer pays with the test card. The organizer's list, desktop and phone; the leave link.
 */
const BUYER = `nuria.${Date.now()}@example.com`;
const OTHER = `jordi.${Date.now()}@example.com`;

/** Waits for the e-mail to `to` whose link contains `fragment`. */
async function mailLink(to: string, fragment: string): Promise<string> {
  const dir = path.join(dataDir(), 'mail');
  for (let i = 0; i < 150; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith(`${to}.eml`));
    } catch {
      // no mail yet
    }
    for (const file of files.sort()) {
      const raw = readFileSync(path.join(dir, file), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
      const link = Buffer.from(raw, 'latin1')
        .toString('utf8')
        .match(/https?:\/\/[^\s"'<>]+/g)
        ?.find((l) => l.includes(fragment));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} with ${fragment}`);
}

describe('waiting list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('a phone buyer joins a sold-out ticket, gets the offer by e-mail and pays', async () => {
    const token = await registerOrganizer('waitlist');
    const event = await liveEventWithTicket(token, 'Jazz en la azotea', { payment_providers: ['test'] });
    const general = {
      name: 'General',
      type: 'PAID',
      max_per_order: 6,
      waitlist_enabled: true,
      prices: [{ id: at(event.ticket.prices, 0).id, price_cents: 2500, quantity: 1 }],
    };
    await call('PUT', `events/${event.id}/tickets/${event.ticket.id}`, general, token);
    await placeOrder(event, { first_name: 'Pau', last_name: 'Soler', email: 'pau@example.com' }, 1, {
      provider: 'test',
      card_number: '4242 4242 4242 4242',
    });

    // The organizer's empty list first.
    const org = await newPage(browser, { viewport: DESKTOP });
    await org.context.addInitScript((t) => localStorage.setItem('token', t), token);
    await org.page.goto(`/manage/event/${event.id}/waitlist`);
    await org.page.getByText('Nadie espera todavía').waitFor();
    await screenshot(org.page, 'waitlist-organizer-empty');

    // The buyer, on a phone: the ticket is sold out and offers the waiting list.
    const { page } = await newPage(browser, { viewport: PHONE });
    const errors = collectErrors(page);
    await openEventPage(page, `/e/${event.id}/${event.slug}`);
    await page.getByText('Agotadas').waitFor();
    await page.getByRole('button', { name: 'Apuntarme a la lista de espera' }).click();
    await page.getByRole('button', { name: 'Apuntarme', exact: true }).click();
    // Nothing filled: the server's translated messages.
    await page.getByRole('alert').waitFor();
    await screenshot(page, 'waitlist-join-errors-phone');
    await page.getByLabel('Nombre').fill('Núria');
    // Editing a field takes the summary away with the field's own error.
    await page.getByRole('alert').waitFor({ state: 'detached' });
    await page.getByLabel('Correo electrónico').fill(BUYER);
    await page.getByTestId('waitlist-consent').check();
    await screenshot(page, 'waitlist-join-phone');
    await page.getByRole('button', { name: 'Apuntarme', exact: true }).click();
    await page.getByTestId('waitlist-joined').waitFor();
    await screenshot(page, 'waitlist-joined-phone');
    // The one expected failure: the empty form's 422.
    expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    expect(await mailLink(BUYER, '/waitlist/leave/')).toContain('/waitlist/leave/');

    // A second person joins and leaves through the link of the confirmation e-mail.
    await call('POST', `public/events/${event.id}/waitlist`, {
      ticket_id: event.ticket.id,
      first_name: 'Jordi',
      email: OTHER,
      quantity: 2,
      consent: true,
    });
    const leave = await newPage(browser, { viewport: PHONE });
    await leave.page.goto(await mailLink(OTHER, '/waitlist/leave/'));
    await leave.page.getByRole('button', { name: 'Salir de la lista' }).click();
    await leave.page.getByTestId('waitlist-left').waitFor();
    await screenshot(leave.page, 'waitlist-left-phone');

    await org.page.reload();
    await org.page.getByTestId('waitlist-row').first().waitFor();
    expect(await org.page.getByTestId('waitlist-row').count()).toBe(2);
    await screenshot(org.page, 'waitlist-organizer-list');

    // The organizer cancels Pau's order: its unit comes back and the job offers it to the first in the list.
    const [sold] = await call<{ id: string; email: string }[]>(
      'GET',
      `events/${event.id}/orders`,
      undefined,
      token,
    );
    expect(sold?.email).toBe('pau@example.com');
    await call('POST', `events/${event.id}/orders/${sold?.id}/cancel`, { notify_buyer: false }, token);
    const offer = await mailLink(BUYER, '/checkout/');
    expect(offer).toMatch(new RegExp(`/checkout/${event.id}/o_[A-Za-z0-9]+/details$`));
    // Held for the offer: the public page says sold out to everyone else.
    const stranger = await newPage(browser, { viewport: PHONE });
    await openEventPage(stranger.page, `/e/${event.id}/${event.slug}`);
    await stranger.page.getByText('Agotadas').waitFor();

    await page.goto(offer);
    await page.getByLabel('Nombre').first().fill('Núria');
    await page.getByLabel('Apellidos').first().fill('Vidal');
    await page.getByLabel('Correo electrónico', { exact: false }).first().fill(BUYER);
    await page.getByLabel('Confirma el correo electrónico').fill(BUYER);
    await page.getByRole('button', { name: 'Usar mis datos' }).click();
    await screenshot(page, 'waitlist-offer-details-phone');
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.waitForURL(/\/payment$/);
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.waitForURL(/\/summary$/);
    await page.getByRole('heading', { name: '¡Gracias por tu pedido!' }).waitFor();
    expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('COMPLETED');
    await screenshot(page, 'waitlist-offer-paid-phone');

    await org.page.reload();
    await org.page.getByTestId('waitlist-state').filter({ hasText: 'Compradas' }).first().waitFor();
    await screenshot(org.page, 'waitlist-organizer-purchased');
    const phoneOrg = await newPage(browser, { viewport: PHONE });
    await phoneOrg.context.addInitScript((t) => localStorage.setItem('token', t), token);
    await phoneOrg.page.goto(`/manage/event/${event.id}/waitlist`);
    await phoneOrg.page.getByTestId('waitlist-card').first().waitFor();
    await screenshot(phoneOrg.page, 'waitlist-organizer-phone');
  });
});
