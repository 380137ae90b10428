import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventWithTicket, registerOrganizer } from '../api.ts';
import { baseUrl, DESKTOP, launch, newPage, PHONE, screenshot } from '../browser.ts';

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('an unknown route shows the 404 page in Spanish with a link home', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await page.goto('/esta/ruta/no/existe');
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Taquilla' }).isVisible()).toBe(true);
    const link = page.getByRole('link', { name: 'página de inicio' });
    expect(await link.getAttribute('href')).toBe('/');
    await screenshot(page, 'shell-404-phone');
    await context.close();
  });

  it('the 404 page follows the locale cookie', async () => {
    const { page, context } = await newPage(browser, { locale: 'es-ES' });
    await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'home page' }).getAttribute('href')).toBe('/');
    await context.close();
  });

  it('/manage and /account open a screen; an unknown event is one clear not-found', async () => {
    const token = await registerOrganizer('shell');
    const { page, context } = await newPage(browser, { viewport: DESKTOP });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto('/manage');
    await page.waitForURL(/\/manage\/events$/);
    await page.getByRole('heading', { name: 'Eventos' }).first().waitFor();
    await page.goto('/account');
    await page.waitForURL(/\/account\/settings$/);
    await page.getByRole('tab', { name: 'Ajustes de la cuenta' }).waitFor();
    await page.goto('/manage/event/0193a000-0000-7000-8000-000000000000/orders');
    await page.getByRole('heading', { name: 'Evento no encontrado' }).waitFor();
    expect(await page.getByText('No se ha encontrado lo que buscas').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Pedidos' }).count()).toBe(0);
    await screenshot(page, 'shell-unknown-event');
    await page.getByRole('link', { name: 'Ver mis eventos' }).click();
    await page.waitForURL(/\/manage\/events$/);
    // Not an event id at all: the same answer.
    await page.goto('/manage/event/no-es-un-evento/dashboard');
    await page.getByRole('heading', { name: 'Evento no encontrado' }).waitFor();
    await context.close();
  });

  it('a list whose request failed keeps its page and offers «Reintentar», which loads it in place', async () => {
    const token = await registerOrganizer('retry');
    const event = await liveEventWithTicket(token, 'Concierto de prueba');
    const { page, context } = await newPage(browser, { viewport: DESKTOP });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const lists = [
      {
        path: 'orders?query=nadie',
        read: 'orders',
        heading: 'Pedidos',
        loaded: 'Ningún pedido coincide',
      },
      {
        path: 'attendees?query=nadie',
        read: 'attendees',
        heading: 'Asistentes',
        loaded: 'Ningún asistente coincide',
      },
      {
        path: 'promo-codes',
        read: 'promo-codes',
        heading: 'Códigos promocionales',
        loaded: 'Aún no hay códigos',
      },
    ];
    for (const list of lists) {
      // The list cannot be reached (the network drops it), the rest of the screen can.
      const read = (url: URL) => url.pathname === `/api/events/${event.id}/${list.read}`;
      await page.route(read, (route) => route.abort('connectionreset'));
      await page.goto(`/manage/event/${event.id}/${list.path}`);
      const retry = page.getByRole('button', { name: 'Reintentar' });
      await retry.waitFor({ timeout: 20_000 });
      // The page around the list stays: its heading, and its search where it has one.
      await page.getByRole('heading', { name: list.heading, exact: true }).waitFor();
      if (list.path.includes('query='))
        expect(await page.getByPlaceholder('Buscar por nombre, correo o nº de pedido').inputValue()).toBe(
          'nadie',
        );
      await screenshot(page, `shell-list-retry-${list.path.split('?')[0]}`);
      await page.unroute(read);
      await retry.click();
      await page.getByText(list.loaded).waitFor();
      // Loaded in place: the same address, the same search.
      expect(page.url()).toContain(`/${list.path}`);
    }
    await context.close();
  });
});
