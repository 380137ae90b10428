// Event dates (issue 27 benchmark), real PostgreSQL and the real server process:
//  1. an event gets 5,000 dates from one rule (a time slot every 30 minutes, all day, for about 104 days)
//     through `POST /api/events/{id}/dates/from-rule`: the time of that one request (target < 5 s);
//  2. the back office's date list: the first, a middle and the last page, a status filter and a range of
//     days, median of 5 answers each (target < 200 ms);
//  3. the public event page's server answer (`GET /api/public/events/{id}` and the server-rendered
//     `/e/{id}/{slug}`) of that event next to the same event with no dates, interleaved, requests per
//     second as a ratio (target: the many-date event within 2× of the single-date one).
//
//   npx tsx bench/event-dates.ts        (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//   DATES=1000 npx tsx bench/event-dates.ts
import autocannon from 'autocannon';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, percentile, startTaquilla } from './lib.ts';

const DATES = Number(process.env.DATES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const RUNS = 5;

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
// Two events of one account, alike but for their dates.
const many = await createSellingEvent(seed.app);
const single = await createSellingEvent(seed.app);
for (const e of [many, single]) {
  await addTicket(seed.app, e.event, { name: 'General' });
  await addTicket(seed.app, e.event, { name: 'Reducida', prices: [{ price_cents: 1500, quantity: 200 }] });
}
const server = await startTaquilla(db.url, { AUTH_SECRET: seed.app.deps.config.authSecret });
await seed.close();

async function timed(method: string, path: string, body?: unknown) {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: { ...many.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { ms: performance.now() - t0, json: JSON.parse(text) };
}

const measure = async (url: string, headers: Record<string, string> = {}) => {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
};

try {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const rule = {
    frequency: 'SLOTS',
    starts_on: tomorrow,
    start_time: '00:00',
    closes_at: '23:59',
    every_minutes: 30,
    duration_minutes: 30,
    ends: { count: DATES },
  };
  const created = await timed('POST', `events/${many.event.id}/dates/from-rule`, { rule });
  console.log(
    `created ${created.json.data.created.toLocaleString('en')} dates from one rule in ${(created.ms / 1000).toFixed(2)} s (target < 5 s)`,
  );

  const lastPage = Math.ceil(DATES / 50);
  const middle = new Date(Date.now() + (DATES / 96) * 86_400_000).toISOString().slice(0, 10);
  const lists = [
    ['first page', 'page=1&per_page=50'],
    ['middle page', `page=${Math.ceil(lastPage / 2)}&per_page=50`],
    ['last page', `page=${lastPage}&per_page=50`],
    ['status filter', 'filter_fields[status][eq]=ON_SALE&page=2&per_page=50'],
    ['days from the middle', `filter_fields[starts_at][gte]=${middle}&per_page=50`],
  ] as const;
  let worst = 0;
  console.log('back-office date list (median of 5):');
  for (const [name, query] of lists) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const { ms, json } = await timed('GET', `events/${many.event.id}/dates?${query}`);
      times.push(ms);
      rows = json.data.length;
    }
    times.sort((a, b) => a - b);
    worst = Math.max(worst, percentile(times, 50));
    console.log(`  ${name.padEnd(22)} ${percentile(times, 50).toFixed(1).padStart(7)} ms   ${rows} rows`);
  }
  console.log(
    `  slowest median ${worst.toFixed(1)} ms: ${worst < 200 ? 'within' : 'OVER'} the 200 ms target`,
  );

  const page = (e: typeof many) => `${server.url}/e/${e.event.id}/${e.event.slug}`;
  // A browser asks for a compressed page: the third row is what a buyer's phone gets.
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  const pages = [
    ['GET /api/public/events/{id}', (e: typeof many) => `${server.url}/api/public/events/${e.event.id}`, {}],
    ['/e/{id}/{slug}', page, {}],
    ['/e/{id}/{slug}, compressed', page, gzip],
  ] as const;
  console.log(`public answers, ${CONNECTIONS} connections, 2 × ${SECONDS} s each, interleaved:`);
  for (const [name, url, headers] of pages) {
    await measure(url(single), headers); // warm-up
    await measure(url(many), headers);
    const s1 = await measure(url(single), headers);
    const m1 = await measure(url(many), headers);
    const s2 = await measure(url(single), headers);
    const m2 = await measure(url(many), headers);
    const singleRps = (s1.requests.average + s2.requests.average) / 2;
    const manyRps = (m1.requests.average + m2.requests.average) / 2;
    const ratio = singleRps / manyRps;
    console.log(
      `  ${name.padEnd(32)} no dates ${singleRps.toFixed(0)} req/s (p99 ${s2.latency.p99} ms); ${DATES} dates ${manyRps.toFixed(0)} req/s (p99 ${m2.latency.p99} ms): time per answer ${ratio.toFixed(2)}× the single-date event's (target ≤ 2×)`,
    );
  }
} finally {
  await server.stop();
  await db.drop();
}
