// Webhooks (issue 26): ORDERS whole purchases over HTTP against the real server process, each completed
// order sent as an `order.completed` message to ENDPOINTS webhook endpoints of the account, all pointing
// to a receiver in this process (so the server runs with WEBHOOKS_ALLOW_PRIVATE). The receiver checks
// each signature and counts by `webhook-id`. Prints deliveries per second and the time from the order
// (the message's `timestamp`, taken in the payment's transaction) to its arrival, p50/p99; checks that
// every completed order reached every endpoint exactly once (a repeat allowed only across a crash, and
// then with the same webhook-id).
//
//   npx tsx bench/webhooks.ts          (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//
// ORDERS (default 10,000), ENDPOINTS (default 2), BUYERS (concurrent buyers, default 50);
// CRASH_AFTER=n kills the server with SIGKILL once n messages arrived and starts it again on the same
// database (the buyers retry what the crash cut off); WAIT_SECONDS (default 1,200) is how long it waits
// after the last order for the last message.

import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { SEND_EMAIL_JOB } from '../apps/server/src/lib/mailer.ts';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, cpuOf, jsonRequest, percentile, startTaquilla } from './lib.ts';

const ORDERS = Number(process.env.ORDERS ?? 10_000);
const ENDPOINTS = Number(process.env.ENDPOINTS ?? 2);
const BUYERS = Number(process.env.BUYERS ?? 50);
const CRASH_AFTER = process.env.CRASH_AFTER ? Number(process.env.CRASH_AFTER) : null;
/** How long to wait after the last order for every message to arrive. */
const WAIT_SECONDS = Number(process.env.WAIT_SECONDS ?? 1200);

// ---- the receiver: one path per endpoint, every request recorded and verified ----
interface Arrival {
  endpoint: string;
  webhookId: string;
  orderId: string;
  latencyMs: number;
}
const arrivals: Arrival[] = [];
let badSignatures = 0;
const secrets = new Map<string, string>();

function verified(secret: string, headers: http.IncomingHttpHeaders, body: string) {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .includes(expected);
}

const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const arrived = Date.now();
    const body = Buffer.concat(chunks).toString('utf8');
    const endpoint = req.url ?? '';
    const secret = secrets.get(endpoint);
    if (!secret || !verified(secret, req.headers, body)) badSignatures++;
    const message = JSON.parse(body) as { timestamp: string; data: { id: string } };
    arrivals.push({
      endpoint,
      webhookId: String(req.headers['webhook-id']),
      orderId: message.data.id,
      latencyMs: arrived - Date.parse(message.timestamp),
    });
    res.end('ok');
  });
});
receiver.keepAliveTimeout = 1000;
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

// ---- the account: one event, one ticket without a limit, ENDPOINTS endpoints ----
const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const s = await createSellingEvent(seed.app);
const ticket = await addTicket(seed.app, s.event, { prices: [{ price_cents: 2500, quantity: null }] });
for (let i = 1; i <= ENDPOINTS; i++) {
  const res = await seed.app.inject({
    method: 'POST',
    url: '/api/accounts/me/webhooks',
    headers: s.headers,
    payload: { url: `${receiverUrl}/endpoint-${i}`, event_types: ['order.completed'] },
  });
  if (res.statusCode !== 201) throw new Error(`endpoint: ${res.statusCode} ${res.body}`);
  secrets.set(`/endpoint-${i}`, res.json().data.secret);
}

const serverEnv = { TEST_PAYMENTS: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true' };
let server = await startTaquilla(db.url, serverEnv);
let serverCpu = 0;
let restarting: Promise<void> | null = null;
let crashed = false;

// ---- the buyers: whole purchases (reserve → details → test card) until ORDERS completed ----
const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS });
const call = (method: string, path: string, body: unknown) =>
  jsonRequest<{ data?: { short_id?: string; status?: string } }>(server.url, agent, method, path, body);

let claimed = 0;
const failures = new Map<string, number>();
const fail = (what: string) => {
  failures.set(what, (failures.get(what) ?? 0) + 1);
  return false;
};
const priceId = ticket.prices[0]?.id ?? '';

/** One whole purchase; true when it answered COMPLETED. */
async function purchase(n: number): Promise<boolean> {
  const base = `/api/public/events/${s.event.id}/order`;
  const reserved = await call('POST', base, {
    tickets: [{ ticket_id: ticket.id, price_id: priceId, quantity: 1 }],
  });
  if (reserved.status !== 201) return fail(`reserve ${reserved.status}`);
  const order = `${base}/${reserved.json?.data?.short_id}`;
  const email = `comprador${n}@example.com`;
  const details = await call('PUT', order, {
    first_name: 'Ana',
    last_name: `García ${n}`,
    email,
    email_confirmation: email,
    attendees: [{ ticket_id: ticket.id, first_name: 'Ana', last_name: `García ${n}`, email }],
  });
  if (details.status !== 200) return fail(`details ${details.status}`);
  const paid = await call('POST', `${order}/payment`, {
    provider: 'test',
    card_number: '4242 4242 4242 4242',
  });
  if (paid.status !== 200 || paid.json?.data?.status !== 'COMPLETED') return fail(`payment ${paid.status}`);
  return true;
}

/** Buys until ORDERS purchases answered COMPLETED; a failed one is tried again (at most 1,000 in all). */
async function buyer() {
  while (claimed < ORDERS) {
    const n = claimed++;
    let ok = false;
    try {
      ok = await purchase(n);
    } catch {
      // The server was killed under this purchase: try again once it is back (the order the crash cut
      // off may still have completed; the database, not this count, says which orders exist).
      fail('connection');
      await (restarting ?? new Promise((r) => setTimeout(r, 200)));
    }
    if (!ok) claimed--;
    if ([...failures.values()].reduce((a, b) => a + b, 0) > 1000) throw new Error('too many failures');
  }
}

/** CRASH_AFTER: SIGKILL in the middle of the run, then the same database served again. */
async function crashWhenDue() {
  if (CRASH_AFTER === null) return;
  while (arrivals.length < CRASH_AFTER) await new Promise((r) => setTimeout(r, 20));
  serverCpu += cpuOf(server.pid);
  process.kill(server.pid, 'SIGKILL');
  crashed = true;
  restarting = (async () => {
    await server.stop();
    server = await startTaquilla(db.url, serverEnv);
    restarting = null;
  })();
  await restarting;
}

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await seed.app.deps.db.execute(query));
const t0 = performance.now();
try {
  await Promise.all([...Array.from({ length: BUYERS }, buyer), crashWhenDue()]);
  const ordersSeconds = (performance.now() - t0) / 1000;
  const [{ orders } = { orders: 0 }] = await q<{ orders: number }>(
    sql`select count(*)::int as orders from orders where event_id = ${s.event.id} and status = 'COMPLETED'`,
  );
  const expected = orders * ENDPOINTS;
  // Every message of every completed order, once per endpoint; up to WAIT_SECONDS for the queue to empty.
  const delivered = () => new Set(arrivals.map((a) => `${a.endpoint} ${a.orderId}`)).size;
  const waitFrom = performance.now();
  while (delivered() < expected && performance.now() - waitFrom < WAIT_SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const lastAt = performance.now();
  const seconds = (lastAt - t0) / 1000;
  // A late repeat would come after: give it a moment, then read the queue.
  await new Promise((r) => setTimeout(r, 2000));
  serverCpu += cpuOf(server.pid);
  const [jobsLeft] = await q<{ n: number; failed: number }>(sql`
    select count(*) filter (where completed_at is null and failed_at is null)::int as n,
           count(*) filter (where failed_at is not null)::int as failed
    from jobs where kind in ('webhooks.emit', 'webhooks.deliver')`);

  // Where the time goes: from each job's creation to its completion, by kind (the purchase's e-mails too).
  const stages = await q<{ kind: string; jobs: number; p50: number; p99: number }>(sql`
    select kind, count(*)::int as jobs,
      round(percentile_cont(0.5) within group (order by extract(epoch from completed_at - created_at)) * 1000)::int as p50,
      round(percentile_cont(0.99) within group (order by extract(epoch from completed_at - created_at)) * 1000)::int as p99
    from jobs where completed_at is not null and kind in ('webhooks.emit', 'webhooks.deliver', ${SEND_EMAIL_JOB})
    group by kind order by kind`);

  // Exactly once per endpoint: one webhook-id per (endpoint, order); repeats only of that same id.
  const idsByOrder = new Map<string, Set<string>>();
  const copiesById = new Map<string, number>();
  for (const a of arrivals) {
    const key = `${a.endpoint} ${a.orderId}`;
    idsByOrder.set(key, (idsByOrder.get(key) ?? new Set()).add(a.webhookId));
    copiesById.set(a.webhookId, (copiesById.get(a.webhookId) ?? 0) + 1);
  }
  const orderWithTwoIds = [...idsByOrder.values()].filter((ids) => ids.size > 1).length;
  const repeated = [...copiesById.values()].filter((n) => n > 1).length;
  const latencies = arrivals.map((a) => a.latencyMs).sort((a, b) => a - b);
  const exactlyOnce = idsByOrder.size === expected && orderWithTwoIds === 0 && (repeated === 0 || crashed);

  console.log(
    'Webhooks: %d orders × %d endpoints, %d concurrent buyers%s',
    ORDERS,
    ENDPOINTS,
    BUYERS,
    crashed ? `, server killed (SIGKILL) after ${CRASH_AFTER} messages and restarted` : '',
  );
  console.log(
    '  orders completed         %d in %s s (%s orders/s)',
    orders,
    ordersSeconds.toFixed(1),
    (orders / ordersSeconds).toFixed(0),
  );
  console.log('  messages received        %d (%d distinct webhook-ids)', arrivals.length, copiesById.size);
  console.log(
    '  deliveries/s             %s (first order to last delivery, %s s)',
    (expected / seconds).toFixed(0),
    seconds.toFixed(1),
  );
  console.log(
    '  last delivery after      %s s after the last order',
    ((lastAt - t0) / 1000 - ordersSeconds).toFixed(1),
  );
  console.log(
    '  order → delivery         p50 %s ms, p99 %s ms, max %s ms',
    percentile(latencies, 50),
    percentile(latencies, 99),
    latencies.at(-1) ?? 0,
  );
  for (const st of stages)
    console.log(
      '  %s created → done p50 %s ms, p99 %s ms (%d jobs)',
      st.kind.padEnd(24),
      st.p50,
      st.p99,
      st.jobs,
    );
  console.log(
    '  server CPU per delivery  %s ms (orders included)',
    ((serverCpu / expected) * 1000).toFixed(2),
  );
  console.log('  bad signatures           %d', badSignatures);
  console.log('  webhook jobs left        %d pending, %d failed', jobsLeft?.n ?? -1, jobsLeft?.failed ?? -1);
  console.log(
    '  exactly once per endpoint %s (%d of %d order×endpoint pairs; %d sent twice, same webhook-id; %d with two ids)',
    exactlyOnce ? 'yes' : 'NO',
    idsByOrder.size,
    expected,
    repeated,
    orderWithTwoIds,
  );
  if (failures.size)
    console.log('  purchase failures        %s', JSON.stringify(Object.fromEntries(failures)));
  if (!exactlyOnce || badSignatures || jobsLeft?.n || jobsLeft?.failed) process.exitCode = 1;
} finally {
  agent.destroy();
  await server.stop();
  await seed.close();
  receiver.closeAllConnections();
  receiver.close();
  await db.drop();
}
