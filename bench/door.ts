// The door (issue 13 benchmark): real PostgreSQL, one event with 10,000 attendees, 20 door devices against
// the real server process. Ten devices are online and check people in one scan at a time, as the door page
// does (a batch of one, waiting for the answer); ten were offline and upload what they scanned in batches
// of 500 (the page's batch size) while the others scan. Every attendee is scanned once; 2 % of the offline
// scans are a second device admitting someone already in (recorded as conflicts). Prints scans per second,
// p50/p99 of the online check-ins, the offline batches' times, the time for a new device to download the
// whole list (snapshot pages), and the time for one 2,000-check-in offline batch to be accepted.
//
//   npx tsx bench/door.ts            (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//
// All devices share 127.0.0.1, so the per-address door rate limit is raised for the run
// (DOOR_REQUESTS_PER_MINUTE); a venue's phones behind one address share the default 600 requests/minute.

import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import {
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, percentile, startTaquilla } from './lib.ts';

const ATTENDEES = 10_000;
const ONLINE_DEVICES = 10;
const OFFLINE_DEVICES = 10;
const UPLOAD_BATCH = 500;
const BIG_BATCH = 2000;
/** Scans by one device with nothing else running first: the server's own latency, apart from contention. */
const ALONE = 300;

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url, env: { TEST_PAYMENTS: 'true' } });
const s = await createSellingEvent(seed.app);
const ticket = await addTicket(seed.app, s.event, { prices: [{ price_cents: 2500, quantity: null }] });
await buyWithTestCard(seed.app, s.event, ticket);
// The rest of the crowd: rows like the one the checkout just made, inserted in one statement.
await seed.app.deps.db.execute(sql`
  insert into attendees (short_id, account_id, event_id, order_id, order_item_id, ticket_id, price_id,
    first_name, last_name, email, status, qr_secret)
  select 'a_' || substr(md5(random()::text), 1, 20), a.account_id, a.event_id, a.order_id, a.order_item_id,
    a.ticket_id, a.price_id, 'Asistente', 'N' || g, 'asistente' || g || '@example.com', 'ACTIVE',
    md5(random()::text) || substr(md5(random()::text), 1, 8)
  from attendees a, generate_series(2, ${ATTENDEES}) g where a.event_id = ${s.event.id}::uuid`);
const people = rowsOf<{ short_id: string; qr_secret: string }>(
  await seed.app.deps.db.execute(
    sql`select short_id, qr_secret from attendees where event_id = ${s.event.id}::uuid order by short_id`,
  ),
);
const makeList = async (name: string) =>
  (
    await seed.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/check-in-lists`,
      headers: s.headers,
      payload: { name },
    })
  ).json().data as { short_id: string };
const door = await makeList('Puerta principal');
const second = await makeList('Puerta B');

const server = await startTaquilla(db.url, { DOOR_REQUESTS_PER_MINUTE: '1000000' });
const url = (list: { short_id: string }, path: string) =>
  `${server.url}/api/public/check-in-lists/${list.short_id}${path}`;

type Scan = { client_id: string; code: string; scanned_at: string; offline?: boolean };
async function post(list: { short_id: string }, scans: Scan[]) {
  const res = await fetch(url(list, '/check-ins'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ check_ins: scans }),
  });
  if (res.status !== 200) throw new Error(`check-ins: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: { verdict: string }[] };
}

/** A new device: every snapshot page until complete. */
async function fullSnapshot(list: { short_id: string }) {
  let since = '';
  let rows = 0;
  const started = performance.now();
  for (;;) {
    const res = await fetch(url(list, `/snapshot${since ? `?since=${since}` : ''}`));
    const page = (await res.json()) as { data: unknown[]; meta: { version: string; complete: boolean } };
    rows += page.data.length;
    since = encodeURIComponent(page.meta.version);
    if (page.meta.complete) return { rows, ms: performance.now() - started };
  }
}

/** The run; whatever happens, the server and the database do not outlive it. */
try {
  // Warm-up: the server's first requests compile and connect.
  await fullSnapshot(door);
  const snapshot = await fullSnapshot(door);

  // One device alone, on the second list (so the crowd below is untouched).
  const alone: number[] = [];
  for (const p of people.slice(ATTENDEES - ALONE)) {
    const t0 = performance.now();
    await post(second, [
      { client_id: `alone-${p.short_id}`, code: p.qr_secret, scanned_at: new Date().toISOString() },
    ]);
    alone.push(performance.now() - t0);
  }
  alone.sort((a, b) => a - b);

  // Who scans whom: the first half online, the second half offline; 2 % of the offline scans repeat an
  // online-admitted attendee (a second device let them in too).
  const half = ATTENDEES / 2;
  const onlineQueue = people.slice(0, half);
  const offlinePeople = people.slice(half);
  const earlier = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const offlineScans: Scan[][] = Array.from({ length: OFFLINE_DEVICES }, () => []);
  for (const [i, p] of offlinePeople.entries()) {
    offlineScans[i % OFFLINE_DEVICES]?.push({
      client_id: `offline-${i}`,
      code: p.qr_secret,
      scanned_at: earlier(30 - (i % 30)),
      offline: true,
    });
  }
  for (let i = 0; i < half * 0.02; i++) {
    const p = onlineQueue[i * 50];
    if (p)
      offlineScans[i % OFFLINE_DEVICES]?.push({
        client_id: `duplicate-${i}`,
        code: p.short_id,
        scanned_at: earlier(1),
        offline: true,
      });
  }

  const onlineLatencies: number[] = [];
  const batchTimes: number[] = [];
  const verdicts = new Map<string, number>();
  const count = (v: string) => verdicts.set(v, (verdicts.get(v) ?? 0) + 1);
  let next = 0;

  async function onlineDevice(device: number) {
    for (;;) {
      const p = onlineQueue[next++];
      if (!p) return;
      const started = performance.now();
      const answer = await post(door, [
        {
          client_id: `online-${device}-${p.short_id}`,
          code: p.qr_secret,
          scanned_at: new Date().toISOString(),
        },
      ]);
      onlineLatencies.push(performance.now() - started);
      count(answer.data[0]?.verdict ?? '?');
    }
  }

  async function offlineDevice(scans: Scan[]) {
    for (let i = 0; i < scans.length; i += UPLOAD_BATCH) {
      const started = performance.now();
      const answer = await post(door, scans.slice(i, i + UPLOAD_BATCH));
      batchTimes.push(performance.now() - started);
      for (const a of answer.data) count(a.verdict);
    }
  }

  const started = performance.now();
  await Promise.all([
    ...Array.from({ length: ONLINE_DEVICES }, (_, d) => onlineDevice(d)),
    ...offlineScans.map((scans) => offlineDevice(scans)),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const scans = onlineLatencies.length + offlineScans.reduce((n, list) => n + list.length, 0);

  // One phone that was offline all evening: 2,000 check-ins in one upload, to the second list.
  const big = people.slice(0, BIG_BATCH).map((p, i) => ({
    client_id: `big-batch-${i}`,
    code: p.qr_secret,
    scanned_at: earlier(60 - (i % 60)),
    offline: true,
  }));
  const bigStarted = performance.now();
  const bigAnswer = await post(second, big);
  const bigMs = performance.now() - bigStarted;
  const bigAdmitted = bigAnswer.data.filter((a) => a.verdict === 'ADMITTED').length;
  const incremental = performance.now();
  await fetch(url(door, `/snapshot?since=${encodeURIComponent('0')}`));
  const sinceZeroMs = performance.now() - incremental;

  const [stored] = rowsOf<{ check_ins: number; conflicts: number }>(
    await seed.app.deps.db.execute(sql`
      select (select count(*) from check_ins where event_id = ${s.event.id}::uuid)::int as check_ins,
        (select count(*) from check_in_conflicts where event_id = ${s.event.id}::uuid)::int as conflicts`),
  );

  const sorted = [...onlineLatencies].sort((a, b) => a - b);
  const batches = [...batchTimes].sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `door bench: ${ATTENDEES} attendees, ${ONLINE_DEVICES} online + ${OFFLINE_DEVICES} offline devices, PostgreSQL`,
  );
  console.log(
    `  full snapshot for a new device: ${snapshot.rows} rows in ${ms(snapshot.ms)} (one page of 1,000 rows: ${ms(sinceZeroMs)})`,
  );
  console.log(
    `  one device alone: ${alone.length} online check-ins, p50 ${ms(percentile(alone, 50))}, p99 ${ms(percentile(alone, 99))}`,
  );
  console.log(`  scans: ${scans} in ${seconds.toFixed(2)} s → ${(scans / seconds).toFixed(0)} scans/s`);
  console.log(
    `  online check-ins: ${sorted.length}, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`,
  );
  console.log(
    `  offline batches of ${UPLOAD_BATCH}: ${batches.length}, p50 ${ms(percentile(batches, 50))}, max ${ms(batches.at(-1) ?? 0)}`,
  );
  console.log(`  verdicts: ${JSON.stringify(Object.fromEntries(verdicts))}`);
  console.log(
    `  stored: ${stored?.check_ins} check-ins (expected ${ATTENDEES + BIG_BATCH + ALONE}), ${stored?.conflicts} conflicts`,
  );
  console.log(
    `  one ${BIG_BATCH}-check-in offline batch: accepted in ${ms(bigMs)} (${bigAdmitted} admitted)`,
  );
} finally {
  await server.stop();
  await seed.close();
  await db.drop();
}
