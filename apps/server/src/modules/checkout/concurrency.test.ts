import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../config.ts';
import { rowsOf } from '../../db/client.ts';
import { capacityAssignmentDates } from '../../db/schema/index.ts';
import { at, one } from '../../lib/rows.ts';
import { createPgDatabase, createTestApp, type TestApp } from '../../test/app.ts';
import {
  addCapacity,
  addEventDate,
  addPromoCode,
  addTicket,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

/**
 * No overselling across processes (DESIGN §5), on real PostgreSQL only: two separate server processes
 * (apps/server/src/main.ts) share one database; 200 buyers race for 20 units, for a promo code with 20
 * uses, and for a capacity assignment of 20 shared by two tickets; then the same 20 units through one
 * server running two cluster workers (WEB_CONCURRENCY=2). The control runs the race against processes
 * started with CHECKOUT_UNSAFE_NO_LOCKS=true (honoured only with NODE_ENV=test: the same reservation
 * without its row locks) and shows that it oversells — so the locks are what makes the other runs pass.
 */
const BUYERS = 200;
const UNITS = 20;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '20',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taquilla-race-')),
        AUTH_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(tmpdir(), 'taquilla-no-web'),
        // 200 racing buyers share one address: the per-address reservation limit is not what is tested.
        RESERVATIONS_PER_MINUTE: '100000',
        RESERVATION_UNITS_PER_ADDRESS: '100000',
        ...extraEnv,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (c) => {
    stderr += c;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${stderr}`);
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

/** Processes started by a server process (its cluster workers), from Linux's /proc. */
function workerCount(child: ChildProcess): number {
  const listed = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
  return listed ? listed.split(/\s+/).length : 0;
}

describe('the lock switch', () => {
  it('is honoured only in test builds, never in production or development', () => {
    const env = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: tmpdir(), CHECKOUT_UNSAFE_NO_LOCKS: 'true' };
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).checkoutUnsafeNoLocks).toBe(true);
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).checkoutUnsafeNoLocks).toBe(false);
    expect(loadConfig({ ...env, NODE_ENV: 'development' }).checkoutUnsafeNoLocks).toBe(false);
    expect(
      loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATA_DIR: tmpdir(), NODE_ENV: 'test' }).checkoutUnsafeNoLocks,
    ).toBe(false);
  });
});

if (process.env.DATABASE_URL) {
  describe('flash sale across two server processes (PostgreSQL)', () => {
    let db: Awaited<ReturnType<typeof createPgDatabase>>;
    let seed: TestApp;
    const children: ChildProcess[] = [];

    beforeAll(async () => {
      db = await createPgDatabase(process.env.DATABASE_URL as string);
      // Migrates the fresh database and gives the factories an app to write with.
      seed = await createTestApp({ databaseUrl: db.url });
    });
    afterAll(async () => {
      await Promise.all(children.map(stop));
      await seed?.close();
      await db?.drop();
    });

    async function race(
      extraEnv: Record<string, string> = {},
      opts: { promo?: { code: string; maxUses: number }; capacity?: boolean; cluster?: boolean } = {},
    ) {
      const { event } = await createSellingEvent(seed.app);
      const limited = !opts.promo && !opts.capacity;
      const ticket = await addTicket(seed.app, event, {
        prices: [{ price_cents: 4000, quantity: limited ? UNITS : null }],
      });
      // With `capacity`, a second ticket shares one capacity assignment of UNITS with the first.
      const second = opts.capacity
        ? await addTicket(seed.app, event, { name: 'Grada', prices: [{ price_cents: 3000, quantity: null }] })
        : null;
      if (second) await addCapacity(seed.app, event, UNITS, [ticket.id, second.id]);
      if (opts.promo) {
        await addPromoCode(seed.app, event, {
          code: opts.promo.code,
          discount_type: 'PERCENTAGE',
          discount: 50,
          max_uses: opts.promo.maxUses,
        });
      }
      // Two separate processes, or one process with WEB_CONCURRENCY=2 (a primary and two workers).
      const servers = opts.cluster
        ? [await startServer(db.url, { ...extraEnv, WEB_CONCURRENCY: '2' })]
        : await Promise.all([startServer(db.url, extraEnv), startServer(db.url, extraEnv)]);
      children.push(...servers.map((s) => s.child));
      const workers = opts.cluster ? workerCount(at(servers, 0).child) : servers.length;
      const bodyFor = (i: number) => {
        const t = second && i % 2 === 1 ? second : ticket;
        return JSON.stringify({
          tickets: [{ ticket_id: t.id, price_id: at(t.prices, 0).id, quantity: 1 }],
          ...(opts.promo ? { promo_code: opts.promo.code } : {}),
        });
      };
      const responses = await Promise.all(
        Array.from({ length: BUYERS }, async (_, i) => {
          const res = await fetch(
            `${at(servers, i % servers.length).url}/api/public/events/${event.id}/order`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: bodyFor(i),
            },
          );
          return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
        }),
      );
      const exitCodes = await Promise.all(servers.map((s) => stop(s.child)));
      const ticketIds = second ? [ticket.id, second.id] : [ticket.id];
      const { held } = one(
        rowsOf<{ held: number }>(
          await seed.app.deps.db.execute(sql`
          select coalesce(sum(oi.quantity), 0)::int as held from order_items oi
          join orders o on o.id = oi.order_id
          where oi.ticket_id in (${sql.join(
            ticketIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and o.status = 'RESERVED' and o.reserved_until > now()`),
        ),
      );
      return { responses, held, workers, exitCodes };
    }

    it('200 buyers, 20 units: exactly 20 reservations succeed, the rest get 409 sold out', async () => {
      const { responses, held } = await race();
      const created = responses.filter((r) => r.status === 201);
      const refused = responses.filter((r) => r.status === 409);
      expect(created).toHaveLength(UNITS);
      expect(refused).toHaveLength(BUYERS - UNITS);
      expect(refused.every((r) => r.body.error?.code === 'SOLD_OUT')).toBe(true);
      expect(held).toBe(UNITS);
    }, 180_000);

    it('a promo code with 20 uses is used exactly 20 times by 200 racing buyers', async () => {
      const { responses } = await race({}, { promo: { code: 'FLASH50', maxUses: UNITS } });
      expect(responses.filter((r) => r.status === 201)).toHaveLength(UNITS);
      const refused = responses.filter((r) => r.status !== 201);
      expect(refused.every((r) => r.status === 422 && r.body.error?.code === 'VALIDATION_FAILED')).toBe(true);
    }, 180_000);

    it('a capacity assignment shared by two tickets holds exactly its 20 places', async () => {
      const { responses, held } = await race({}, { capacity: true });
      expect(responses.filter((r) => r.status === 201)).toHaveLength(UNITS);
      const refused = responses.filter((r) => r.status !== 201);
      expect(refused.every((r) => r.status === 409 && r.body.error?.code === 'SOLD_OUT')).toBe(true);
      expect(held).toBe(UNITS);
    }, 180_000);

    it('one server with WEB_CONCURRENCY=2 runs two workers, sells exactly 20 and stops cleanly', async () => {
      const { responses, held, workers, exitCodes } = await race({}, { cluster: true });
      expect(workers).toBe(2);
      expect(responses.filter((r) => r.status === 201)).toHaveLength(UNITS);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(BUYERS - UNITS);
      expect(held).toBe(UNITS);
      expect(exitCodes).toEqual([0]);
    }, 180_000);

    it('two dates sharing a capacity assignment: no date, ticket or capacity is oversold (#27)', async () => {
      // Ticket A: 8 per date; ticket B unlimited; both under one capacity assignment of 20 over every
      // date; the first date holds 9 at most. A first wave of 100 buyers on the first date fills it (9);
      // a second wave of 100 on both dates at once leaves it full and sells the capacity's last 11 on the
      // second. Both waves race over two server processes, each serving both tickets and both dates.
      const { event } = await createSellingEvent(seed.app);
      const a = await addTicket(seed.app, event, { prices: [{ price_cents: 4000, quantity: 8 }] });
      const b = await addTicket(seed.app, event, {
        name: 'Grada',
        prices: [{ price_cents: 3000, quantity: null }],
      });
      await addCapacity(seed.app, event, UNITS, [a.id, b.id]);
      const first = await addEventDate(seed.app, event, { inDays: 3, capacity: 9 });
      const second = await addEventDate(seed.app, event, { inDays: 4 });
      const servers = await Promise.all([startServer(db.url), startServer(db.url)]);
      children.push(...servers.map((s) => s.child));
      const wave = (dateOf: (i: number) => string) =>
        Promise.all(
          Array.from({ length: BUYERS / 2 }, async (_, i) => {
            const t = Math.floor(i / 2) % 2 === 0 ? a : b;
            const date = dateOf(i);
            const res = await fetch(`${at(servers, i % 2).url}/api/public/events/${event.id}/order`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                tickets: [{ ticket_id: t.id, price_id: at(t.prices, 0).id, quantity: 1 }],
                event_date_id: date,
              }),
            });
            return { date, status: res.status };
          }),
        );
      const firstWave = await wave(() => first.id);
      const secondWave = await wave((i) => (Math.floor(i / 4) % 2 === 0 ? first.id : second.id));
      await Promise.all(servers.map((s) => stop(s.child)));
      const sold = (answers: { date: string; status: number }[], date: string) =>
        answers.filter((r) => r.date === date && r.status === 201).length;
      expect(sold(firstWave, first.id)).toBe(9);
      expect(sold(secondWave, first.id)).toBe(0);
      expect(sold(secondWave, second.id)).toBe(UNITS - 9);
      expect([...firstWave, ...secondWave].every((r) => r.status === 201 || r.status === 409)).toBe(true);
      const held = rowsOf<{ date: string; ticket: string; units: number }>(
        await seed.app.deps.db.execute(sql`
          select o.event_date_id as date, oi.ticket_id as ticket, sum(oi.quantity)::int as units
          from order_items oi join orders o on o.id = oi.order_id
          where o.event_id = ${event.id} and o.status = 'RESERVED' and o.reserved_until > now()
            and oi.event_date_id = o.event_date_id
          group by 1, 2`),
      );
      const units = (date: string, ticket?: string) =>
        held
          .filter((h) => h.date === date && (!ticket || h.ticket === ticket))
          .reduce((n, h) => n + h.units, 0);
      expect(units(first.id)).toBe(9);
      expect(units(second.id)).toBe(UNITS - 9);
      expect(units(first.id, a.id)).toBeLessThanOrEqual(8);
      expect(units(second.id, a.id)).toBeLessThanOrEqual(8);
    }, 180_000);

    it('a capacity assignment limited to two dates holds exactly its places across them; a third date is free (#27)', async () => {
      // One unlimited ticket; an assignment of 20 limited to the first two dates (shared by them). 200
      // buyers over two server processes: a third on each date. The two limited dates sell exactly 20
      // together; every buyer of the third date gets a unit.
      const { event } = await createSellingEvent(seed.app);
      const ticket = await addTicket(seed.app, event, { prices: [{ price_cents: 3000, quantity: null }] });
      const cap = await addCapacity(seed.app, event, UNITS, [ticket.id]);
      const dates = await Promise.all([3, 4, 5].map((inDays) => addEventDate(seed.app, event, { inDays })));
      const [one, two, free] = dates.map((d) => d.id) as [string, string, string];
      await seed.app.deps.db.insert(capacityAssignmentDates).values([
        { capacity_assignment_id: cap.id, event_date_id: one },
        { capacity_assignment_id: cap.id, event_date_id: two },
      ]);
      const servers = await Promise.all([startServer(db.url), startServer(db.url)]);
      children.push(...servers.map((s) => s.child));
      const answers = await Promise.all(
        Array.from({ length: BUYERS }, async (_, i) => {
          const date = at([one, two, free], i % 3);
          const res = await fetch(`${at(servers, i % 2).url}/api/public/events/${event.id}/order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
              event_date_id: date,
            }),
          });
          return { date, status: res.status };
        }),
      );
      await Promise.all(servers.map((s) => stop(s.child)));
      const sold = (date: string) => answers.filter((r) => r.date === date && r.status === 201).length;
      expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      expect(sold(one) + sold(two)).toBe(UNITS);
      expect(sold(free)).toBe(answers.filter((r) => r.date === free).length);
      const held = rowsOf<{ units: number }>(
        await seed.app.deps.db.execute(sql`
          select coalesce(sum(oi.quantity), 0)::int as units
          from order_items oi join orders o on o.id = oi.order_id
          where o.event_id = ${event.id} and o.status = 'RESERVED' and o.reserved_until > now()
            and oi.event_date_id in (${one}, ${two})`),
      );
      expect(at(held, 0).units).toBe(UNITS);
    }, 180_000);

    it('control: with locking switched off the same race oversells', async () => {
      const { responses, held } = await race({ CHECKOUT_UNSAFE_NO_LOCKS: 'true' });
      const created = responses.filter((r) => r.status === 201).length;
      expect(created).toBeGreaterThan(UNITS);
      expect(held).toBe(created);
    }, 180_000);
  });
}
