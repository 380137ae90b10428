// The whole purchase on one date of a 5,000-date event against a single-date event (issue 27): real
// PostgreSQL and the real server process, 100 concurrent buyers each doing the whole purchase (reserve →
// details → test-card payment → COMPLETED) until 1,000 units are sold. Alternates the two kinds twice
// (single, date, single, date), each on fresh stock, and prints purchases per second of each run and
// the ratio (target: the dated sale within 10 % of the single-date one), with the sold counts checked.
//
//   npx tsx bench/purchase-on-date.ts   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//   DATES=1000 BUYERS=50 npx tsx bench/purchase-on-date.ts

import http from 'node:http';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, percentile, startTaquilla } from './lib.ts';
import { PurchaseFlow } from './purchase-flow.ts';

const UNITS = 1000;
const DATES = Number(process.env.DATES ?? 5000);
const BUYERS = Number(process.env.BUYERS ?? 100);

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const singles = [await createSellingEvent(seed.app), await createSellingEvent(seed.app)];
const singleTickets = [];
for (const s of singles) {
  singleTickets.push(
    await addTicket(seed.app, s.event, { prices: [{ price_cents: 3500, quantity: UNITS }] }),
  );
}
const many = await createSellingEvent(seed.app);
// A tier's quantity is per date: each date of this event sells 1,000 units.
const manyTicket = await addTicket(seed.app, many.event, {
  prices: [{ price_cents: 3500, quantity: UNITS }],
});
const warm = await createSellingEvent(seed.app);
const warmTicket = await addTicket(seed.app, warm.event, { prices: [{ price_cents: 100, quantity: null }] });
const server = await startTaquilla(db.url, {
  AUTH_SECRET: seed.app.deps.config.authSecret,
  TEST_PAYMENTS: 'true',
});
const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS });
const flow = new PurchaseFlow(server.url, agent, BUYERS);

async function organizer(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: { ...many.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

const soldOn = async (ticketId: string, dateId: string | null) => {
  const [row] = rowsOf<{ sold: number; completed: number }>(
    await seed.app.deps.db.execute(sql`
      select coalesce(sum(oi.quantity), 0)::int as sold, count(distinct o.id)::int as completed
      from order_items oi join orders o on o.id = oi.order_id
      where oi.ticket_id = ${ticketId}::uuid and o.status = 'COMPLETED'
        and oi.event_date_id is not distinct from ${dateId}::uuid`),
  );
  return row ?? { sold: 0, completed: 0 };
};

try {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await organizer('POST', `events/${many.event.id}/dates/from-rule`, {
    rule: {
      frequency: 'SLOTS',
      starts_on: tomorrow,
      start_time: '00:00',
      closes_at: '23:59',
      every_minutes: 30,
      duration_minutes: 30,
      ends: { count: DATES },
    },
  });
  // Two dates in the middle of the 5,000.
  const middle = Math.ceil(DATES / 2 / 50);
  const page = await organizer('GET', `events/${many.event.id}/dates?page=${middle}&per_page=50`);
  const dateIds: string[] = [page.data[0].id, page.data[1].id];

  await flow.sale(warm.event.id, warmTicket, { limit: 300 });
  const runs: { kind: 'single' | 'date'; rate: number; p50: number; p99: number; sold: number }[] = [];
  for (let i = 0; i < 2; i++) {
    for (const kind of ['single', 'date'] as const) {
      flow.reset();
      const eventId = kind === 'single' ? singles[i]?.event.id : many.event.id;
      const ticket = kind === 'single' ? singleTickets[i] : manyTicket;
      const dateId = kind === 'date' ? dateIds[i] : undefined;
      if (!eventId || !ticket) throw new Error('no event');
      const t0 = performance.now();
      await flow.sale(eventId, ticket, { dateId });
      const seconds = (performance.now() - t0) / 1000;
      const sorted = [...flow.purchases].sort((a, b) => a - b);
      const { sold } = await soldOn(ticket.id, dateId ?? null);
      runs.push({
        kind,
        rate: flow.purchases.length / seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        sold,
      });
      if (flow.failures.size) console.log('  failures %s', JSON.stringify(Object.fromEntries(flow.failures)));
    }
  }
  console.log(
    'Whole purchase, %d concurrent buyers, 1 server process: a single-date event against one date of a %s-date event, alternated',
    BUYERS,
    DATES.toLocaleString('en'),
  );
  for (const r of runs) {
    console.log(
      '  %s %s purchases/s, p50 / p99 %s / %s ms, sold %d %s',
      (r.kind === 'single' ? 'single-date event ' : `one date of ${DATES}`).padEnd(20),
      r.rate.toFixed(0).padStart(4),
      r.p50.toFixed(0),
      r.p99.toFixed(0),
      r.sold,
      r.sold === UNITS ? '(exact)' : '(WRONG)',
    );
  }
  const mean = (kind: string) => {
    const of = runs.filter((r) => r.kind === kind);
    return of.reduce((s, r) => s + r.rate, 0) / of.length;
  };
  const ratio = mean('date') / mean('single');
  console.log('  dated sale at %s%% of the single-date one (target ≥ 90%%)', (ratio * 100).toFixed(1));
  // The other dates kept their units: a date's sale takes nothing from the next one.
  const untouched = await soldOn(manyTicket.id, page.data[2].id);
  console.log(
    '  a third date, not on sale in this run: %d sold %s',
    untouched.sold,
    untouched.sold === 0 ? '(exact)' : '(WRONG)',
  );
  if (runs.some((r) => r.sold !== UNITS) || untouched.sold !== 0) process.exitCode = 1;
} finally {
  agent.destroy();
  await server.stop();
  await seed.close();
  await db.drop();
}
