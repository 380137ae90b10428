import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser as FirefoxBrowser, type Page as FirefoxPage } from 'puppeteer-core';
import { Builder, By, type WebDriver, type WebElement } from 'selenium-webdriver';
import { ARTIFACTS, baseUrl } from './browser.ts';

/**
 * Firefox and WebKit (Safari's engine) from Debian's packages, behind one small page interface so a
 * journey is written once for both:
 * - Firefox ESR over WebDriver BiDi with puppeteer-core (no geckodriver: Firefox speaks BiDi itself);
 * - WebKitGTK's MiniBrowser through its WebDriver (`WebKitWebDriver`, classic WebDriver) with
 *   selenium-webdriver. WebKitGTK has no headless mode: it draws on an Xvfb display started here, unless
 *   the machine already has a DISPLAY.
 * Selectors are CSS, or XPath when they start with `//` or `(/` (finding by visible text).
 */
export type EngineName = 'firefox' | 'webkit';
export const ENGINES: EngineName[] = ['firefox', 'webkit'];

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export interface EnginePage {
  readonly engine: EngineName;
  goto(pathOrUrl: string): Promise<void>;
  back(): Promise<void>;
  url(): Promise<string>;
  /** The value of a JavaScript expression evaluated in the page. */
  evaluate<T>(expression: string): Promise<T>;
  count(selector: string): Promise<number>;
  click(selector: string): Promise<void>;
  /** Types into an empty field (a real key press per character). */
  type(selector: string, text: string): Promise<void>;
  text(selector: string): Promise<string>;
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Waits until `check` gives a truthy value (retrying what throws meanwhile) and returns it. */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const start = Date.now();
  let last: unknown;
  while (Date.now() - start < timeoutMs) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
}

/** Waits until an element matching the selector is on the page (or, with `gone`, until none is). */
export function waitFor(page: EnginePage, selector: string, opts: { gone?: boolean } = {}) {
  return until(`${opts.gone ? 'no ' : ''}${selector} (${page.engine})`, async () =>
    opts.gone ? (await page.count(selector)) === 0 : (await page.count(selector)) > 0,
  );
}

export function waitForUrl(page: EnginePage, pattern: RegExp) {
  return until(`an address matching ${pattern} (${page.engine})`, async () => pattern.test(await page.url()));
}

/** A button or link by its visible text or its accessible label. */
export const button = (name: string) =>
  `//*[self::button or self::a][normalize-space(.)=${xpathString(name)} or @aria-label=${xpathString(name)}]`;
export const testId = (id: string) => `[data-testid="${id}"]`;

function xpathString(s: string) {
  return s.includes('"') ? `concat("${s.split('"').join('", \'"\', "')}")` : `"${s}"`;
}

const absolute = (p: string) => (p.startsWith('http') ? p : `${baseUrl()}${p}`);

/** A browser of the engine on a page of `viewport`, Spanish (the locale cookie) unless told otherwise. */
export async function openEngine(
  engine: EngineName,
  opts: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<EnginePage> {
  const viewport = opts.viewport ?? { width: 1280, height: 800 };
  const page = engine === 'firefox' ? await openFirefox(viewport) : await openWebKit(viewport);
  // The locale cookie is set from a page of the site (WebDriver adds cookies to the current document's site).
  await page.goto('/robots.txt');
  await page.evaluate(`document.cookie = "locale=${opts.locale ?? 'es'}; path=/"`);
  return page;
}

async function openFirefox(viewport: { width: number; height: number }): Promise<EnginePage> {
  const profile = mkdtempSync(path.join(tmpdir(), 'taquilla-firefox-'));
  const browser: FirefoxBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    defaultViewport: viewport,
    env: { ...process.env, MOZ_HEADLESS: '1' },
  });
  const page: FirefoxPage = await browser.newPage();
  const location = () => page.evaluate(() => window.location.href);
  const one = (selector: string) => until(`${selector} (firefox)`, () => page.$(pptr(selector)));
  return {
    engine: 'firefox',
    goto: async (p) => void (await page.goto(absolute(p))),
    // A page restored from the back/forward cache fires no load event, which puppeteer's goBack awaits:
    // the history step is taken, and the journey waits for what it expects to see.
    // The document's own address: puppeteer's page.url() misses a restore from that cache.
    back: async () => {
      const before = await location();
      void page.goBack({ timeout: 10_000 }).catch(() => undefined);
      await until('the previous page', async () => (await location()) !== before);
    },
    url: location,
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    count: async (selector) => (await page.$$(pptr(selector))).length,
    click: async (selector) => (await one(selector)).click(),
    type: async (selector, text) => (await one(selector)).type(text),
    text: async (selector) => (await one(selector)).evaluate((el) => (el as HTMLElement).innerText),
    screenshot: async (name) => {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) as `${string}.png`, fullPage: true });
    },
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const isXPath = (selector: string) => selector.startsWith('//') || selector.startsWith('(/');
const pptr = (selector: string) => (isXPath(selector) ? `::-p-xpath(${selector})` : selector);
const by = (selector: string) => (isXPath(selector) ? By.xpath(selector) : By.css(selector));

async function openWebKit(viewport: { width: number; height: number }): Promise<EnginePage> {
  const display = process.env.DISPLAY ?? (await startXvfb());
  const port = await freePort();
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  const driver: WebDriver = await until(
    'WebKitWebDriver',
    () =>
      new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        })
        .build(),
    20_000,
  );
  await driver
    .manage()
    .window()
    .setRect({ x: 0, y: 0, ...viewport });
  const one = (selector: string): Promise<WebElement> =>
    until(`${selector} (webkit)`, () => driver.findElement(by(selector)));
  return {
    engine: 'webkit',
    goto: (p) => driver.get(absolute(p)),
    back: () => driver.navigate().back(),
    // The shown document's address (the driver's may already be the next page's while it loads).
    url: () => driver.executeScript<string>('return window.location.href;'),
    evaluate: (expression) => driver.executeScript(`return (${expression});`),
    count: async (selector) => (await driver.findElements(by(selector))).length,
    // Retried while the element is there but not yet clickable (a layout still settling).
    click: async (selector) => {
      await until(`a click on ${selector} (webkit)`, async () => {
        await (await one(selector)).click();
        return true;
      });
    },
    type: async (selector, text) => (await one(selector)).sendKeys(text),
    text: async (selector) => (await one(selector)).getText(),
    screenshot: async (name) => {
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(path.join(ARTIFACTS, `${name}.png`), await driver.takeScreenshot(), 'base64');
    },
    close: async () => {
      await driver.quit().catch(() => undefined);
      await stop(driverProcess);
    },
  };
}

/** One Xvfb display for the whole run, closed when the test process ends. */
let xvfb: Promise<string> | undefined;
function startXvfb(): Promise<string> {
  xvfb ??= new Promise((resolve, reject) => {
    // -displayfd: Xvfb picks a free display number and writes it on file descriptor 3.
    const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    child.on('error', reject);
    child.stdio[3]?.once('data', (d: Buffer) => resolve(`:${d.toString().trim()}`));
    process.once('exit', () => child.kill());
  });
  return xvfb;
}

function stop(child: ChildProcess) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
