import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveEventWithTicket, registerOrganizer } from '../api.ts';
import { collectErrors, DESKTOP, launch, newPage, screenshot } from '../browser.ts';

/**
 * The waiting room: the organizer turns it on from its screen; a phone visitor of the event page is sent
 * to the queue (pre-queue before opening), keeps the place across a reload, and once the room opens
 * sees the place, the number ahead and the estimate, then the turn with its "buy" link to the event page.
 */
describe('waiting room', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('organizer turns it on; a 360 px visitor queues, is admitted and reaches the event page', async () => {
    const token = await registerOrganizer('waiting-room');
    const event = await liveEventWithTicket(token, 'Festival de Invierno', { payment_providers: ['test'] });

    const org = await newPage(browser, { viewport: DESKTOP });
    const orgErrors = collectErrors(org.page);
    await org.context.addInitScript((t) => localStorage.setItem('token', t), token);
    await org.page.goto(`/manage/event/${event.id}/waiting-room`);
    await org.page.getByRole('heading', { name: 'Sala de espera' }).first().waitFor();
    await org.page.getByText('Ritmo sugerido: 50 por minuto').waitFor();
    await org.page.getByLabel('Activar la sala de espera').check({ force: true });
    const rate = org.page.getByLabel('Personas que pasan a comprar por minuto');
    await rate.fill('0');
    await org.page.getByRole('button', { name: 'Guardar' }).click();
    await org.page
      .getByText('Indica cuántas personas pasan por minuto: un número entero entre 1 y 60.000.')
      .waitFor();
    await rate.fill('12');
    await org.page.getByRole('button', { name: 'Guardar' }).click();
    await org.page.getByTestId('room-state').filter({ hasText: 'Programada' }).waitFor();

    // A phone visitor of the event page is sent to the pre-queue.
    const phone = await newPage(browser, { viewport: { width: 360, height: 740 } });
    await phone.page.goto(`/e/${event.id}`);
    await phone.page.getByRole('heading', { name: 'Estás en la cola previa' }).waitFor();
    expect(phone.page.url()).toContain(`/e/${event.id}/queue`);
    expect(await phone.page.locator('#status').getAttribute('aria-live')).toBe('polite');
    await screenshot(phone.page, 'waiting-room-prequeue-360-es');

    // Two others arrive before the opening; then the room opens (a moment ago) at 12 a minute.
    for (let i = 0; i < 2; i++)
      await fetch(`${new URL(phone.page.url()).origin}/api/public/events/${event.id}/waiting-room/join`, {
        method: 'POST',
      });
    await call(
      'PUT',
      `events/${event.id}/waiting-room`,
      {
        enabled: true,
        opens_at: new Date(Date.now() - 1000).toISOString(),
        rate_per_minute: 12,
        paused: false,
      },
      token,
    );
    await phone.page.reload();
    await phone.page.getByText(/Tu posición: \d|¡Es tu turno!/).waitFor({ timeout: 15_000 });
    await screenshot(phone.page, 'waiting-room-queue-360-es');

    // The organizer sees the line live.
    await org.page.getByTestId('room-state').filter({ hasText: 'Abierta' }).waitFor({ timeout: 10_000 });
    await screenshot(org.page, 'waiting-room-organizer');

    // At 12 a minute the third in line waits about 15 s: the page updates itself and offers the turn.
    await phone.page.getByRole('link', { name: 'Comprar entradas' }).waitFor({ timeout: 60_000 });
    await screenshot(phone.page, 'waiting-room-admitted-360-es');
    await phone.page.getByRole('link', { name: 'Comprar entradas' }).click();
    await phone.page.waitForURL(new RegExp(`/e/${event.id}\\?pass=`));
    await phone.page.getByRole('heading', { name: 'Festival de Invierno' }).first().waitFor();
    expect(orgErrors).toEqual([]);
  }, 180_000);

  it("organizer turns on one date's room from «Fecha»; only that date's visitors queue", async () => {
    const token = await registerOrganizer('waiting-room-dates');
    const event = await liveEventWithTicket(token, 'Gira de primavera', { payment_providers: ['test'] });
    const ids: string[] = [];
    for (const days of [9, 10]) {
      const starts = new Date(Date.now() + days * 86_400_000);
      starts.setUTCHours(19, 0, 0, 0);
      ids.push(
        (
          await call<{ id: string }>(
            'POST',
            `events/${event.id}/dates`,
            { starts_at: starts.toISOString() },
            token,
          )
        ).id,
      );
    }
    const [firstDate, secondDate] = ids as [string, string];

    const org = await newPage(browser, { viewport: DESKTOP });
    const orgErrors = collectErrors(org.page);
    await org.context.addInitScript((t) => localStorage.setItem('token', t), token);
    await org.page.goto(`/manage/event/${event.id}/waiting-room`);
    await org.page.getByRole('heading', { name: 'Sala de espera' }).first().waitFor();
    const dateChoice = org.page.getByRole('combobox', { name: 'Fecha' });
    await dateChoice.click();
    await org.page.locator('[role=listbox]:visible').getByRole('option').nth(2).click();
    await org.page.waitForURL(new RegExp(`date=${secondDate}`));
    await org.page.getByText('Esta fecha tiene su propia sala').waitFor();
    await org.page.getByLabel('Activar la sala de espera').check({ force: true });
    await org.page.getByLabel('Personas que pasan a comprar por minuto').fill('12');
    await org.page.getByRole('button', { name: 'Guardar' }).click();
    await org.page.getByTestId('room-state').filter({ hasText: 'Programada' }).waitFor();
    await org.page.getByRole('link', { name: new RegExp(`queue\\?date=${secondDate}`) }).waitFor();
    await screenshot(org.page, 'waiting-room-organizer-date');
    // The event's own room stays off.
    const own = await call<{ state: string }>('GET', `events/${event.id}/waiting-room`, undefined, token);
    expect(own.state).toBe('OFF');

    // A visitor of the second date queues in its room; one of the first date goes straight to the event.
    const phone = await newPage(browser, { viewport: { width: 360, height: 740 } });
    await phone.page.goto(`/e/${event.id}?date=${secondDate}`);
    await phone.page.getByRole('heading', { name: 'Estás en la cola previa' }).waitFor();
    expect(phone.page.url()).toContain(`/e/${event.id}/queue?date=${secondDate}`);
    const other = await newPage(browser, { viewport: { width: 360, height: 740 } });
    await other.page.goto(`/e/${event.id}?date=${firstDate}`);
    await other.page.getByRole('heading', { name: 'Gira de primavera' }).first().waitFor();
    expect(other.page.url()).not.toContain('/queue');
    expect(orgErrors).toEqual([]);
  }, 120_000);
});
