// Public event page API (issue 6 benchmark): requests per second of GET /api/public/events/{id} (the read
// model the event page loads: event, organizer, tickets with availability, questions) next to a bare
// Fastify hello-world measured in the same run, as a ratio. Real PostgreSQL, real server process.
//
//   npx tsx bench/public-event.ts           (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
import autocannon from 'autocannon';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import {
  addQuestion,
  addTax,
  addTicket,
  createSellingEvent,
} from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, startHelloWorld, startTaquilla } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const { event, account } = await createSellingEvent(seed.app);
const iva = await addTax(seed.app, account.id, {
  name: 'IVA',
  type: 'TAX',
  calculation: 'PERCENTAGE',
  value: 2100,
});
await addTicket(seed.app, event, { name: 'General', taxIds: [iva.id] });
await addTicket(seed.app, event, { name: 'Reducida', prices: [{ price_cents: 1500, quantity: 200 }] });
await addTicket(seed.app, event, {
  name: 'Abono',
  price_type: 'TIERED',
  prices: [
    { label: 'Anticipada', price_cents: 4000, quantity: 100 },
    { label: 'Taquilla', price_cents: 5000, quantity: 100 },
  ],
});
await addTicket(seed.app, event, {
  name: 'Donativo',
  price_type: 'DONATION',
  prices: [{ price_cents: 500 }],
});
await addQuestion(seed.app, event, { title: 'Empresa', belongs_to: 'ORDER' });
const [taquilla, hello] = await Promise.all([startTaquilla(db.url), startHelloWorld()]);

const measure = async (url: string) => {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
};

try {
  const eventUrl = `${taquilla.url}/api/public/events/${event.id}`;
  const first = await fetch(eventUrl);
  const text = await first.text();
  const headerBytes = [...first.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
  const body = JSON.parse(text) as { data: { tickets: unknown[] } };
  if (body.data.tickets.length !== 4) throw new Error('the public event does not show its 4 tickets');
  await measure(eventUrl); // warm-up
  // Interleaved so a change in machine load affects both sides alike.
  const h1 = await measure(`${hello.url}/`);
  const e1 = await measure(eventUrl);
  const h2 = await measure(`${hello.url}/`);
  const e2 = await measure(eventUrl);
  const helloRps = (h1.requests.average + h2.requests.average) / 2;
  const eventRps = (e1.requests.average + e2.requests.average) / 2;
  console.log('Public event API vs bare Fastify, %d connections, 2 × %d s each', CONNECTIONS, SECONDS);
  console.log(
    '  hello-world                 %s req/s  (p50 %d ms, p99 %d ms)',
    helloRps.toFixed(0),
    h2.latency.p50,
    h2.latency.p99,
  );
  console.log(
    '  GET /api/public/events/{id} %s req/s  (p50 %d ms, p99 %d ms)',
    eventRps.toFixed(0),
    e2.latency.p50,
    e2.latency.p99,
  );
  console.log(
    '  answer size                 %d bytes of JSON, %d bytes of headers',
    text.length,
    headerBytes,
  );
  console.log(
    '  ratio                       %s × hello-world (target ≥ 0.5)',
    (eventRps / helloRps).toFixed(2),
  );
} finally {
  await Promise.all([taquilla.stop(), hello.stop()]);
  await seed.close();
  await db.drop();
}
