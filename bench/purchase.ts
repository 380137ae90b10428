// Whole purchase under a flash sale (issue 14): real PostgreSQL, one event, one ticket with 1,000 units,
// 100 concurrent buyers each doing the full purchase over HTTP against the real server process:
// reserve → details with one attendee → test-card payment → COMPLETED, until the ticket is sold out.
// Prints whole purchases per second, p50/p99 of a whole purchase and of each step, the sold count and the
// attendee count (both exactly 1,000), the e-mails queued and sent by the job worker, the CPU per purchase
// (the sale and its e-mails), then pgbench TPC-B (-s 1, same number of
// clients, 10 s) on the same PostgreSQL as the machine's reference.
//
//   npx tsx bench/purchase.ts          (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//
// BUYERS (default 100), WEB_CONCURRENCY (server processes, default 1), PGBENCH=0 skips pgbench,
// BENCH_CPU_PROF=<dir> writes a CPU profile of the server.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, cpuSnapshot, percentile, startTaquilla } from './lib.ts';
import { PurchaseFlow } from './purchase-flow.ts';

const UNITS = 1000;
const BUYERS = Number(process.env.BUYERS ?? 100);
const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 1);
const PGBENCH_SECONDS = 10;

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const { event } = await createSellingEvent(seed.app);
const ticket = await addTicket(seed.app, event, { prices: [{ price_cents: 3500, quantity: UNITS }] });
const warm = await createSellingEvent(seed.app);
const warmTicket = await addTicket(seed.app, warm.event, { prices: [{ price_cents: 100, quantity: null }] });
const server = await startTaquilla(db.url, { WEB_CONCURRENCY: String(WORKERS), TEST_PAYMENTS: 'true' });
const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS });

const flow = new PurchaseFlow(server.url, agent, BUYERS);
const { stepTimes, purchases, failures } = flow;

function pgbench(clients: number): string {
  const bin = ['/usr/lib/postgresql/15/bin/pgbench', 'pgbench'].find((b) => b === 'pgbench' || existsSync(b));
  const url = new URL(db.url);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'];
  const name = url.pathname.slice(1);
  execFileSync(bin ?? 'pgbench', [...args, '-i', '-q', '-s', '1', name], { stdio: 'ignore' });
  const out = execFileSync(
    bin ?? 'pgbench',
    [...args, '-c', String(clients), '-j', '2', '-T', String(PGBENCH_SECONDS), name],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const tps = /tps = ([\d.]+)/.exec(out)?.[1] ?? '?';
  const latency = /latency average = ([\d.]+ ms)/.exec(out)?.[1] ?? '?';
  return `${Number(tps).toFixed(0)} tps, latency average ${latency}`;
}

try {
  // Warm-up on another event: JIT, connection pools, cached plans.
  await flow.sale(warm.event.id, warmTicket, { limit: 300 });
  flow.reset();

  const before = await cpuSnapshot(seed.app.deps.db);
  const started = performance.now();
  await flow.sale(event.id, ticket);
  const seconds = (performance.now() - started) / 1000;

  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await seed.app.deps.db.execute(query));
  const [counts] = await q<{ sold: number; completed: number; attendees: number; emails: number }>(sql`
    select
      (select coalesce(sum(oi.quantity), 0)::int from order_items oi join orders o on o.id = oi.order_id
        where oi.ticket_id = ${ticket.id} and (o.status in ('COMPLETED', 'AWAITING_OFFLINE_PAYMENT')
          or (o.status = 'RESERVED' and o.reserved_until > now()))) as sold,
      (select count(*)::int from orders where event_id = ${event.id} and status = 'COMPLETED') as completed,
      (select count(*)::int from attendees where event_id = ${event.id}) as attendees,
      (select count(*)::int from jobs where payload::text like ${`%${event.id}%`}) as emails`);
  if (!counts) throw new Error('no counts');
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const all = sorted(purchases);
  console.log(
    'Whole purchase: 1 event, 1 ticket × %d units, %d concurrent buyers, %d server process(es)',
    UNITS,
    BUYERS,
    WORKERS,
  );
  console.log('  sold out in              %s s', seconds.toFixed(2));
  console.log('  purchases/s              %s', (purchases.length / seconds).toFixed(0));
  console.log('  purchase p50 / p99       %s / %s', ms(percentile(all, 50)), ms(percentile(all, 99)));
  for (const [step, times] of Object.entries(stepTimes)) {
    const s = sorted(times);
    console.log('  %s p50 / p99 %s / %s', step.padEnd(22), ms(percentile(s, 50)), ms(percentile(s, 99)));
  }
  console.log('  sold count               %d %s', counts.sold, counts.sold === UNITS ? '(exact)' : '(WRONG)');
  console.log('  completed orders         %d', counts.completed);
  console.log(
    '  attendees                %d %s',
    counts.attendees,
    counts.attendees === UNITS ? '(exact)' : '(WRONG)',
  );
  console.log('  e-mail jobs queued       %d', counts.emails);
  // The job worker sends them while the sale runs; wait (up to a minute) for the last ones, polling
  // every 100 ms (a few cheap statements, counted in the PostgreSQL figure below).
  const sentAfter = performance.now();
  let sent = 0;
  while (performance.now() - sentAfter < 60_000) {
    const [row] = await q<{ sent: number }>(sql`
      select count(*)::int as sent from jobs
      where payload::text like ${`%${event.id}%`} and completed_at is not null`);
    sent = row?.sent ?? 0;
    if (sent >= counts.emails) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(
    '  e-mail jobs sent         %d, the last %s s after the sale',
    sent,
    ((performance.now() - sentAfter) / 1000).toFixed(1),
  );
  // The CPU of the sale and of sending its e-mails (the worker may finish them after the last purchase).
  const after = await cpuSnapshot(seed.app.deps.db);
  const postgres = [...after.postgres].reduce(
    (sum, [pid, t]) => sum + t - (before.postgres.get(pid) ?? 0),
    0,
  );
  const total = after.machine.total - before.machine.total;
  const busy = total - (after.machine.idle - before.machine.idle);
  console.log(
    '  cpu per purchase         server %s ms, postgres %s ms, bench %s ms; machine busy %s of %s cpu-s',
    (((after.server - before.server) / UNITS) * 1000).toFixed(2),
    ((postgres / UNITS) * 1000).toFixed(2),
    (((after.bench - before.bench) / UNITS) * 1000).toFixed(2),
    busy.toFixed(1),
    total.toFixed(1),
  );
  if (failures.size)
    console.log('  failures                 %s', JSON.stringify(Object.fromEntries(failures)));
  if (
    counts.sold !== UNITS ||
    counts.attendees !== UNITS ||
    counts.completed !== UNITS ||
    sent < counts.emails ||
    failures.size
  ) {
    process.exitCode = 1;
  }
} finally {
  agent.destroy();
  await server.stop();
  await seed.close();
  // The reference, once the server's connections are closed (PostgreSQL allows 100 here).
  try {
    if (process.env.PGBENCH !== '0') {
      // Other sessions on a shared machine may hold connections: as many clients as are free, said so.
      const free = Number(
        execFileSync(
          'psql',
          [
            db.url,
            '-Atc',
            "select current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int - count(*) - 2 from pg_stat_activity",
          ],
          { encoding: 'utf8' },
        ).trim(),
      );
      const clients = Math.max(1, Math.min(BUYERS, free));
      const note = clients < BUYERS ? ` (only ${clients} connections free)` : '';
      console.log('  pgbench TPC-B -s 1 -c %d %d s: %s%s', clients, PGBENCH_SECONDS, pgbench(clients), note);
    }
  } catch (err) {
    console.log('  pgbench failed: %s', (err as { stderr?: string }).stderr ?? err);
    process.exitCode = 1;
  } finally {
    await db.drop();
  }
}
