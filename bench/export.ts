// Exports (issue 10 benchmark): real PostgreSQL, one event with 100,000 attendees, exported as CSV and as
// XLSX over HTTP from the real server process. Prints the time of each download, its size, and how much
// the server's resident memory grew at its peak while exporting (sampled from /proc every 20 ms).
// Target: peak RSS grows by less than 100 MB — the rows are streamed, never held all at once.
//
//   npx tsx bench/export.ts          (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//   ATTENDEES=20000 npx tsx bench/export.ts

import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addQuestion, addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, startTaquilla } from './lib.ts';

const ATTENDEES = Number(process.env.ATTENDEES ?? 100_000);

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const s = await createSellingEvent(seed.app);
const ticket = await addTicket(seed.app, s.event, { prices: [{ price_cents: 2500, quantity: null }] });
const diet = await addQuestion(seed.app, s.event, { title: 'Dieta', belongs_to: 'ATTENDEE' });

// One completed order holding every unit, and one attendee per unit, written by PostgreSQL itself.
const started = Date.now();
await seed.app.deps.db.execute(sql`
  with o as (
    insert into orders (short_id, account_id, event_id, status, payment_status, reserved_until, first_name,
      last_name, email, currency, subtotal_cents, total_cents, completed_at)
    values ('o_bench_export', ${s.account.id}, ${s.event.id}, 'COMPLETED', 'PAYMENT_RECEIVED', now(), 'Bench',
      'Export', 'bench@example.com', 'EUR', ${2500 * ATTENDEES}, ${2500 * ATTENDEES}, now())
    returning id
  ), i as (
    insert into order_items (order_id, event_id, ticket_id, price_id, ticket_name, quantity, unit_price_cents,
      total_cents)
    select o.id, ${s.event.id}, ${ticket.id}, ${ticket.prices[0]?.id}, ${ticket.name}, ${ATTENDEES}, 2500,
      ${2500 * ATTENDEES} from o
    returning id, order_id
  )
  insert into attendees (short_id, account_id, event_id, order_id, order_item_id, ticket_id, price_id,
    first_name, last_name, email, status, qr_secret, answers)
  select 'a_bench_' || n, ${s.account.id}, ${s.event.id}, i.order_id, i.id, ${ticket.id}, ${ticket.prices[0]?.id},
    'Nombre' || n, 'Apellido ' || (n % 977), 'persona' || n || '@example.com', 'ACTIVE', 'qr_bench_' || n,
    jsonb_build_object(${diet.id}::text, 'Vegana')
  from i, generate_series(1, ${ATTENDEES}) n`);
console.log(
  `seeded ${ATTENDEES.toLocaleString('en')} attendees in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const server = await startTaquilla(db.url, {
  AUTH_SECRET: seed.app.deps.config.authSecret,
  // BENCH_NODE_OPTIONS (e.g. --max-old-space-size=160) shows whether growth is garbage V8 has not collected yet.
  ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
});
await seed.close();

const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function exportOnce(format: 'csv' | 'xlsx') {
  // A warm-up request first, so the figure is the export's own growth, not the first request's code loading.
  await fetch(`${server.url}/api/events/${s.event.id}/attendees?per_page=1`, { headers: s.headers });
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 20);
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/events/${s.event.id}/attendees/export?format=${format}`, {
    headers: s.headers,
  });
  if (!res.ok || !res.body) throw new Error(`${format}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let firstByteMs = 0;
  for await (const chunk of res.body) {
    if (!firstByteMs) firstByteMs = performance.now() - t0;
    bytes += chunk.length;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  console.log(
    `${format.padEnd(4)}  ${seconds.toFixed(2)} s  first byte ${firstByteMs.toFixed(0)} ms  ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MB  RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB ` +
      `(+${(peak - before).toFixed(0)} MB)`,
  );
  return peak - before;
}

try {
  const growth = [await exportOnce('csv'), await exportOnce('xlsx')];
  const worst = Math.max(...growth);
  console.log(`peak RSS growth ${worst.toFixed(0)} MB: ${worst < 100 ? 'within' : 'OVER'} the 100 MB target`);
} finally {
  await server.stop();
  await db.drop();
}
