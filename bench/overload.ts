// Overload (issue 29 benchmark): real PostgreSQL, one event, one ticket with 1,000 units, 5,000 concurrent
// visitors making 50,000 reservation attempts over HTTP against the real server process, with no waiting
// room. Prints, per answer kind (reservation, sold out, refused with Retry-After, other), the count and its
// p50/p99 latency, the time-outs (no answer within 30 s), the 5xx by status, and the sold count, which must
// be exactly 1,000. It asserts nothing about time: the figures are for bench/README.md.
//
//   npx tsx bench/overload.ts      (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//
// VISITORS, REQUESTS and UNITS change the sizes; WEB_CONCURRENCY=2 runs the server as two cluster workers;
// SERVER_ENV='{"OVERLOAD_MAX_IN_FLIGHT":"0"}' passes settings to the server (0: no load shedding).

import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, printAnswers, startTaquilla } from './lib.ts';

const UNITS = Number(process.env.UNITS ?? 1000);
const VISITORS = Number(process.env.VISITORS ?? 5000);
const REQUESTS = Number(process.env.REQUESTS ?? 50_000);
const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 1);
const TIMEOUT_S = 30;
const serverEnv = JSON.parse(process.env.SERVER_ENV ?? '{}') as Record<string, string>;

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const { event } = await createSellingEvent(seed.app);
const ticket = await addTicket(seed.app, event, { prices: [{ price_cents: 3500, quantity: UNITS }] });
const server = await startTaquilla(db.url, { WEB_CONCURRENCY: String(WORKERS), ...serverEnv });

type Kind = 'reserved' | 'sold out' | 'refused (Retry-After)' | 'refused (no Retry-After)' | 'other';
const latencies = new Map<Kind, number[]>();
const statuses = new Map<number, number>();
const retryAfters = new Map<string, number>();

function kindOf(status: number, retryAfter: string | undefined): Kind {
  if (status === 201) return 'reserved';
  if (status === 409) return 'sold out';
  if (status === 429 || status === 503)
    return retryAfter ? 'refused (Retry-After)' : 'refused (no Retry-After)';
  return 'other';
}

try {
  let lastRetryAfter: string | undefined;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections: VISITORS,
        amount: REQUESTS,
        timeout: TIMEOUT_S,
        requests: [
          {
            method: 'POST',
            path: `/api/public/events/${event.id}/order`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0].id, quantity: 1 }],
            }),
            // Called just before the 'response' event of the same answer: hands it the header.
            onResponse: (_status, _body, _context, headers) => {
              lastRetryAfter = (headers as Record<string, string> | undefined)?.['retry-after'];
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const kind = kindOf(status, lastRetryAfter);
      if (kind === 'refused (Retry-After)' && lastRetryAfter) {
        const key = `${status} Retry-After: ${lastRetryAfter}`;
        retryAfters.set(key, (retryAfters.get(key) ?? 0) + 1);
      }
      const list = latencies.get(kind) ?? [];
      list.push(ms);
      latencies.set(kind, list);
      lastRetryAfter = undefined;
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const [{ sold }] = rowsOf<{ sold: number }>(
    await seed.app.deps.db.execute(sql`
      select coalesce(sum(oi.quantity), 0)::int as sold from order_items oi join orders o on o.id = oi.order_id
      where oi.ticket_id = ${ticket.id} and (o.status in ('COMPLETED', 'AWAITING_OFFLINE_PAYMENT')
        or (o.status = 'RESERVED' and o.reserved_until > now()))`),
  );
  const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1));
  console.log(
    'Overload, waiting room off: 1 ticket × %d units, %d concurrent visitors, %d requests, %d server process(es)',
    UNITS,
    VISITORS,
    REQUESTS,
    WORKERS,
  );
  console.log('  server settings       %s', JSON.stringify(serverEnv));
  console.log('  took                  %s s (load average now %s)', seconds.toFixed(1), load.join(' '));
  console.log('  time-outs (> %d s)    %d', TIMEOUT_S, result.timeouts);
  console.log('  connection errors     %d', result.errors - result.timeouts);
  printAnswers(statuses, latencies, 26);
  console.log('  Retry-After values    %s', JSON.stringify(Object.fromEntries(retryAfters)));
  console.log(
    '  sold count            %d %s',
    sold,
    sold === UNITS ? '(exact)' : '(WRONG: oversold or undersold)',
  );
  if (sold !== UNITS) process.exitCode = 1;
} finally {
  await server.stop();
  await seed.close();
  await db.drop();
}
