// The whole purchase with the waiting room on at a high rate against today's purchase without it (issue
// 29): real PostgreSQL and the real server process. Alternates: a sale of 1,000 units with the room
// off (100 concurrent buyers, reserve → details → test card → COMPLETED, as bench/purchase.ts), then a
// sale of 1,000 units with the room on (rate 60,000/min): 1,000 visitors first join and wait, as the
// server tells them, until admitted (time in line: p50/p99), then the same 100-buyer purchase with each
// reservation carrying one visitor's admission pass. Prints purchases per second of each sale and the
// ratio (target: the room's sale within 10 % of today's), sold counts exact. Three of each, every sale
// started once the e-mails of the one before are sent.
//
//   npx tsx bench/purchase-room.ts     (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)

import http from 'node:http';
import { WAITING_ROOM_RATE_MAX } from '@taquilla/shared/schemas/waiting-room';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, jsonRequest, percentile, startTaquilla } from './lib.ts';
import { PurchaseFlow, type SoldTicket } from './purchase-flow.ts';

const UNITS = 1000;
const BUYERS = Number(process.env.BUYERS ?? 100);

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const sales: { kind: 'off' | 'room'; eventId: string; token: string; ticket: SoldTicket }[] = [];
for (const kind of ['off', 'room', 'off', 'room', 'off', 'room'] as const) {
  const { event, token } = await createSellingEvent(seed.app);
  const ticket = await addTicket(seed.app, event, { prices: [{ price_cents: 3500, quantity: UNITS }] });
  sales.push({ kind, eventId: event.id, token, ticket });
}
const warm = await createSellingEvent(seed.app);
const warmTicket = await addTicket(seed.app, warm.event, { prices: [{ price_cents: 100, quantity: null }] });
const server = await startTaquilla(db.url, {
  TEST_PAYMENTS: 'true',
  // Every visitor comes from this one machine.
  WAITING_ROOM_JOINS_PER_MINUTE: '1000000',
});
const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS });
const flow = new PurchaseFlow(server.url, agent, BUYERS);

interface Visitor {
  state: string;
  token: string;
  pass: string | null;
  poll_seconds: number;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A visitor joins the room and polls as told until admitted: its pass headers and time in line. */
async function admitted(eventId: string) {
  const t0 = performance.now();
  const base = `/api/public/events/${eventId}/waiting-room`;
  let res = await jsonRequest<{ data: Visitor }>(server.url, agent, 'POST', `${base}/join`, {});
  for (;;) {
    const v = res.json?.data;
    if (!v) throw new Error(`waiting room: ${res.status}`);
    if (v.state === 'ADMITTED' && v.pass) {
      const headers = { 'x-admission-pass': v.pass, 'x-waiting-room-token': v.token };
      return { headers, ms: performance.now() - t0 };
    }
    if (v.state !== 'WAITING' && v.state !== 'PRE_QUEUE') throw new Error(`waiting room: ${v.state}`);
    await sleep(v.poll_seconds * 1000);
    res = await new Promise((resolve, reject) => {
      http
        .get(`${server.url}${base}`, { agent, headers: { 'x-waiting-room-token': v.token } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () =>
            resolve({ status: r.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        })
        .on('error', reject);
    });
  }
}

const soldOf = async (ticketId: string) => {
  const [row] = rowsOf<{ sold: number }>(
    await seed.app.deps.db.execute(sql`
      select coalesce(sum(oi.quantity), 0)::int as sold from order_items oi join orders o on o.id = oi.order_id
      where oi.ticket_id = ${ticketId}::uuid and o.status = 'COMPLETED'`),
  );
  return row?.sold ?? 0;
};

/** The e-mails of the sale before are sent: none of that work falls into the next sale's figures. */
async function mailSent() {
  for (let i = 0; i < 600; i++) {
    const [row] = rowsOf<{ left: number }>(
      await seed.app.deps.db.execute(sql`select count(*)::int as left from jobs
        where completed_at is null and failed_at is null and run_at <= now()`),
    );
    if (!row?.left) return;
    await sleep(100);
  }
}

try {
  await flow.sale(warm.event.id, warmTicket, { limit: 300 });
  const runs: {
    steps: string;
    kind: string;
    rate: number;
    p50: number;
    p99: number;
    sold: number;
    line?: number[];
  }[] = [];
  for (const s of sales) {
    await mailSent();
    let passes: Record<string, string>[] | null = null;
    let line: number[] | undefined;
    if (s.kind === 'room') {
      const put = await seed.app.inject({
        method: 'PUT',
        url: `/api/events/${s.eventId}/waiting-room`,
        headers: { authorization: `Bearer ${s.token}` },
        payload: {
          enabled: true,
          opens_at: new Date(Date.now() + 1000).toISOString(),
          rate_per_minute: WAITING_ROOM_RATE_MAX,
          paused: false,
        },
      });
      if (put.statusCode !== 200) throw new Error(`waiting room: ${put.statusCode} ${put.body}`);
      const visitors = await Promise.all(Array.from({ length: UNITS }, () => admitted(s.eventId)));
      passes = visitors.map((v) => v.headers);
      line = visitors.map((v) => v.ms).sort((a, b) => a - b);
    }
    await mailSent();
    flow.reset();
    const t0 = performance.now();
    await flow.sale(s.eventId, s.ticket, passes ? { headersOf: (n) => passes?.[n] } : {});
    const seconds = (performance.now() - t0) / 1000;
    const sorted = [...flow.purchases].sort((a, b) => a - b);
    if (flow.failures.size) console.log('  failures %s', JSON.stringify(Object.fromEntries(flow.failures)));
    const stepP50 = Object.fromEntries(
      Object.entries(flow.stepTimes).map(([k, v]) => [
        k,
        Math.round(
          percentile(
            [...v].sort((a, b) => a - b),
            50,
          ),
        ),
      ]),
    );
    runs.push({
      steps: JSON.stringify(stepP50),
      kind: s.kind,
      rate: flow.purchases.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      sold: await soldOf(s.ticket.id),
      line,
    });
  }
  console.log(
    'Whole purchase, %d concurrent buyers, 1 server process: room off against room on (rate %d/min), alternated',
    BUYERS,
    WAITING_ROOM_RATE_MAX,
  );
  for (const r of runs) {
    const inLine = r.line
      ? `; in line before it p50 / p99 ${percentile(r.line, 50).toFixed(0)} / ${percentile(r.line, 99).toFixed(0)} ms`
      : '';
    console.log(
      '  %s %s purchases/s, p50 / p99 %s / %s ms (steps p50 %s), sold %d %s%s',
      (r.kind === 'off' ? 'room off' : 'room on, with passes').padEnd(22),
      r.rate.toFixed(0).padStart(4),
      r.p50.toFixed(0),
      r.p99.toFixed(0),
      r.steps,
      r.sold,
      r.sold === UNITS ? '(exact)' : '(WRONG)',
      inLine,
    );
  }
  const mean = (kind: string) => {
    const of = runs.filter((r) => r.kind === kind);
    return of.reduce((sum, r) => sum + r.rate, 0) / of.length;
  };
  console.log(
    "  the room's sale at %s%% of today's (target ≥ 90%%)",
    ((mean('room') / mean('off')) * 100).toFixed(1),
  );
  if (runs.some((r) => r.sold !== UNITS)) process.exitCode = 1;
} finally {
  agent.destroy();
  await server.stop();
  await seed.close();
  await db.drop();
}
