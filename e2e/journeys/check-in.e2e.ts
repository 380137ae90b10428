import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { formatDateTime } from '@taquilla/shared/dates';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, liveEventWithTicket, placeOrder, registerOrganizer } from '../api.ts';
import { baseUrl, CHROMIUM, DESKTOP, launch, newPage, PHONE, screenshot } from '../browser.ts';

/**
 * Check-in: the organizer creates a list and shares its link; a door phone (390×844) opens it without
 * login, scans a real ticket's QR code through Chromium's fake camera with the ZXing (WebAssembly) path
 * (BarcodeDetector removed), refuses what it must with full-screen verdicts (a screenshot of each: admitted,
 * already in, not valid for this list, unpaid, cancelled, unknown, admitted offline), then loses the network,
 * reloads from its service worker, checks two people in offline and uploads them when the network returns.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const card = { provider: 'test', card_number: '4242 4242 4242 4242' };

type DoorAttendee = { short_id: string; first_name: string };

async function ticketQrVideo(page: Page, eventId: string, attendeeShortId: string): Promise<string> {
  await page.goto(`/ticket/${eventId}/${attendeeShortId}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'taquilla-qr-'));
  const png = path.join(dir, 'ticket-qr.png');
  await page.getByTestId('ticket-qr').screenshot({ path: png });
  // A second of video of the ticket held in front of the camera, in the format Chromium's fake camera reads.
  const y4m = path.join(dir, 'ticket-qr.y4m');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    png,
    '-vf',
    'scale=360:360,pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p',
    '-t',
    '1',
    '-r',
    '10',
    y4m,
  ]);
  return y4m;
}

async function seriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('check-in journey', () => {
  it('a door phone scans, refuses, works offline and uploads when the network returns', async () => {
    const token = await registerOrganizer('checkin');
    const event = await liveEventWithTicket(token, 'Noche de jazz en la puerta', {
      payment_providers: ['test', 'offline'],
      offline_payment_instructions: 'Transferencia a ES12 3456 7890 1234.',
    });
    const vip = await call<{ id: string; prices: { id: string }[] }>(
      'POST',
      `events/${event.id}/tickets`,
      { name: 'VIP', type: 'PAID', prices: [{ price_cents: 6000, quantity: 10 }] },
      token,
    );
    const buyers = [
      { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' },
      { first_name: 'Pablo', last_name: 'Ruiz', email: 'pablo@example.com' },
      { first_name: 'Ana', last_name: 'Gil', email: 'ana@example.com' },
    ];
    for (const buyer of buyers) await placeOrder(event, buyer, 1, card);
    // Sofía chose to pay by transfer and has not paid yet.
    await placeOrder(event, { first_name: 'Sofía', last_name: 'Prieto', email: 'sofia@example.com' }, 1, {
      provider: 'offline',
    });
    await placeOrder(
      { id: event.id, ticket: vip },
      { first_name: 'Marco', last_name: 'Vidal', email: 'marco@example.com' },
      1,
      card,
    );
    // Diego paid, then the organizer cancelled his ticket: his QR must be refused at the door.
    await placeOrder(
      event,
      { first_name: 'Diego', last_name: 'Torres', email: 'diego@example.com' },
      1,
      card,
    );
    const attendees = await call<{ id: string; first_name: string }[]>(
      'GET',
      `events/${event.id}/attendees?per_page=100`,
      undefined,
      token,
    );
    const diego = attendees.find((a) => a.first_name === 'Diego');
    await call('POST', `events/${event.id}/attendees/${diego?.id}/cancel`, {}, token);

    // Back office: empty state, a validation message, then the list (restricted to General below).
    const office = await newPage(browser, { viewport: DESKTOP });
    await office.context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = office.page;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/manage/event/${event.id}/check-in`);
    await page.getByText('Aún no hay listas de acceso').waitFor();
    await page.getByRole('button', { name: 'Nueva lista' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nueva lista de acceso' });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('Indica el nombre de la lista.').waitFor();
    await form.getByLabel('Nombre').fill('Puerta principal');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Lista guardada').waitFor();
    const listCard = page.getByTestId('check-in-list');
    await listCard.getByText('0 / 4 dentro').waitFor();
    const shortId = (await listCard.getByRole('link', { name: /^c_/ }).textContent()) ?? '';
    expect(shortId).toMatch(/^c_/);

    // Everyone the door will know, Sofía (unpaid) included: the door's own snapshot.
    const people = await call<DoorAttendee[]>('GET', `public/check-in-lists/${shortId}/snapshot`);
    const person = (first: string) => {
      const found = people.find((p) => p.first_name === first);
      if (!found) throw new Error(`${first} is not in ${people.map((p) => p.first_name).join(', ')}`);
      return found;
    };
    const lucia = person('Lucía');
    const [list] = await call<{ id: string }[]>('GET', `events/${event.id}/check-in-lists`, undefined, token);
    await call(
      'PUT',
      `events/${event.id}/check-in-lists/${list?.id}`,
      { name: 'Puerta principal', ticket_ids: [event.ticket.id] },
      token,
    );
    const ana = await call<{ qr_code: string }>(
      'GET',
      `public/events/${event.id}/attendees/${person('Ana').short_id}`,
    );

    // The door phone: Chromium's fake camera plays Lucía's real ticket QR; no BarcodeDetector.
    const video = await ticketQrVideo(page, event.id, lucia.short_id);
    const camera = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    const context = await camera.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'es-ES',
      baseURL: baseUrl(),
      permissions: ['camera'],
    });
    await context.addInitScript(() => {
      delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    });
    const phone = await context.newPage();
    phone.on('pageerror', (e) => errors.push(e.message));

    const opened = await phone.goto(`/check-in/${shortId}`);
    expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await phone.getByRole('heading', { name: event.name }).waitFor();
    const count = phone.getByTestId('door-count');
    await expect.poll(() => count.textContent()).toBe('0 / 3');
    await phone.getByTestId('door-online').getByText('En línea').waitFor();
    await phone.getByTestId('door-waiting').getByText('0 en espera').waitFor();
    await phone
      .getByTestId('door-refreshed')
      .getByText(/^Datos de las \d\d:\d\d:\d\d$/)
      .waitFor();
    await screenshot(phone, 'door-phone');
    expect(await seriousAxeViolations(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Camera: the ZXing path reads Lucía's QR and the server admits her.
    await phone.getByRole('button', { name: 'Escanear con la cámara' }).click();
    const verdict = phone.getByTestId('door-verdict');
    await verdict.waitFor({ timeout: 20_000 });
    expect(await phone.getByTestId('door-camera').getAttribute('data-decoder')).toBe('zxing');
    expect(await verdict.getAttribute('data-verdict')).toBe('ADMITTED');
    expect(await verdict.getAttribute('data-local')).toBe('false');
    await verdict.getByText('Adelante').waitFor();
    await verdict.getByText('Lucía Martín').waitFor();
    await verdict.getByText('General').waitFor();
    await screenshot(phone, 'door-verdict-admitted');
    await expect.poll(() => count.textContent()).toBe('1 / 3');
    // The ticket stays in front of the camera: it is not sent again once the verdict is gone.
    await verdict.waitFor({ state: 'hidden', timeout: 5000 });
    await phone.waitForTimeout(1500);
    expect(await verdict.count()).toBe(0);
    await phone.getByRole('button', { name: 'Cerrar cámara' }).click();

    // A hardware scanner types into the page without anyone tapping the field first.
    const scan = async (code: string, expected: string) => {
      await phone.locator('main h1').click();
      await phone.keyboard.type(code);
      await phone.keyboard.press('Enter');
      await expect.poll(() => verdict.getAttribute('data-verdict')).toBe(expected);
    };
    await scan(lucia.short_id, 'ALREADY_CHECKED_IN');
    await verdict.getByText('Ya ha entrado').waitFor();
    await verdict
      .getByTestId('door-verdict-when')
      .getByText(/^Entró a las \d\d:\d\d · Puerta principal$/)
      .waitFor();
    await screenshot(phone, 'door-verdict-already-in');
    await scan(person('Marco').short_id, 'NOT_COVERED');
    await verdict.getByText('No válida en esta lista').waitFor();
    await verdict.getByText('Marco Vidal').waitFor();
    await screenshot(phone, 'door-verdict-not-valid');
    await scan(person('Sofía').short_id, 'AWAITING_PAYMENT');
    await verdict.getByText('Entrada sin pagar').waitFor();
    await verdict.getByText('Sofía Prieto').waitFor();
    await screenshot(phone, 'door-verdict-unpaid');
    await scan(person('Diego').short_id, 'CANCELLED');
    await verdict.getByRole('heading', { name: 'Entrada cancelada', exact: true }).waitFor();
    await verdict.getByText('Diego Torres').waitFor();
    await screenshot(phone, 'door-verdict-cancelled');
    await scan('a_noexiste00000000000', 'NOT_FOUND');
    await verdict.getByText('Código desconocido').waitFor();
    await screenshot(phone, 'door-verdict-unknown');
    await verdict.click();

    // The network drops: the page reloads from its service worker, with its data from IndexedDB.
    await context.setOffline(true);
    const reloaded = await phone.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await phone.getByTestId('door-online').getByText('Sin conexión').waitFor();
    await expect.poll(() => count.textContent()).toBe('1 / 3');
    // Staff type on a phone without accents: «lucia martin» finds Lucía Martín.
    await phone.getByRole('searchbox', { name: 'Buscar asistente' }).fill('lucia martin');
    await phone.getByTestId('door-attendee').filter({ hasText: 'Lucía Martín' }).waitFor();
    // Pablo found by name in the local copy, Ana by the QR secret a scanner types: both verified on the device.
    await phone.getByRole('searchbox', { name: 'Buscar asistente' }).fill('pab');
    const pablo = phone.getByTestId('door-attendee').filter({ hasText: 'Pablo Ruiz' });
    await pablo.getByText('p•••@example.com', { exact: false }).waitFor();
    await pablo.getByRole('button', { name: 'Registrar' }).click();
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('ADMITTED');
    expect(await verdict.getAttribute('data-local')).toBe('true');
    const verifyPablo = Number(await verdict.getAttribute('data-verify-ms'));
    await screenshot(phone, 'door-verdict-admitted-offline');
    await scan(ana.qr_code, 'ADMITTED');
    const verifyAna = Number(await verdict.getAttribute('data-verify-ms'));
    await verdict.getByText('Ana Gil').waitFor();
    expect(verifyPablo).toBeLessThan(100);
    expect(verifyAna).toBeLessThan(100);
    console.log(
      `door: local verification ${verifyPablo.toFixed(1)} ms (short id), ${verifyAna.toFixed(1)} ms (QR)`,
    );
    await scan(person('Pablo').short_id, 'ALREADY_CHECKED_IN');
    await verdict.click();
    await phone.getByTestId('door-waiting').getByText('2 en espera').waitFor();
    await expect.poll(() => count.textContent()).toBe('3 / 3');
    // Offline, «Deshacer» is not a silent gap: the row says why and when it comes back.
    await pablo
      .getByTestId('door-undo-unavailable')
      .getByText('Deshacer no está disponible sin conexión', { exact: false })
      .waitFor();
    expect(await pablo.getByRole('button', { name: 'Deshacer' }).count()).toBe(0);
    await screenshot(phone, 'door-offline-waiting');
    // A reload offline keeps what is waiting: it was written to IndexedDB first.
    await phone.reload();
    await phone.getByTestId('door-waiting').getByText('2 en espera').waitFor();

    // Meanwhile a second phone, online, had let Ana in a minute before this one did.
    const [anaElsewhere] = await call<{ verdict: string }[]>(
      'POST',
      `public/check-in-lists/${shortId}/check-ins`,
      {
        check_ins: [
          {
            client_id: 'second-phone-ana-0001',
            code: ana.qr_code,
            scanned_at: new Date(Date.now() - 60_000).toISOString(),
          },
        ],
      },
    );
    expect(anaElsewhere?.verdict).toBe('ADMITTED');

    // Back online: uploaded, counted on the server, nothing waiting.
    await context.setOffline(false);
    await phone.getByTestId('door-waiting').getByText('0 en espera').waitFor({ timeout: 15_000 });
    await phone.getByTestId('door-online').getByText('En línea').waitFor();
    // This phone is told that Ana, whom it let in offline, had already entered through the other device.
    const told = phone.getByTestId('door-conflicts');
    await told.getByText('1 entrada admitida sin conexión ya se había usado').waitFor();
    await told
      .getByTestId('door-conflict')
      .filter({ hasText: 'Ana Gil' })
      .getByText(
        /Admitida aquí a las \d\d:\d\d\. Ana Gil ya había entrado el \d\d\/\d\d a las \d\d:\d\d por otro dispositivo de la lista «Puerta principal»/,
      )
      .waitFor();
    await screenshot(phone, 'door-conflicts-after-upload');
    expect(await seriousAxeViolations(phone)).toEqual([]);
    // Still there after a reload, until staff say they have read it.
    await phone.reload();
    await told.getByText('Ana Gil', { exact: false }).first().waitFor();
    await told.getByRole('button', { name: 'Entendido' }).click();
    await told.waitFor({ state: 'detached' });
    const door = await call<{ checked_in_count: number }>('GET', `public/check-in-lists/${shortId}`);
    expect(door.checked_in_count).toBe(3);
    await screenshot(phone, 'door-back-online');

    // Undo (online only): Ana is out again, on the server and on the device; then back in.
    await phone.getByRole('searchbox', { name: 'Buscar asistente' }).fill('ana gil');
    const anaRow = phone.getByTestId('door-attendee').filter({ hasText: 'Ana Gil' });
    await anaRow.getByRole('button', { name: 'Deshacer' }).click();
    await anaRow.getByRole('button', { name: 'Registrar' }).waitFor();
    await expect.poll(() => count.textContent()).toBe('2 / 3');
    expect(
      (await call<{ checked_in_count: number }>('GET', `public/check-in-lists/${shortId}`)).checked_in_count,
    ).toBe(2);
    await anaRow.getByRole('button', { name: 'Registrar' }).click();
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('ADMITTED');
    expect(await verdict.getAttribute('data-local')).toBe('false');
    await verdict.click();
    await expect.poll(() => count.textContent()).toBe('3 / 3');

    // Another door undid Pablo's check-in a moment ago; this one undoes it too: no error, he is out.
    await phone.getByRole('searchbox', { name: 'Buscar asistente' }).fill('pablo');
    const undoPablo = pablo.getByRole('button', { name: 'Deshacer' });
    await undoPablo.waitFor();
    // The door's own refresh (every 5 s) is held back meanwhile, so it cannot learn of the other undo first.
    let releaseRefresh = () => {};
    const refreshHeld = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    await context.route(/\/snapshot/, async (route) => {
      await refreshHeld;
      await route.continue();
    });
    await fetch(`${baseUrl()}/api/public/check-in-lists/${shortId}/check-ins/${person('Pablo').short_id}`, {
      method: 'DELETE',
    });
    await undoPablo.click();
    await pablo.getByRole('button', { name: 'Registrar' }).waitFor();
    releaseRefresh();
    await context.unroute(/\/snapshot/);
    await expect.poll(() => count.textContent()).toBe('2 / 3');
    await pablo.getByRole('button', { name: 'Registrar' }).click();
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('ADMITTED');
    await verdict.click();
    await expect.poll(() => count.textContent()).toBe('3 / 3');

    // Staff left the keyboard in the search field: the scanner's burst there is a scan, not a search.
    const search = phone.getByRole('searchbox', { name: 'Buscar asistente' });
    await search.fill('ana');
    await phone.keyboard.type(lucia.short_id);
    await phone.keyboard.press('Enter');
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('ALREADY_CHECKED_IN');
    await verdict.getByText('Lucía Martín').waitFor();
    expect(await search.inputValue()).toBe('ana');
    await verdict.click();

    // A second phone that was offline also let Lucía in, later: recorded as a conflict, not dropped.
    const [late] = await call<{ verdict: string }[]>('POST', `public/check-in-lists/${shortId}/check-ins`, {
      check_ins: [
        {
          client_id: 'second-phone-0001',
          code: lucia.short_id,
          scanned_at: new Date().toISOString(),
          offline: true,
        },
      ],
    });
    expect(late?.verdict).toBe('CONFLICT');

    // The back office sees them in, and the conflict.
    await page.goto(`/manage/event/${event.id}/check-in`);
    await listCard.getByText('3 / 3 dentro').waitFor();
    // Every progress bar says what it measures (axe aria-progressbar-name): the total's and the list's.
    expect(await page.getByRole('progressbar', { name: 'Asistentes dentro' }).count()).toBe(2);
    const conflicts = listCard.getByTestId('check-in-conflicts');
    await conflicts.getByText('Lecturas sin conexión en conflicto').waitFor();
    await conflicts.getByRole('button', { name: 'Ver conflictos' }).click();
    await conflicts
      .getByText(/^Lucía Martín \(General\): ya había entrado · leída .* · se mantiene la lectura de /)
      .waitFor();
    await screenshot(page, 'check-in-lists-desktop');

    // A list that opens later says when, in the event's time zone.
    const later = await call<{ short_id: string }>(
      'POST',
      `events/${event.id}/check-in-lists`,
      { name: 'Segundo pase', activates_at: '2031-03-15T19:30:00+01:00' },
      token,
    );
    await phone.goto(`/check-in/${later.short_id}`);
    await phone
      .getByRole('heading', {
        name: 'Esta lista de control de acceso se abre el 15 mar 2031, 19:30 (hora de Europe/Madrid).',
      })
      .waitFor();
    await screenshot(phone, 'door-opens-later');

    // An unknown link says so, without asking to log in.
    await phone.goto('/check-in/c_noexiste');
    await phone.getByText('La lista de control de acceso ha caducado, no está activa o no existe.').waitFor();
    expect(new URL(phone.url()).pathname).toBe('/check-in/c_noexiste');

    expect(errors).toEqual([]);
    await context.close();
    await camera.close();
    await office.context.close();
  });

  it('a list of one date refuses, online and offline, a ticket of another date, saying both dates', async () => {
    const token = await registerOrganizer('checkin-dates');
    const event = await liveEventWithTicket(token, 'Hamlet en la puerta');
    const startAt = (days: number) => {
      const d = new Date(Date.now() + days * 86400_000);
      d.setUTCHours(18, 30, 0, 0);
      return d.toISOString();
    };
    const [friday, saturday] = await Promise.all(
      [5, 6].map((days) =>
        call<{ id: string; starts_at: string }>(
          'POST',
          `events/${event.id}/dates`,
          { starts_at: startAt(days) },
          token,
        ),
      ),
    );
    if (!friday || !saturday) throw new Error('two dates expected');
    const buyOn = async (dateId: string, buyer: { first_name: string; last_name: string; email: string }) => {
      const base = `public/events/${event.id}/order`;
      const order = await call<{ short_id: string }>('POST', base, {
        tickets: [{ ticket_id: event.ticket.id, price_id: at(event.ticket.prices, 0).id, quantity: 1 }],
        event_date_id: dateId,
      });
      await call('PUT', `${base}/${order.short_id}`, { ...buyer, email_confirmation: buyer.email });
      await call('POST', `${base}/${order.short_id}/payment`, card);
    };
    await buyOn(friday.id, { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' });
    await buyOn(saturday.id, { first_name: 'Marco', last_name: 'Vidal', email: 'marco@example.com' });
    const attendees = await call<{ short_id: string; first_name: string }[]>(
      'GET',
      `events/${event.id}/attendees?per_page=100`,
      undefined,
      token,
    );
    const marco = attendees.find((a) => a.first_name === 'Marco');
    if (!marco) throw new Error('Marco is missing');
    const tz = 'Europe/Madrid';
    const fridayText = formatDateTime(friday.starts_at, tz, 'es');
    const saturdayText = formatDateTime(saturday.starts_at, tz, 'es');

    // Back office: the list form offers the event's dates; the list's card says its date.
    const office = await newPage(browser, { viewport: DESKTOP });
    await office.context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = office.page;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/manage/event/${event.id}/check-in`);
    await page.getByRole('button', { name: 'Nueva lista' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nueva lista de acceso' });
    await form.getByLabel('Nombre').fill('Puerta del viernes');
    const dateField = form.getByLabel('Fecha', { exact: true });
    expect(await dateField.inputValue()).toBe('Todas las fechas');
    await dateField.click();
    await page.getByRole('option', { name: fridayText }).click();
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Lista guardada').waitFor();
    const listCard = page.getByTestId('check-in-list');
    await listCard.getByTestId('check-in-list-date').getByText(`Solo la fecha del ${fridayText}`).waitFor();
    await listCard.getByText('0 / 1 dentro').waitFor();
    await screenshot(page, 'check-in-list-of-one-date');
    const shortId = (await listCard.getByRole('link', { name: /^c_/ }).textContent()) ?? '';

    // The door on a 360 px phone: the list's date in its header, Lucía's on her row, Marco not among its people.
    const door = await newPage(browser, { viewport: { width: 360, height: 780 } });
    const phone = door.page;
    phone.on('pageerror', (e) => errors.push(e.message));
    await phone.goto(`/check-in/${shortId}`);
    await phone.getByTestId('door-list-date').getByText(`Puerta del viernes · ${fridayText}`).waitFor();
    await expect.poll(() => phone.getByTestId('door-count').textContent()).toBe('0 / 1');
    const search = phone.getByRole('searchbox', { name: 'Buscar asistente' });
    await search.fill('lucia');
    await phone
      .getByTestId('door-attendee')
      .filter({ hasText: 'Lucía Martín' })
      .getByText(`General · ${fridayText}`)
      .waitFor();
    await screenshot(phone, 'door-one-date-360');
    await search.fill('marco');
    await phone.getByText('Nadie coincide con «marco».').waitFor();
    await search.fill('');

    // Marco's Saturday ticket: refused by the server, with both dates.
    const verdict = phone.getByTestId('door-verdict');
    const wrongDate = `Esta entrada es para el ${saturdayText}; esta lista es del ${fridayText}.`;
    const scan = async (code: string) => {
      await phone.getByTestId('door-code').fill(code);
      await phone.getByTestId('door-code').press('Enter');
      await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('WRONG_DATE');
    };
    await scan(marco.short_id);
    expect(await verdict.getAttribute('data-local')).toBe('false');
    await verdict.getByRole('heading', { name: 'Entrada de otra fecha' }).waitFor();
    await verdict.getByText('Marco Vidal').waitFor();
    await verdict.getByTestId('door-verdict-date').getByText(saturdayText).waitFor();
    await verdict.getByTestId('door-verdict-message').getByText(wrongDate).waitFor();
    await screenshot(phone, 'door-verdict-wrong-date-360');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await verdict.waitFor({ state: 'hidden' });
    expect(await seriousAxeViolations(phone)).toEqual([]);

    // Offline the device decides from its copy, in the same words, and nothing is queued.
    await door.context.setOffline(true);
    await phone.getByTestId('door-online').getByText('Sin conexión').waitFor();
    await scan(marco.short_id);
    expect(await verdict.getAttribute('data-local')).toBe('true');
    await verdict.getByTestId('door-verdict-message').getByText(wrongDate).waitFor();
    await screenshot(phone, 'door-verdict-wrong-date-offline-360');
    await verdict.waitFor({ state: 'hidden' });
    await phone.getByTestId('door-waiting').getByText('0 en espera').waitFor();

    expect(errors).toEqual([]);
    await door.context.close();
    await office.context.close();
  });
});
