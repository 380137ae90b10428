// Reports (issue 23 benchmark): real PostgreSQL, one event with 100,000 orders (two tickets with taxes and
// fees, promo codes, affiliates, three payment methods, partial refunds, cancellations) and 100,000
// attendees on two check-in lists, each report asked over HTTP of the real server process: for the whole
// history, for a 30-day range, and over the whole account. Prints the median of 3 answers per report.
// Target: every report answers in < 1 s.
//
//   npx tsx bench/reports.ts          (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//   ORDERS=20000 npx tsx bench/reports.ts

import { REPORT_KINDS } from '@taquilla/shared/schemas/reports';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addAffiliate, addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, percentile, startTaquilla } from './lib.ts';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const RUNS = 3;

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const s = await createSellingEvent(seed.app);
const general = await addTicket(seed.app, s.event, {
  name: 'General',
  prices: [{ price_cents: 2500, quantity: null }],
});
const vip = await addTicket(seed.app, s.event, {
  name: 'VIP',
  prices: [{ price_cents: 6000, quantity: null }],
});
const affiliates = [
  await addAffiliate(seed.app, s.event, 'RADIO'),
  await addAffiliate(seed.app, s.event, 'BLOG'),
];

// Orders over the last 90 days, written by PostgreSQL itself: 1–4 units of one ticket each, 21 % IVA and a
// 0,50 € fee per unit, 10 % off with a code on one order in five, an affiliate on one in ten; one in
// twenty cancelled, one in ten partly refunded (one in forty of those refunds still pending).
const started = Date.now();
// A connection of its own: the temporary tables live in it, and the app's query timeouts do not apply.
const seeder = drizzle(new pg.Pool({ connectionString: db.url, max: 1 }));
await seeder.execute(sql`
  create temporary table bench_orders as
  select n, gen_random_uuid() as id,
    case when n % 2 = 0 then ${general.id}::uuid else ${vip.id}::uuid end as ticket_id,
    case when n % 2 = 0 then ${general.prices[0]?.id}::uuid else ${vip.prices[0]?.id}::uuid end as price_id,
    case when n % 2 = 0 then 2500 else 6000 end as price,
    1 + n % 4 as quantity,
    n % 5 = 0 as promo,
    now() - make_interval(mins => (n * 7919) % (90 * 24 * 60)) as completed_at
  from generate_series(1, ${ORDERS}) n`);
await seeder.execute(sql`
  create temporary table bench_lines as
  select b.*, case when promo then price / 10 else 0 end as discount,
    ((price - case when promo then price / 10 else 0 end) * 21 + 50) / 100 as tax
  from bench_orders b`);
await seeder.execute(sql`
  insert into orders (id, short_id, account_id, event_id, status, payment_status, payment_provider, reserved_until,
    first_name, last_name, email, currency, subtotal_cents, discount_cents, taxes_cents, fees_cents, total_cents,
    promo_code, affiliate_id, completed_at, created_at)
  select id, 'o_bench_' || n, ${s.account.id}, ${s.event.id}, case when n % 20 = 0 then 'CANCELLED' else 'COMPLETED' end,
    'PAYMENT_RECEIVED', (array['test', 'stripe', 'offline'])[1 + n % 3], completed_at, 'Nombre' || n, 'Apellido',
    'persona' || n || '@example.com', 'EUR', price * quantity, discount * quantity, tax * quantity, 50 * quantity,
    (price - discount + tax + 50) * quantity, case when promo then 'VERANO' end,
    case when n % 10 = 0 then ${affiliates[0]?.id}::uuid when n % 10 = 5 then ${affiliates[1]?.id}::uuid end,
    completed_at, completed_at
  from bench_lines`);
await seeder.execute(sql`
  insert into order_items (order_id, event_id, ticket_id, price_id, ticket_name, quantity, unit_price_cents,
    unit_discount_cents, taxes_cents, fees_cents, total_cents, taxes_and_fees, holds_until)
  select id, ${s.event.id}, ticket_id, price_id, 'Entrada', quantity, price, discount, tax * quantity, 50 * quantity,
    (price - discount + tax + 50) * quantity,
    jsonb_build_array(
      jsonb_build_object('id', 'iva', 'name', 'IVA', 'type', 'TAX', 'calculation', 'PERCENTAGE', 'value', 2100, 'amount_cents', tax),
      jsonb_build_object('id', 'fee', 'name', 'Gastos', 'type', 'FEE', 'calculation', 'FIXED', 'value', 50, 'amount_cents', 50)),
    'infinity'
  from bench_lines`);
await seeder.execute(sql`
  with p as (
    insert into payments (order_id, provider, provider_ref, status, amount_cents, currency)
    select id, 'test', 'pay_bench_' || n, 'SUCCEEDED', 1000, 'EUR' from bench_orders where n % 10 = 3
    returning id, order_id
  )
  insert into order_refunds (account_id, order_id, payment_id, provider, status, amount_cents, currency, created_at)
  select ${s.account.id}, p.order_id, p.id, 'test', case when b.n % 40 = 3 then 'PENDING' else 'SUCCEEDED' end, 1000,
    'EUR', b.completed_at + interval '2 days'
  from p join bench_orders b on b.id = p.order_id`);
// One attendee per order, two check-in lists (one per ticket), four in ten checked in.
await seeder.execute(sql`
  insert into check_in_lists (account_id, event_id, short_id, name, ticket_ids) values
    (${s.account.id}, ${s.event.id}, 'c_bench_general', 'Puerta General', jsonb_build_array(${general.id}::text)),
    (${s.account.id}, ${s.event.id}, 'c_bench_vip', 'Puerta VIP', jsonb_build_array(${vip.id}::text))`);
await seeder.execute(sql`
  insert into attendees (short_id, account_id, event_id, order_id, order_item_id, ticket_id, price_id, first_name,
    last_name, email, status, qr_secret)
  select 'a_bench_' || b.n, ${s.account.id}, ${s.event.id}, b.id, oi.id, b.ticket_id, b.price_id, 'Nombre', 'Apellido',
    'persona' || b.n || '@example.com', case when b.n % 20 = 0 then 'CANCELLED' else 'ACTIVE' end, 'qr_bench_' || b.n
  from bench_orders b join order_items oi on oi.order_id = b.id`);
await seeder.execute(sql`
  insert into check_ins (account_id, event_id, check_in_list_id, attendee_id)
  select a.account_id, a.event_id, l.id, a.id
  from attendees a join check_in_lists l on l.event_id = a.event_id and l.ticket_ids @> to_jsonb(a.ticket_id::text)
  where a.event_id = ${s.event.id}::uuid and a.status = 'ACTIVE' and right(a.short_id, 1) in ('0', '1', '2', '3')`);
// As autovacuum leaves a settled table: statistics and the visibility map (index-only scans).
await seeder.execute(sql`vacuum analyze`);
await seeder.$client.end();
console.log(
  `seeded ${ORDERS.toLocaleString('en')} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const server = await startTaquilla(db.url, { AUTH_SECRET: seed.app.deps.config.authSecret });
await seed.close();

const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(Date.now() - offset * 86_400_000);
const scopes = [
  { name: 'event, all time', base: `events/${s.event.id}/reports`, query: '' },
  { name: 'event, 30 days', base: `events/${s.event.id}/reports`, query: `?from=${day(45)}&to=${day(16)}` },
  { name: 'account, all time', base: 'reports', query: '' },
];

async function timed(url: string) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: s.headers });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${body}`);
  return { ms: performance.now() - t0, body };
}

try {
  let worst = 0;
  console.log(`report              ${scopes.map((x) => x.name.padStart(18)).join('')}   rows`);
  for (const kind of REPORT_KINDS) {
    const cells: string[] = [];
    let rows = 0;
    for (const scope of scopes) {
      const url = `${server.url}/api/${scope.base}/${kind}${scope.query}`;
      await timed(url); // warm-up: plans and code loaded
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { ms, body } = await timed(url);
        times.push(ms);
        rows = Math.max(rows, JSON.parse(body).data.rows.length);
      }
      times.sort((a, b) => a - b);
      const median = percentile(times, 50);
      worst = Math.max(worst, ...times);
      cells.push(`${median.toFixed(0).padStart(15)} ms`);
    }
    console.log(`${kind.padEnd(20)}${cells.join('')}   ${rows}`);
  }
  const exportUrl = `${server.url}/api/events/${s.event.id}/reports/sales-by-day/export?format=xlsx`;
  console.log(`sales-by-day XLSX export: ${(await timed(exportUrl)).ms.toFixed(0)} ms`);
  const revenue = JSON.parse((await timed(`${server.url}/api/events/${s.event.id}/reports/revenue`)).body)
    .data.rows[0];
  console.log(`revenue: ${JSON.stringify(revenue)}`);
  console.log(
    `slowest single answer ${worst.toFixed(0)} ms: ${worst < 1000 ? 'within' : 'OVER'} the 1 s target`,
  );
} finally {
  await server.stop();
  await db.drop();
}
