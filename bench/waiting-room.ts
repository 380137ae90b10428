// Overload with the waiting room on (issue 29 benchmark): real PostgreSQL, one event, one ticket with 1,000
// units, 5,000 visitors against the real server process, at most 50,000 requests. A tenth of the visitors
// arrive before the room opens (the pre-queue, drawn at opening), the rest spread over the first minute
// after, one after another. The run ends when every unit is reserved (those still in line stop there).
// Each visitor joins, polls its place as often as the server tells it (`poll_seconds`), and once admitted
// reserves one unit with its pass; a refusal (429/503) is retried after its Retry-After. Prints the
// time-outs (no answer within 30 s), the 5xx by status, p50/p99 per answer kind (queue position,
// admission, reservation, sold out, refused), the admission rate measured against the configured one, the
// sold count (exactly the units), and whether the post-opening arrivals were admitted in arrival order.
// It asserts nothing about time: the figures are for bench/README.md.
//
//   npx tsx bench/waiting-room.ts      (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//
// VISITORS, REQUESTS, UNITS, RATE (admissions per minute, default 1,500: Stripe's 25 payments a second),
// EARLY (the share arriving before opening, default 0.1), OPEN_AFTER_S (the pre-queue's time, default 20), ARRIVE_S (post-opening arrivals' spread, default 60),
// POLL_S (poll every so many seconds instead of as told: impatient visitors), WEB_CONCURRENCY; SERVER_ENV='{"REDIS_URL":"redis://127.0.0.1:6379"}' passes settings to the server (here:
// the line in Redis).

import { WAITING_ROOM_TURN_MINUTES } from '@taquilla/shared/schemas/waiting-room';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, printAnswers, startTaquilla } from './lib.ts';

const UNITS = Number(process.env.UNITS ?? 1000);
const VISITORS = Number(process.env.VISITORS ?? 5000);
const REQUESTS = Number(process.env.REQUESTS ?? 50_000);
const RATE = Number(process.env.RATE ?? 1500);
const EARLY = Math.ceil(VISITORS * Number(process.env.EARLY ?? 0.1));
const OPEN_AFTER_MS = Number(process.env.OPEN_AFTER_S ?? 20) * 1000;
const ARRIVE_MS = Number(process.env.ARRIVE_S ?? 60) * 1000;
const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 1);
// Impatient visitors: poll every POLL_S seconds whatever the server says (reloads), to spend the budget.
const POLL_S = process.env.POLL_S ? Number(process.env.POLL_S) : null;
const TIMEOUT_MS = 30_000;
const serverEnv = JSON.parse(process.env.SERVER_ENV ?? '{}') as Record<string, string>;

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const { event, token: organizerToken } = await createSellingEvent(seed.app);
const ticket = await addTicket(seed.app, event, { prices: [{ price_cents: 3500, quantity: UNITS }] });
const server = await startTaquilla(db.url, {
  WEB_CONCURRENCY: String(WORKERS),
  // Every visitor comes from this one machine.
  WAITING_ROOM_JOINS_PER_MINUTE: '1000000',
  ...serverEnv,
});

type Kind = 'queue position' | 'admission' | 'reservation' | 'sold out' | 'refused (Retry-After)' | 'other';
const latencies = new Map<Kind, number[]>();
const statuses = new Map<number, number>();
let timeouts = 0;
let errors = 0;
let requests = 0;
const record = (kind: Kind, ms: number) => {
  const list = latencies.get(kind) ?? [];
  list.push(ms);
  latencies.set(kind, list);
};

interface Status {
  state: string;
  token: string;
  pass: string | null;
  pass_expires_at: string | null;
  poll_seconds: number;
}

/** One request, retried after Retry-After while refused; null past the request budget or on a time-out. */
async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  for (;;) {
    if (requests >= REQUESTS || soldOut) return null;
    requests++;
    const t0 = performance.now();
    try {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const json = (await res.json().catch(() => null)) as { data?: Status } | null;
      const ms = performance.now() - t0;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const retryAfter = res.headers.get('retry-after');
      if ((res.status === 429 || res.status === 503) && retryAfter) {
        record('refused (Retry-After)', ms);
        await sleep(Number(retryAfter) * 1000);
        continue;
      }
      return { status: res.status, data: json?.data, ms };
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') timeouts++;
      else errors++;
      return null;
    }
  }
}

/** Every unit reserved: the visitors still waiting stop (their sleeps end at once). */
let soldOut = false;
let reservations = 0;
const sleepers = new Set<() => void>();
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    if (soldOut) return resolve();
    const wake = () => {
      clearTimeout(timer);
      sleepers.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    sleepers.add(wake);
  });

/** Per visitor: when its join was sent and answered, and when it was admitted (its turn's end, in ms). */
const visitors = Array.from({ length: VISITORS }, (_, i) => ({
  late: i >= EARLY,
  sent: 0,
  answered: 0,
  admittedUntil: null as number | null,
  token: null as string | null,
}));

async function visit(i: number, arriveAt: number) {
  const v = visitors[i];
  await sleep(Math.max(0, arriveAt - Date.now()));
  const base = `/api/public/events/${event.id}`;
  v.sent = performance.now();
  let res = await call('POST', `${base}/waiting-room/join`, {});
  v.answered = performance.now();
  while (res?.data) {
    const s = res.data;
    if (s.state === 'ADMITTED' && s.pass) {
      record('admission', res.ms);
      v.admittedUntil = Date.parse(s.pass_expires_at ?? '');
      const order = await call(
        'POST',
        `${base}/order`,
        { 'x-admission-pass': s.pass, 'x-waiting-room-token': s.token },
        { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0].id, quantity: 1 }] },
      );
      if (order?.status === 201 && ++reservations === UNITS) {
        soldOut = true;
        for (const wake of [...sleepers]) wake();
      }
      if (order)
        record(order.status === 201 ? 'reservation' : order.status === 409 ? 'sold out' : 'other', order.ms);
      return;
    }
    if (s.state === 'CLOSED') return record('sold out', res.ms);
    record(s.state === 'WAITING' || s.state === 'PRE_QUEUE' ? 'queue position' : 'other', res.ms);
    await sleep((POLL_S ?? s.poll_seconds) * 1000);
    // Sold out, or the request budget spent: whether the room had admitted this visitor is looked at
    // once everyone has stopped (outside the figures), for the rate and the order.
    v.token = s.token;
    if (soldOut || requests >= REQUESTS) return;
    res = await call('GET', `${base}/waiting-room`, { 'x-waiting-room-token': s.token });
  }
  if (res) record('other', res.ms);
}

try {
  const started = Date.now();
  const opensAt = started + OPEN_AFTER_MS;
  const put = await seed.app.inject({
    method: 'PUT',
    url: `/api/events/${event.id}/waiting-room`,
    headers: { authorization: `Bearer ${organizerToken}` },
    payload: {
      enabled: true,
      opens_at: new Date(opensAt).toISOString(),
      rate_per_minute: RATE,
      paused: false,
    },
  });
  if (put.statusCode !== 200) throw new Error(`waiting room: ${put.statusCode} ${put.body}`);
  // Early visitors over the first 80 % of the pre-queue's time; late ones over ARRIVE_MS after opening.
  const early = EARLY;
  await Promise.all(
    visitors.map((v, i) =>
      visit(
        i,
        v.late
          ? opensAt + 1000 + ((i - early) * ARRIVE_MS) / Math.max(1, VISITORS - early)
          : started + (i * OPEN_AFTER_MS * 0.8) / early,
      ),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  // The last look at everyone still waiting when the run stopped, after the last request: one who was
  // admitted meanwhile has a turn, one who was not is last.
  for (const v of visitors) {
    if (v.admittedUntil !== null || !v.token) continue;
    const last = await fetch(`${server.url}/api/public/events/${event.id}/waiting-room`, {
      headers: { 'x-waiting-room-token': v.token },
    });
    const data = ((await last.json()) as { data?: Status }).data;
    if (data?.state === 'ADMITTED') v.admittedUntil = Date.parse(data.pass_expires_at ?? '');
  }
  const [{ sold }] = rowsOf<{ sold: number }>(
    await seed.app.deps.db.execute(sql`
      select coalesce(sum(oi.quantity), 0)::int as sold from order_items oi join orders o on o.id = oi.order_id
      where oi.ticket_id = ${ticket.id} and (o.status in ('COMPLETED', 'AWAITING_OFFLINE_PAYMENT')
        or (o.status = 'RESERVED' and o.reserved_until > now()))`),
  );

  const admitted = visitors.flatMap((v) => (v.admittedUntil === null ? [] : [v.admittedUntil]));
  // Admission = the turn's end less the turn; credit accrues from the opening time, so the rate is the
  // admitted over the time from the opening to the last admission.
  const lastAdmission = admitted.length ? Math.max(...admitted) - WAITING_ROOM_TURN_MINUTES * 60_000 : 0;
  const measuredRate = admitted.length
    ? (admitted.length * 60_000) / Math.max(1, lastAdmission - opensAt)
    : 0;

  // Arrival order: a late visitor whose join was answered before another's was sent must not be admitted
  // after it (never admitted counts as last). Only pairs where the later one was admitted count.
  const late = visitors.filter((v) => v.late && v.answered > 0);
  const byAnswered = [...late].sort((a, b) => a.answered - b.answered);
  const bySent = [...late].sort((a, b) => a.sent - b.sent);
  let k = 0;
  let maxBefore = Number.NEGATIVE_INFINITY;
  let outOfOrder = 0;
  for (const b of bySent) {
    while (k < byAnswered.length && byAnswered[k].answered < b.sent) {
      maxBefore = Math.max(maxBefore, byAnswered[k].admittedUntil ?? Number.POSITIVE_INFINITY);
      k++;
    }
    if (b.admittedUntil !== null && maxBefore > b.admittedUntil) outOfOrder++;
  }
  const lateAdmitted = late.filter((v) => v.admittedUntil !== null).length;

  const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1));
  console.log(
    'Overload, waiting room on: 1 ticket × %d units, %d visitors (%d before opening), at most %d requests, rate %d/min, %d server process(es)',
    UNITS,
    VISITORS,
    early,
    REQUESTS,
    RATE,
    WORKERS,
  );
  console.log('  server settings       %s', JSON.stringify(serverEnv));
  console.log('  took                  %s s (load average now %s)', seconds.toFixed(1), load.join(' '));
  console.log(
    '  requests              %d%s',
    requests,
    requests >= REQUESTS ? ' (budget reached: visitors stopped)' : '',
  );
  console.log('  time-outs (> %d s)    %d', TIMEOUT_MS / 1000, timeouts);
  console.log('  connection errors     %d', errors);
  printAnswers(statuses, latencies, 22);
  const off = RATE ? ((measuredRate - RATE) / RATE) * 100 : 0;
  console.log(
    '  admitted              %d, at %s/min against %d configured (%s%%: %s)',
    admitted.length,
    measuredRate.toFixed(0),
    RATE,
    off.toFixed(1),
    Math.abs(off) <= 5 ? 'within ±5 %' : 'OUTSIDE ±5 %',
  );
  console.log(
    '  arrival order         %d post-opening arrivals admitted, %d admitted after someone who arrived later',
    lateAdmitted,
    outOfOrder,
  );
  console.log(
    '  sold count            %d %s',
    sold,
    sold === UNITS
      ? '(exact)'
      : sold < UNITS && requests >= REQUESTS && sold === reservations
        ? `(the request budget ran out first; every reservation made is there, none beyond the ${UNITS} units)`
        : '(WRONG: oversold or undersold)',
  );
  if (sold > UNITS || sold !== reservations) process.exitCode = 1;
} finally {
  await server.stop();
  await seed.close();
  await db.drop();
  if (serverEnv.REDIS_URL) {
    // The line's keys in Redis go with the database.
    const redis = new Redis(serverEnv.REDIS_URL);
    const keys = await redis.keys(`${serverEnv.REDIS_KEY_PREFIX ?? 'taquilla:'}wr:${event.id}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
}
