import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { rowsOf } from '../db/client.ts';
import { at, one } from '../lib/rows.ts';
import { createPgDatabase, createTestApp, type TestApp } from '../test/app.ts';
import { addTicket, buyer, createSellingEvent } from '../test/factories/checkout.ts';
import { freePort } from '../test/server-process.ts';

/**
 * Many servers (issue 29): two app instances, each with WEB_CONCURRENCY=2, on one PostgreSQL, behind the
 * real nginx and HAProxy of Debian, each running the config documented in docs/examples/ as it is (only
 * the addresses and ports swapped). Clients connect from distinct loopback addresses (127.0.x.y), so the
 * proxies see distinct clients, as on the internet. PostgreSQL only, as the other multi-process tests.
 */
const EXAMPLES = path.join(REPO_ROOT, 'docs', 'examples');
const SHARED_SECRET = 'one-secret-shared-by-every-instance-0123456789';
const PER_MINUTE = 3;
const RACE_UNITS = 20;
const RACE_BUYERS = 200;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One HTTP request from the local address `from` (no keep-alive: each is a new client connection). */
function request(
  url: string,
  from: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        localAddress: from,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
const json = (a: Answer) =>
  JSON.parse(a.body.toString()) as {
    data?: { short_id?: string; status?: string };
    error?: { code: string };
  };

/** A proxy process run in the foreground; its output is kept for the failure message. */
function runProxy(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  return { child, output: () => output };
}

async function waitForHealth(url: string, proxy: { child: ChildProcess; output: () => string }) {
  for (let i = 0; i < 300; i++) {
    if (proxy.child.exitCode !== null) throw new Error(`proxy exited:\n${proxy.output()}`);
    try {
      if ((await request(`${url}/api/health`, '127.0.0.1', 'GET')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`proxy did not answer:\n${proxy.output()}`);
}

type Instance = { host: string; stop: () => Promise<void> };

/** One app instance (src/main.ts, its cluster primary and workers); `onOutput` gets its log lines. */
async function startInstance(
  env: Record<string, string>,
  onOutput: (chunk: string) => void,
): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stdout?.on('data', (c) => onOutput(String(c)));
  child.stderr?.on('data', (c) => {
    stderr += c;
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const host = `127.0.0.1:${port}`;
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`instance exited:\n${stderr}`);
    try {
      if ((await request(`http://${host}/api/health`, '127.0.0.1', 'GET')).status === 200)
        return { host, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`instance did not start:\n${stderr}`);
}

/** The documented configs with the example hosts and port swapped for this test's. */
function configFrom(file: string, hosts: [string, string], listen: string) {
  return readFileSync(path.join(EXAMPLES, file), 'utf8')
    .replaceAll('10.0.0.11:3000', hosts[0])
    .replaceAll('10.0.0.12:3000', hosts[1])
    .replace('listen 80;', `listen ${listen};`)
    .replace('bind :80', `bind ${listen}`);
}

// Needs PostgreSQL (DATABASE_URL): skipped, and reported as skipped, on the embedded database.
describe.skipIf(!process.env.DATABASE_URL)('two instances behind nginx and HAProxy (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  let seed: TestApp;
  const instances: Instance[] = [];
  const logs = ['', ''];
  const proxies: { child: ChildProcess; output: () => string }[] = [];
  let nginxUrl = '';
  let haproxyUrl = '';

  beforeAll(async () => {
    db = await createPgDatabase(process.env.DATABASE_URL as string);
    // Migrates the fresh database and gives the factories an app to write with.
    seed = await createTestApp({ databaseUrl: db.url });
    const env = {
      NODE_ENV: 'production',
      TEST_PAYMENTS: 'true',
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '5',
      WEB_CONCURRENCY: '2',
      // The same secret everywhere: sessions, and the per-address keys of the reservation limits.
      AUTH_SECRET: SHARED_SECRET,
      // The public address, the same on every instance (e-mail links).
      APP_URL: 'https://entradas.example.com',
      TRUST_PROXY: '1',
      RESERVATIONS_PER_MINUTE: String(PER_MINUTE),
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(tmpdir(), 'taquilla-no-web'),
    };
    const started = await Promise.all(
      [0, 1].map((i) =>
        startInstance({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), `taquilla-proxy-${i}-`)) }, (c) => {
          logs[i] += c;
        }),
      ),
    );
    instances.push(...started);
    const hosts = instances.map((s) => s.host) as [string, string];

    const dir = mkdtempSync(path.join(tmpdir(), 'taquilla-nginx-'));
    // nginx's workers drop root for `nobody` and buffer large answers (the PDF) in these folders.
    chmodSync(dir, 0o755);
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp), 0o777);
    const nginxPort = await freePort();
    writeFileSync(
      path.join(dir, 'site.conf'),
      configFrom('nginx-taquilla.conf', hosts, `127.0.0.1:${nginxPort}`),
    );
    // The main nginx.conf of a Debian install, reduced to what a test run needs (no root paths).
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
    );
    proxies.push(
      runProxy('/usr/sbin/nginx', [
        '-p',
        dir,
        '-e',
        `${dir}/error.log`,
        '-c',
        `${dir}/nginx.conf`,
        '-g',
        'daemon off;',
      ]),
    );
    nginxUrl = `http://127.0.0.1:${nginxPort}`;

    const haproxyPort = await freePort();
    writeFileSync(
      path.join(dir, 'haproxy.cfg'),
      configFrom('haproxy.cfg', hosts, `127.0.0.1:${haproxyPort}`),
    );
    proxies.push(runProxy('/usr/sbin/haproxy', ['-db', '-f', `${dir}/haproxy.cfg`]));
    haproxyUrl = `http://127.0.0.1:${haproxyPort}`;
    await waitForHealth(nginxUrl, at(proxies, 0));
    await waitForHealth(haproxyUrl, at(proxies, 1));
  }, 300_000);

  afterAll(async () => {
    for (const p of proxies) p.child.kill('SIGTERM');
    await Promise.all(instances.map((s) => s.stop()));
    await seed?.close();
    await db?.drop();
  });

  /** Requests each instance logged so far (its two workers write to its standard output). */
  const served = () =>
    logs.map((l) => l.split('\n').filter((line) => line.includes('"request completed"')).length);

  it.each([
    ['nginx', () => nginxUrl],
    ['HAProxy', () => haproxyUrl],
  ])(
    'through %s: reserve, pay with the test card, get the tickets; both instances serve',
    async (_name, url) => {
      const { event } = await createSellingEvent(seed.app);
      const ticket = await addTicket(seed.app, event, { prices: [{ price_cents: 2500, quantity: 10 }] });
      const before = served();
      const base = `${url()}/api/public/events/${event.id}/order`;
      const from = '127.0.0.2';
      const reserved = await request(base, from, 'POST', {
        tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 2 }],
      });
      expect(reserved.status).toBe(201);
      const short = String(json(reserved).data?.short_id);
      expect((await request(`${base}/${short}`, from, 'PUT', buyer)).status).toBe(200);
      const paid = await request(`${base}/${short}/payment`, from, 'POST', {
        provider: 'test',
        card_number: '4242 4242 4242 4242',
      });
      expect(paid.status).toBe(200);
      expect(json(paid).data?.status).toBe('COMPLETED');
      const pdf = await request(`${base}/${short}/tickets/pdf`, from, 'GET');
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
      // A few more answers, so round robin has had its turns; then each instance logged some of them.
      for (let i = 0; i < 6; i++)
        expect((await request(`${url()}/api/health`, from, 'GET')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      const after = served();
      expect(at(after, 0) - at(before, 0)).toBeGreaterThan(0);
      expect(at(after, 1) - at(before, 1)).toBeGreaterThan(0);
    },
  );

  it.each([
    ['nginx', () => nginxUrl, '127.0.0.3', '127.0.0.4'],
    ['HAProxy', () => haproxyUrl, '127.0.0.5', '127.0.0.6'],
  ])(
    'through %s: a spoofed X-Forwarded-For does not change the address the limits count',
    async (_name, url, client, other) => {
      const { event } = await createSellingEvent(seed.app);
      const ticket = await addTicket(seed.app, event, { prices: [{ price_cents: 1000, quantity: null }] });
      const reserve = (from: string, forwardedFor: string) =>
        request(
          `${url()}/api/public/events/${event.id}/order`,
          from,
          'POST',
          { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
          { 'x-forwarded-for': forwardedFor },
        );
      // One client claiming a new address each time: believed, every claim would have its own count. The
      // proxy spreads the attempts over both instances, which count together (in PostgreSQL).
      const statuses: number[] = [];
      for (let i = 1; i <= PER_MINUTE + 2; i++)
        statuses.push((await reserve(client, `203.0.113.${i}`)).status);
      expect(statuses).toEqual([...Array(PER_MINUTE).fill(201), 429, 429]);
      // Another client, claiming to be the first one, still has its own count.
      expect((await reserve(other, `203.0.113.1, ${client}`)).status).toBe(201);
    },
  );

  it('sells exactly the units there are to a crowd spread over both proxies and both instances', async () => {
    const { event } = await createSellingEvent(seed.app);
    const ticket = await addTicket(seed.app, event, {
      prices: [{ price_cents: 4000, quantity: RACE_UNITS }],
    });
    const before = served();
    const answers = await Promise.all(
      Array.from({ length: RACE_BUYERS }, (_, i) =>
        request(
          `${i % 2 ? nginxUrl : haproxyUrl}/api/public/events/${event.id}/order`,
          // One address per buyer: 127.0.1.1 … 127.0.1.200.
          `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`,
          'POST',
          { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
        ),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    const others = answers.filter((a) => a.status !== 201);
    expect(created).toHaveLength(RACE_UNITS);
    // The rest are sold out, or (on a very busy machine) refused at once by the load shedding.
    for (const a of others) {
      if (a.status === 503) expect(a.headers['retry-after']).toBeDefined();
      else expect([a.status, json(a).error?.code]).toEqual([409, 'SOLD_OUT']);
    }
    const { sold } = one(
      rowsOf<{ sold: number }>(
        await seed.app.deps.db.execute(sql`
          select coalesce(sum(oi.quantity), 0)::int as sold from order_items oi
          where oi.ticket_id = ${ticket.id}`),
      ),
    );
    expect(sold).toBe(RACE_UNITS);
    await new Promise((r) => setTimeout(r, 300));
    const after = served();
    expect(at(after, 0) - at(before, 0)).toBeGreaterThan(10);
    expect(at(after, 1) - at(before, 1)).toBeGreaterThan(10);
  });
});
