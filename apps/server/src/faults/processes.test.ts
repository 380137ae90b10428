import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../test/app.ts';
import { buyOne, ServerProcess, sellingEventOver } from '../test/server-process.ts';

/**
 * kill -9 of real server processes in the middle of work: on PostgreSQL, one of two processes dies
 * during a checkout burst; on the embedded database, the only process dies during writes. Needs the
 * PostgreSQL at 127.0.0.1:5432 (or DATABASE_URL), as CI has.
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of running) await s.kill9();
  for (const c of cleanups) await c();
});

async function started(env: Record<string, string>) {
  const s = new ServerProcess(env);
  running.push(s);
  return s.start();
}

describe('kill -9 during a checkout burst (PostgreSQL, two processes)', () => {
  it('leaves no order stuck or duplicated, and every unit sold or free again', async () => {
    const database = await createPgDatabase(BASE_URL);
    cleanups.push(database.drop);
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taquilla-k9-')),
      AUTH_SECRET: 'shared-by-both-processes-0123456789abcdef',
    };
    const a = await started(env);
    const b = await started(env);
    const CAPACITY = 30;
    const sale = await sellingEventOver(a, CAPACITY);

    // 60 buyers for 30 units, alternating processes; `a` dies 150 ms in.
    const buyers = Array.from({ length: 60 }, (_, n) => buyOne(n % 2 ? b : a, sale, n));
    await new Promise((r) => setTimeout(r, 150));
    await a.kill9();
    const outcomes = await Promise.all(buyers);
    expect(outcomes).toContain('connection lost');
    expect(outcomes.filter((o) => o === 'COMPLETED').length).toBeGreaterThan(0);

    // The dead process comes back on the same database.
    await a.start();
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    let soldBeforeRestart = 0;
    try {
      const statuses = (await db.query('select status, count(*)::int as n from orders group by status')).rows;
      for (const row of statuses) expect(['RESERVED', 'COMPLETED']).toContain(row.status);
      // Nobody paid for tickets they did not get, and no buyer has two orders.
      const paidNotCompleted = await db.query(
        `select o.short_id from payments p join orders o on o.id = p.order_id
         where p.status = 'SUCCEEDED' and o.status <> 'COMPLETED'`,
      );
      expect(paidNotCompleted.rows).toEqual([]);
      const duplicated = await db.query(
        `select email from orders where email is not null group by email having count(*) > 1`,
      );
      expect(duplicated.rows).toEqual([]);
      const completedByClients = outcomes.filter((o) => o === 'COMPLETED').length;
      const completed = await db.query(`select count(*)::int as n from orders where status = 'COMPLETED'`);
      expect(completed.rows[0].n).toBeGreaterThanOrEqual(completedByClients);

      // Time passes: every reservation still open runs out; then held units are exactly the sold ones.
      await db.query(
        `update orders set reserved_until = now() - interval '1 second' where status = 'RESERVED'`,
      );
      const units = await db.query(
        `select coalesce(sum(quantity) filter (where holds_until > now()), 0)::int as held,
                coalesce(sum(oi.quantity) filter (where o.status = 'COMPLETED'), 0)::int as sold
         from order_items oi join orders o on o.id = oi.order_id`,
      );
      const { held, sold } = units.rows[0];
      expect(held).toBe(sold);
      expect(sold).toBeLessThanOrEqual(CAPACITY);
      expect(sold).toBe(completed.rows[0].n);
      soldBeforeRestart = sold;
    } finally {
      await db.end();
    }
    // And the restarted process sells what is free (when the burst sold every unit before the kill
    // took effect, there is nothing left and it says so).
    const after = await buyOne(a, sale, 999);
    expect(after).toBe(soldBeforeRestart < CAPACITY ? 'COMPLETED' : 'reserve 409');
  }, 180_000);
});

describe('kill -9 during writes (embedded PGlite)', () => {
  it('the data folder opens again with every committed write', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taquilla-pglite-k9-'));
    const server = await started({ DATA_DIR: dataDir });
    const sale = await sellingEventOver(server, 1000);
    const committed: string[] = [];
    let stop = false;
    const writer = (async () => {
      for (let n = 0; !stop; n++) {
        try {
          const res = await server.api('POST', 'organizers', { name: `Organizador ${n}` }, sale.token);
          if (res.status === 201) committed.push(String(res.data.id));
        } catch {
          return;
        }
      }
    })();
    const writers = [
      writer,
      (async () => {
        while (!stop) {
          const outcome = await buyOne(server, sale, committed.length);
          if (outcome === 'connection lost') return;
        }
      })(),
    ];
    await new Promise((r) => setTimeout(r, 2500));
    await server.kill9();
    stop = true;
    await Promise.all(writers);
    expect(committed.length).toBeGreaterThan(3);

    await server.start();
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const listed = await server.api('GET', `organizers?per_page=100&page=${page}`, undefined, sale.token);
      expect(listed.status).toBe(200);
      const rows = (listed.json as unknown as { data: { id: string }[] }).data;
      ids.push(...rows.map((o) => o.id));
      if (rows.length < 100) break;
    }
    for (const id of committed) expect(ids).toContain(id);
  }, 180_000);
});
