// Flash sale (issue 6 benchmark): real PostgreSQL, one event, one ticket with 1,000 units, 500 concurrent
// buyers over HTTP against the real server process. Prints reservations per second, p50/p99 latency and
// the sold count, which must be exactly 1,000; then where the CPU went during the sale.
//
//   npx tsx bench/flash-sale.ts            (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//
// The server runs with NODE_ENV=production and its default single process; WEB_CONCURRENCY=2 runs it as
// cluster workers instead (slower on this 2-core machine, where PostgreSQL and autocannon share the cores:
// see bench/README.md). BUYERS=1 measures one buyer at a time.

import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, cpuSnapshot, percentile, startTaquilla } from './lib.ts';

const UNITS = 1000;
const BUYERS = Number(process.env.BUYERS ?? 500);
const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 1);
/** Each buyer keeps trying; 2.5 attempts per unit makes sure the sale runs out while all buyers push. */
const REQUESTS = 2500;

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const { event } = await createSellingEvent(seed.app);
const ticket = await addTicket(seed.app, event, { prices: [{ price_cents: 3500, quantity: UNITS }] });
const warm = await createSellingEvent(seed.app);
const warmTicket = await addTicket(seed.app, warm.event, { prices: [{ price_cents: 100, quantity: null }] });
const server = await startTaquilla(db.url, { WEB_CONCURRENCY: String(WORKERS) });

function run(url: string, body: string, amount: number, onResponse?: (status: number, ms: number) => void) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        connections: BUYERS,
        amount,
        timeout: 60,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (onResponse) {
      instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
    }
  });
}

const line = (t: { id: string; prices: { id: string }[] }) =>
  JSON.stringify({ tickets: [{ ticket_id: t.id, price_id: t.prices[0].id, quantity: 1 }] });

const cpuNow = () => cpuSnapshot(seed.app.deps.db);

try {
  // Warm-up on another event: JIT, connection pools, cached plans.
  await run(`${server.url}/api/public/events/${warm.event.id}/order`, line(warmTicket), 1000);

  const before = await cpuNow();
  const started = performance.now();
  let lastCreated = started;
  const created: number[] = [];
  const all: number[] = [];
  const statuses = new Map<number, number>();
  await run(`${server.url}/api/public/events/${event.id}/order`, line(ticket), REQUESTS, (status, ms) => {
    all.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status === 201) {
      created.push(ms);
      lastCreated = performance.now();
    }
  });
  const after = await cpuNow();
  const [{ sold }] = rowsOf<{ sold: number }>(
    await seed.app.deps.db.execute(sql`
      select coalesce(sum(oi.quantity), 0)::int as sold from order_items oi join orders o on o.id = oi.order_id
      where oi.ticket_id = ${ticket.id} and (o.status in ('COMPLETED', 'AWAITING_OFFLINE_PAYMENT')
        or (o.status = 'RESERVED' and o.reserved_until > now()))`),
  );
  const seconds = (lastCreated - started) / 1000;
  created.sort((a, b) => a - b);
  all.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    'Flash sale: 1 event, 1 ticket × %d units, %d concurrent buyers, %d requests, %d server process(es)',
    UNITS,
    BUYERS,
    REQUESTS,
    WORKERS,
  );
  console.log('  sold out in           %s s', seconds.toFixed(2));
  console.log('  reservations/s        %s', (created.length / seconds).toFixed(0));
  console.log(
    '  latency (reservations) p50 %s  p99 %s',
    ms(percentile(created, 50)),
    ms(percentile(created, 99)),
  );
  console.log('  latency (all requests) p50 %s  p99 %s', ms(percentile(all, 50)), ms(percentile(all, 99)));
  console.log('  responses             %s', JSON.stringify(Object.fromEntries(statuses)));
  console.log(
    '  sold count            %d %s',
    sold,
    sold === UNITS ? '(exact)' : '(WRONG: oversold or undersold)',
  );
  const postgres = [...after.postgres].reduce(
    (sum, [pid, t]) => sum + t - (before.postgres.get(pid) ?? 0),
    0,
  );
  const total = after.machine.total - before.machine.total;
  const busy = total - (after.machine.idle - before.machine.idle);
  console.log(
    '  cpu, all requests     server %s s, postgres %s s, bench (autocannon) %s s; machine busy %s of %s cpu-s',
    (after.server - before.server).toFixed(2),
    postgres.toFixed(2),
    (after.bench - before.bench).toFixed(2),
    busy.toFixed(1),
    total.toFixed(1),
  );
  if (sold !== UNITS || created.length !== UNITS) process.exitCode = 1;
} finally {
  await server.stop();
  await seed.close();
  await db.drop();
}
