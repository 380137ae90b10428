import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, registerOrganizer } from '../api.ts';
import { ARTIFACTS, PHONE } from '../browser.ts';
import {
  button,
  ENGINES,
  type EnginePage,
  openEngine,
  testId,
  until,
  waitFor,
  waitForUrl,
} from '../engines.ts';

/**
 * The buyer's path in Firefox and WebKit (Safari's engine), as in Chromium (buyer.e2e.ts,
 * buyer-return.e2e.ts): event page → a ticket → «Continuar» → details → the browser's back button: the
 * page comes back from the back/forward cache, «Continuar» is not left spinning and the page offers the
 * order in progress → resume it → details → the test card → the summary → the ticket page, whose QR
 * code decodes to the attendee's secret.
 */

const shortIdOf = (url: string) => url.match(/\/checkout\/[^/]+\/([^/]+)\//)?.[1] ?? '';

/** «Continuar» as the buyer can use it: there, enabled and not loading. */
const continueReady = `(() => {
  const b = [...document.querySelectorAll('button')].find((el) => el.textContent.trim() === 'Continuar');
  return !!b && !b.disabled && !b.hasAttribute('data-loading');
})()`;

describe.each(ENGINES)('buyer in %s', (engine) => {
  let opened: EnginePage | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('buys a ticket after going back from checkout, and opens the ticket with its QR', async () => {
    const token = await registerOrganizer(`engine-${engine}`);
    const event = await liveEventWithTicket(token, `Jazz en ${engine}`, { payment_providers: ['test'] });
    const page = await openEngine(engine, { viewport: PHONE });
    opened = page;
    const shot = (step: string) => `engine-${engine}-${step}`;
    try {
      await page.goto(`/e/${event.id}/${event.slug}`);
      await waitFor(page, 'html[data-page-ready]');
      await page.click(button('Añadir una: General'));
      await until('«Continuar» enabled', () => page.evaluate<boolean>(continueReady));
      // A mark on this document: still there after «back» only if the browser kept the page in its
      // back/forward cache instead of loading it again.
      await page.evaluate(`window.__keptInCache = true`);
      await page.click(button('Continuar'));
      await waitForUrl(page, /\/checkout\/[^/]+\/[^/]+\/details$/);
      const first = shortIdOf(await page.url());

      await page.back();
      await waitFor(page, testId('order-in-progress'));
      expect(await page.evaluate<boolean>('window.__keptInCache === true'), 'restored from bfcache').toBe(
        true,
      );
      await until('«Continuar» usable again', () => page.evaluate<boolean>(continueReady), 5_000);
      expect(await page.text(testId('order-in-progress'))).toContain('1 × General');
      await page.screenshot(shot('back-in-progress'));

      await page.click(button('Continuar con este pedido'));
      await waitForUrl(page, new RegExp(`/checkout/[^/]+/${first}/details$`));
      await waitFor(page, testId('countdown'));
      await page.type('input[autocomplete="given-name"]', 'Lucía');
      await page.type('input[autocomplete="family-name"]', 'Martín');
      await page.type('(//input[@autocomplete="email"])[1]', 'lucia@example.com');
      await page.type('(//input[@autocomplete="email"])[2]', 'lucia@example.com');
      if ((await page.count(button('Usar mis datos'))) > 0) await page.click(button('Usar mis datos'));
      await page.screenshot(shot('details'));
      await page.click(button('Continuar al pago'));

      await waitForUrl(page, /\/payment$/);
      await waitFor(page, testId('test-mode'));
      await page.type('input[autocomplete="cc-number"]', '4242424242424242');
      await page.click('//button[starts-with(normalize-space(.), "Pagar")]');

      await waitForUrl(page, /\/summary$/);
      await waitFor(page, '[data-status="COMPLETED"]');
      await page.screenshot(shot('summary'));
      const order = await call<{ status: string; attendees: { short_id: string }[] }>(
        'GET',
        `public/events/${event.id}/order/${first}`,
      );
      expect(order.status).toBe('COMPLETED');
      expect(order.attendees).toHaveLength(1);

      await page.click(`(${button('Ver entrada')})[1]`);
      await waitForUrl(page, /\/ticket\/[^/]+\/[^/]+$/);
      await waitFor(page, `${testId('ticket-qr')} svg`);
      await page.screenshot(shot('ticket'));
      const ticket = await call<{ qr_code: string }>(
        'GET',
        `public/events/${event.id}/attendees/${order.attendees[0]?.short_id}`,
      );
      const decoded = execFileSync(
        'zbarimg',
        ['--raw', '-q', path.join(ARTIFACTS, `${shot('ticket')}.png`)],
        {
          encoding: 'utf8',
        },
      );
      expect(decoded.split('\n')).toContain(ticket.qr_code);
    } catch (err) {
      await page.screenshot(shot('failure')).catch(() => undefined);
      throw err;
    }
  });
});
