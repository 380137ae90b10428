import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium driven by playwright-core (no downloaded browser). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE = { width: 390, height: 844 };
/** The narrowest phone the pages are made for. */
export const PHONE_360 = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 800 };
export const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');

export const baseUrl = () => inject('baseUrl');
export const dataDir = () => inject('dataDir');

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** A fresh browser context (no stored token), Spanish unless told otherwise. */
export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; locale?: string; javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    locale: opts.locale ?? 'es-ES',
    baseURL: baseUrl(),
    isMobile: opts.viewport ? opts.viewport.width < 500 : false,
    hasTouch: opts.viewport ? opts.viewport.width < 500 : false,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot under e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Opens a public event page (server-rendered) and waits until the browser has hydrated it, so taps are
 * handled: the page marks <html data-page-ready> once React has taken over the markup.
 */
export async function openEventPage(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
  return response;
}

/** Everything the page reports as an error: console errors (React's hydration errors among them) and uncaught exceptions. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The checkout's details as Carla Puig, every ticket's holder from her own details («Usar mis datos»). */
export async function fillBuyerDetails(page: Page) {
  await page.getByLabel('Nombre').first().fill('Carla');
  await page.getByLabel('Apellidos').first().fill('Puig');
  await page.getByLabel('Correo electrónico').first().fill('carla@example.com');
  await page.getByLabel('Confirma el correo electrónico').fill('carla@example.com');
  const blocks = page.getByTestId('attendee-block');
  for (let i = 0; i < (await blocks.count()); i++) {
    await blocks.nth(i).getByRole('button', { name: 'Usar mis datos' }).click();
  }
}
