// Public page budgets (DESIGN §6, issue 14): Lighthouse 12 mobile scores (performance, accessibility, best
// practices, SEO) and the initial JavaScript of every public page, in one table. Starts the real server
// (production mode, fresh embedded database) on the built web app, sets up a published event with a cover
// image, orders and tickets through the API, then audits each page in PAGES.
//
//   npm run build && node bench/lighthouse.mjs [runs=1]
//
// PAGES below is the list: a page is a name and a function that returns its path (or null when this
// build has no such page, e.g. the door or the widget before they exist). LH_ONLY=event,ticket audits
// some; LH_DEBUG=1 prints the performance details of each; LH_JSON=<dir> keeps each page's median report.
// Needs Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Not part of npm test.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
// The event page's server bundle (`vite build --ssr`); the server looks for it beside WEB_DIST_DIR.
const DIST_SSR = path.join(ROOT, 'apps/web/ssr/dist');
const RUNS = Number(process.argv[2] ?? 1);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BUDGET = { score: 95, jsKb: 150 };

if (!existsSync(path.join(DIST, 'event.html')) || !existsSync(DIST_SSR)) {
  console.error('apps/web/dist or apps/web/ssr/dist is missing: run `npm run build` first');
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const p = srv.address().port;
    srv.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
// A snapshot of the build, so a rebuild during the run cannot swap the chunks under the page.
const snapshot = mkdtempSync(path.join(tmpdir(), 'taquilla-lh-dist-'));
const dist = path.join(snapshot, 'dist');
cpSync(DIST, dist, { recursive: true });
cpSync(DIST_SSR, path.join(snapshot, 'ssr/dist'), { recursive: true });
const env = { ...process.env };
delete env.DATABASE_URL; // always the embedded database: the figure is about the page, not the DB
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taquilla-lh-')),
    LOG_LEVEL: 'warn',
    TEST_PAYMENTS: 'true',
    WEB_DIST_DIR: dist,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
server.on('exit', (code) => {
  if (code) {
    console.error(`server exited with ${code}`);
    process.exit(1);
  }
});
process.on('exit', stop);

/** The public pages, in the order a buyer meets them. Add a line for a new public page. */
const PAGES = [
  { name: 'event', path: (c) => `/e/${c.event.id}/${c.event.slug}` },
  { name: 'event, 5,000 dates', path: (c) => `/e/${c.slots.id}/${c.slots.slug}` },
  { name: 'event, one of 5,000 dates', path: (c) => `/e/${c.slots.id}/${c.slots.slug}?date=${c.slotDate}` },
  { name: 'checkout details', path: (c) => `/checkout/${c.event.id}/${c.reserved}/details` },
  { name: 'checkout payment', path: (c) => `/checkout/${c.event.id}/${c.withDetails}/payment` },
  { name: 'checkout summary', path: (c) => `/checkout/${c.event.id}/${c.completed}/summary` },
  { name: 'checkout payment_return', path: (c) => `/checkout/${c.event.id}/${c.completed}/payment_return` },
  { name: 'ticket', path: (c) => `/ticket/${c.event.id}/${c.attendee}` },
  { name: 'ticket print', path: (c) => `/ticket/${c.event.id}/${c.attendee}/print` },
  { name: 'order print', path: (c) => `/order/${c.event.id}/${c.completed}/print` },
  { name: 'door (check-in)', path: (c) => (c.checkInList ? `/check-in/${c.checkInList}` : null) },
  { name: 'widget', path: (c) => `/widget/${c.event.id}` },
  { name: 'widget checkout details', path: (c) => `/widget/${c.event.id}/checkout/${c.reserved}/details` },
  { name: 'widget checkout payment', path: (c) => `/widget/${c.event.id}/checkout/${c.withDetails}/payment` },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

try {
  await waitFor(`${base}/api/health`);
  const context = await setUp();
  const only = process.env.LH_ONLY?.split(',');
  const pages = [];
  for (const page of PAGES) {
    if (only && !only.some((o) => page.name.startsWith(o))) continue;
    const p = page.path(context);
    // A page this build does not have (yet) answers 404: listed as absent, not audited.
    const exists = p && (await fetch(`${base}${p}`)).status !== 404;
    pages.push({ ...page, url: exists ? `${base}${p}` : null });
  }

  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows = [];
  try {
    for (const page of pages) {
      if (!page.url) {
        rows.push({ name: page.name, absent: true });
        continue;
      }
      rows.push({ name: page.name, ...(await audit(page, chrome.port)) });
    }
  } finally {
    await chrome.kill();
  }

  console.log(`\nLighthouse 12, mobile (simulated slow 4G, 4x CPU), median of ${RUNS} run(s) per page`);
  console.log(
    `budgets: every score ≥ ${BUDGET.score} (SEO on the event page; ticket and checkout pages are noindex), event page JS ≤ ${BUDGET.jsKb} KB gzip\n`,
  );
  const head = [
    'page',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'JS files',
    'JS KB gzip',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
  ];
  const table = rows.map((r) =>
    r.absent
      ? [r.name, 'no such page in this build', '', '', '', '', '', '', '', '', '']
      : [r.name, ...r.scores.map(String), String(r.jsFiles), r.jsKb, r.fcp, r.lcp, r.tbt, r.cls],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
  const line = (cells) => `| ${cells.map((c, i) => (c ?? '').padEnd(widths[i])).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
} finally {
  stop();
}

/** The median of RUNS Lighthouse runs of one page: four scores, initial JS and the paint metrics. */
async function audit(page, port) {
  const runs = [];
  // Headless Chromium sometimes loses the trace (NO_NAVSTART): such runs are retried, not counted.
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 3; attempt++) {
    const result = await lighthouse(page.url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (result.lhr.runtimeError)
      console.log(`  ${page.name}: retrying after ${result.lhr.runtimeError.code}`);
    else runs.push(result.lhr);
  }
  if (runs.length === 0) throw new Error(`every Lighthouse run of ${page.name} failed`);
  runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  const median = runs[Math.floor(runs.length / 2)];
  const show = (id) => median.audits[id]?.displayValue?.replace(/\s/g, ' ') ?? '-';
  const scripts = (median.audits['network-requests'].details?.items ?? []).filter(
    (r) => r.resourceType === 'Script' && r.url.startsWith(base),
  );
  // gzip -9 of the very files the page loaded, fetched uncompressed (the server may answer in brotli).
  let gzip = 0;
  for (const r of scripts) {
    const body = Buffer.from(
      await (await fetch(r.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    gzip += gzipSync(body, { level: 9 }).length;
  }
  if (process.env.LH_JSON) {
    writeFileSync(
      path.join(process.env.LH_JSON, `${page.name.replace(/\W+/g, '-')}.json`),
      JSON.stringify(median),
    );
  }
  if (process.env.LH_DEBUG) {
    console.log(`--- ${page.name} ${page.url}`);
    for (const c of CATEGORIES) {
      const failed = median.categories[c].auditRefs
        .map((ref) => median.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative');
      for (const a of failed) console.log(`  [${c}] ${a.id}: ${a.score} ${a.displayValue ?? ''}`);
    }
  }
  return {
    scores: CATEGORIES.map((c) => Math.round((median.categories[c].score ?? 0) * 100)),
    jsFiles: scripts.length,
    jsKb: (gzip / 1024).toFixed(1),
    fcp: show('first-contentful-paint'),
    lcp: show('largest-contentful-paint'),
    tbt: show('total-blocking-time'),
    cls: show('cumulative-layout-shift'),
  };
}

async function waitFor(url, timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url}`);
}

async function call(method, url, body, token) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${base}/api/${url}`, {
    method,
    headers: {
      ...(isForm ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: isForm ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/**
 * A realistic page: a long description, three tickets (one tiered, one with fees) and a 2160×1080 cover;
 * then the orders the checkout pages show (open, with details, completed), a ticket and a check-in list.
 */
async function setUp() {
  const { token } = await call('POST', 'auth/register', {
    first_name: 'Bench',
    last_name: 'Mark',
    email: `bench-${Date.now()}@example.com`,
    password: 'una-contraseña-larga',
    password_confirmation: 'una-contraseña-larga',
    accept_terms: true,
  });
  const organizer = await call('POST', 'organizers', { name: 'Sala Apolo' }, token);
  const start = new Date(Date.now() + 30 * 86400_000);
  const event = await call(
    'POST',
    'events',
    {
      name: 'Festival de primavera 2027',
      organizer_id: organizer.id,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 5 * 3600_000).toISOString(),
      timezone: 'Europe/Madrid',
      currency: 'EUR',
      description: Array.from(
        { length: 6 },
        (_, i) =>
          `<p>Párrafo ${i + 1}: cinco bandas, dos escenarios y comida local. <strong>Puertas a las 18:00</strong>.</p>`,
      ).join(''),
    },
    token,
  );
  await call(
    'POST',
    `events/${event.id}/tickets`,
    { name: 'General', type: 'PAID', prices: [{ price_cents: 2500, quantity: 500 }] },
    token,
  );
  await call(
    'POST',
    `events/${event.id}/tickets`,
    {
      name: 'Por fases',
      type: 'TIERED',
      prices: [
        { label: 'Early bird', price_cents: 1800, quantity: 100 },
        { label: 'Anticipada', price_cents: 2200, quantity: 200 },
      ],
    },
    token,
  );
  await call(
    'POST',
    `events/${event.id}/tickets`,
    { name: 'Aportación', type: 'DONATION', prices: [{ price_cents: 500 }] },
    token,
  );
  const cover = await sharp({
    create: { width: 2160, height: 1080, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="2160" height="1080"><circle cx="700" cy="540" r="380" fill="#f59f00"/><rect x="1200" y="200" width="700" height="680" fill="#e64980"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('type', 'EVENT_COVER');
  form.append('image', new Blob([cover], { type: 'image/jpeg' }), 'cover.jpg');
  await call('POST', `events/${event.id}/images`, form, token);
  await call('PUT', `events/${event.id}/status`, { status: 'LIVE' }, token);

  const { tickets } = await call('GET', `public/events/${event.id}`);
  const general = tickets.find((t) => t.name === 'General');
  const reserve = () =>
    call('POST', `public/events/${event.id}/order`, {
      tickets: [{ ticket_id: general.id, price_id: general.prices[0].id, quantity: 2 }],
    }).then((o) => o.short_id);
  const buyer = { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' };
  const details = (short) =>
    call('PUT', `public/events/${event.id}/order/${short}`, { ...buyer, email_confirmation: buyer.email });
  const reserved = await reserve();
  const withDetails = await reserve();
  await details(withDetails);
  const completed = await reserve();
  await details(completed);
  const paid = await call('POST', `public/events/${event.id}/order/${completed}/payment`, {
    provider: 'test',
    card_number: '4242424242424242',
  });
  const checkInList = await call('POST', `events/${event.id}/check-in-lists`, { name: 'Puerta' }, token)
    .then((l) => l.short_id)
    .catch(() => null);
  const { slots, slotDate } = await timeSlots(organizer.id, token);
  return {
    event,
    reserved,
    withDetails,
    completed,
    attendee: paid.attendees[0].short_id,
    checkInList,
    slots,
    slotDate,
  };
}

/** A museum's time slots (issue 27): one event with 5,000 dates, a slot every 30 minutes. */
async function timeSlots(organizerId, token) {
  const start = new Date(Date.now() + 86400_000);
  const slots = await call(
    'POST',
    'events',
    {
      name: 'Visitas guiadas al museo',
      organizer_id: organizerId,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 1800_000).toISOString(),
      timezone: 'Europe/Madrid',
      currency: 'EUR',
      description: '<p>Visitas de 30 minutos con guía, en grupos pequeños.</p>',
    },
    token,
  );
  await call(
    'POST',
    `events/${slots.id}/tickets`,
    { name: 'Entrada', type: 'PAID', prices: [{ price_cents: 1200, quantity: 25 }] },
    token,
  );
  const rule = {
    frequency: 'SLOTS',
    starts_on: start.toISOString().slice(0, 10),
    start_time: '00:00',
    closes_at: '23:59',
    every_minutes: 30,
    duration_minutes: 30,
    ends: { count: 5000 },
  };
  await call('POST', `events/${slots.id}/dates/from-rule`, { rule }, token);
  await call('PUT', `events/${slots.id}/status`, { status: 'LIVE' }, token);
  const { dates } = await call('GET', `public/events/${slots.id}`);
  return { slots, slotDate: dates[20].id };
}
