import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../db/client.ts';
import { createPgDatabase, createTestApp, type TestApp } from '../test/app.ts';
import { type FailedJob, JOB_RETENTION_JOB, JobQueue } from './jobs.ts';
import { one } from './rows.ts';

const log = pino({ level: 'silent' });

/** A database that can be closed and opened again: a PGlite folder, or a fresh PostgreSQL database. */
async function reopenableDatabase() {
  if (process.env.DATABASE_URL) {
    const pg = await createPgDatabase(process.env.DATABASE_URL);
    return { open: () => openDatabase({ databaseUrl: pg.url }), drop: pg.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'taquilla-jobs-'));
  return { open: () => openDatabase({ pgliteDir: dir }), drop: async () => {} };
}

describe('job queue', () => {
  const opened: Database[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
    for (const drop of drops) await drop();
  });

  it('survives a restart and retries a failing job with backoff until it succeeds', async () => {
    const handle = await reopenableDatabase();
    drops.push(handle.drop);
    const first = await handle.open();
    await first.migrate();
    await new JobQueue(first.db, log).enqueue('greet', { name: 'Lucía' });
    await first.close();

    const second = await handle.open();
    opened.push(second);
    const queue = new JobQueue(second.db, log);
    const seen: string[] = [];
    let failures = 2;
    queue.register('greet', async (payload) => {
      if (failures-- > 0) throw new Error('smtp down');
      seen.push(String(payload.name));
    });

    expect(await queue.drain()).toBe(1);
    const afterFailure = one(
      rowsOf<{
        attempts: number;
        last_error: string;
        delay: number;
        completed_at: Date | null;
      }>(
        await second.db.execute(
          sql`select attempts, last_error, extract(epoch from run_at - now())::int as delay, completed_at from jobs`,
        ),
      ),
    );
    expect(afterFailure).toMatchObject({ attempts: 1, last_error: 'smtp down', completed_at: null });
    expect(afterFailure.delay).toBeGreaterThanOrEqual(3);

    // Not due yet: nothing runs. Make it due, as the clock would.
    expect(await queue.drain()).toBe(0);
    for (let i = 0; i < 2; i++) {
      await second.db.execute(sql`update jobs set run_at = now()`);
      await queue.drain();
    }
    expect(seen).toEqual(['Lucía']);
    const done = one(
      rowsOf<{ attempts: number; completed_at: Date | null }>(
        await second.db.execute(sql`select attempts, completed_at from jobs`),
      ),
    );
    expect(done.attempts).toBe(3);
    expect(done.completed_at).not.toBeNull();
  });

  it('gives up after max attempts and keeps the job as failed', async () => {
    const handle = await reopenableDatabase();
    drops.push(handle.drop);
    const database = await handle.open();
    opened.push(database);
    await database.migrate();
    const queue = new JobQueue(database.db, log);
    queue.register('always-fails', async () => {
      throw new Error('nope');
    });
    await queue.enqueue('always-fails', {});
    await database.db.execute(sql`update jobs set max_attempts = 2`);
    await queue.drain();
    await database.db.execute(sql`update jobs set run_at = now()`);
    await queue.drain();
    const row = one(
      rowsOf<{ failed_at: Date | null; attempts: number }>(
        await database.db.execute(sql`select failed_at, attempts from jobs`),
      ),
    );
    expect(row.attempts).toBe(2);
    expect(row.failed_at).not.toBeNull();
    await database.db.execute(sql`update jobs set run_at = now()`);
    expect(await queue.drain()).toBe(0);
  });
});

describe('job queue: policies, dead letters, repeating jobs, singletons, retention, concurrency', () => {
  let t: TestApp;
  const extra: Database[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const d of extra) await d.close();
    await t?.close();
  });

  const db = () => t.app.deps.db;
  const rows = async <T>(query: SQL) => rowsOf<T>(await db().execute(query));
  const dueNow = (kind: string) => db().execute(sql`update jobs set run_at = now() where kind = ${kind}`);

  it('a time-based policy keeps retrying past 8 attempts, backing off up to an hour, and gives up only after 3 days', async () => {
    const queue = new JobQueue(db(), log);
    queue.register(
      'mail-like',
      async () => {
        throw new Error('421 try later');
      },
      { retry: { forSeconds: 3 * 24 * 3600, maxDelaySeconds: 3600 } },
    );
    await queue.enqueue('mail-like', { to: 'ana@example.com' });
    for (let i = 0; i < 12; i++) {
      await dueNow('mail-like');
      await queue.drain();
    }
    const state = async () =>
      one(
        await rows<{ attempts: number; failed: boolean; delay: number; last_error: string }>(
          sql`select attempts, failed_at is not null as failed, extract(epoch from run_at - now())::int as delay,
            last_error from jobs where kind = 'mail-like'`,
        ),
      );
    expect(await state()).toMatchObject({ attempts: 12, failed: false, last_error: '421 try later' });
    expect((await state()).delay).toBeGreaterThan(3500);
    expect((await state()).delay).toBeLessThanOrEqual(3600);

    // Failing for two days: still tried. For three: given up, kept as failed with its error.
    await db().execute(
      sql`update jobs set failing_since = now() - interval '2 days' where kind = 'mail-like'`,
    );
    await dueNow('mail-like');
    await queue.drain();
    expect(await state()).toMatchObject({ attempts: 13, failed: false });
    await db().execute(
      sql`update jobs set failing_since = now() - interval '3 days 1 minute' where kind = 'mail-like'`,
    );
    await dueNow('mail-like');
    await queue.drain();
    expect(await state()).toMatchObject({ attempts: 14, failed: true, last_error: '421 try later' });
    await dueNow('mail-like');
    expect(await queue.drain()).toBe(0);
  });

  it('lists the failed jobs of a kind by payload keys and re-queues one as the same job', async () => {
    const queue = new JobQueue(db(), log);
    let failing = true;
    const ran: number[] = [];
    queue.register(
      'notice',
      async (_payload, job) => {
        ran.push(job.id);
        if (failing) throw new Error('refused');
      },
      { retry: { attempts: 1 } },
    );
    await queue.enqueue('notice', { account_id: 'acc-1', order_id: 'o-1' });
    await queue.enqueue('notice', { account_id: 'acc-1', order_id: 'o-2' });
    await queue.enqueue('notice', { account_id: 'acc-2', order_id: 'o-3' });
    expect(await queue.drain()).toBe(3);

    const ofAccount = await queue.failedJobs('notice', { account_id: 'acc-1' });
    expect(ofAccount.map((j) => j.payload.order_id).sort()).toEqual(['o-1', 'o-2']);
    const [failed] = await queue.failedJobs('notice', { account_id: 'acc-1', order_id: 'o-1' });
    expect(failed).toMatchObject({ kind: 'notice', attempts: 1, lastError: 'refused' });
    expect(await queue.failedJobs('other-kind', { account_id: 'acc-1' })).toEqual([]);

    const id = (failed as FailedJob).id;
    // Another account's job, or one not failed, is not re-queued.
    expect(await queue.retryFailed(id, 'notice', { account_id: 'acc-2' })).toBe(false);
    failing = false;
    ran.length = 0;
    expect(await queue.retryFailed(id, 'notice', { account_id: 'acc-1' })).toBe(true);
    expect(await queue.retryFailed(id, 'notice', { account_id: 'acc-1' })).toBe(false);
    expect(await queue.drain()).toBe(1);
    expect(ran).toEqual([id]);
    expect(await queue.failedJobs('notice', { order_id: 'o-1' })).toEqual([]);
    const done = one(
      await rows<{ done: boolean }>(sql`select completed_at is not null as done from jobs where id = ${id}`),
    );
    expect(done.done).toBe(true);
  });

  it('two queues racing to schedule the same repeating job make one row; each run schedules the next', async () => {
    // On PostgreSQL the second queue has its own connection pool, as another process would.
    const other = process.env.DATABASE_URL ? await openDatabase({ databaseUrl: t.config.databaseUrl }) : null;
    if (other) extra.push(other);
    const a = new JobQueue(db(), log);
    const b = new JobQueue(other?.db ?? db(), log);
    let runs = 0;
    const tick = async () => {
      runs++;
    };
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).repeat('tick', 60, tick)));
    const pending = () =>
      rows<{ id: number; in_seconds: number }>(
        sql`select id, extract(epoch from run_at - now())::int as in_seconds from jobs
          where kind = 'tick' and completed_at is null and failed_at is null`,
      );
    expect(await pending()).toHaveLength(1);
    expect(one(await pending()).in_seconds).toBeGreaterThan(50);

    await dueNow('tick');
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toBe(1);
    const next = one(await pending());
    expect(next.in_seconds).toBeGreaterThan(50);
    await Promise.all([a.repeat('tick', 60, tick), b.repeat('tick', 60, tick)]);
    expect(await pending()).toEqual([next]);

    // A failing run is tried again at the next occurrence, never given up.
    const c = new JobQueue(db(), log);
    await c.repeat('tick', 60, async () => {
      throw new Error('sweep failed');
    });
    for (let i = 0; i < 10; i++) {
      await dueNow('tick');
      await c.drain();
    }
    const failing = one(
      await rows<{ failed: boolean; in_seconds: number; last_error: string }>(
        sql`select failed_at is not null as failed, extract(epoch from run_at - now())::int as in_seconds, last_error
          from jobs where kind = 'tick' and completed_at is null`,
      ),
    );
    expect(failing).toMatchObject({ failed: false, last_error: 'sweep failed' });
    expect(failing.in_seconds).toBeGreaterThan(50);
  });

  it('a singleton key allows one pending job; a scheduled job waits for its time', async () => {
    const queue = new JobQueue(db(), log);
    const seen: string[] = [];
    queue.register('single', async (payload) => {
      seen.push(String(payload.n));
    });
    await Promise.all([1, 2, 3].map((n) => queue.enqueue('single', { n }, { singletonKey: 'single:x' })));
    await queue.enqueue('single', { n: 'later' }, { runAt: new Date(Date.now() + 3600_000) });
    expect(await queue.drain()).toBe(1);
    expect(seen).toHaveLength(1);
    // Done: the key is free again.
    await queue.enqueue('single', { n: 4 }, { singletonKey: 'single:x' });
    expect(await queue.drain()).toBe(1);
    expect(seen.at(-1)).toBe('4');
    await dueNow('single');
    expect(await queue.drain()).toBe(1);
    expect(seen.at(-1)).toBe('later');
  });

  it('deletes completed jobs older than the retention period, hourly; keeps failed and recent ones', async () => {
    await db().execute(sql`
      insert into jobs (kind, payload, completed_at, failed_at) values
        ('old-done', '{}', now() - interval '8 days', null),
        ('recent-done', '{}', now() - interval '6 days', null),
        ('old-failed', '{}', null, now() - interval '30 days')`);
    const queue = new JobQueue(db(), log);
    await queue.keepCompletedFor(7 * 24 * 3600);
    const retention = one(
      await rows<{ in_seconds: number }>(
        sql`select extract(epoch from run_at - now())::int as in_seconds from jobs
          where kind = ${JOB_RETENTION_JOB} and completed_at is null`,
      ),
    );
    expect(retention.in_seconds).toBeGreaterThan(3500);
    await dueNow(JOB_RETENTION_JOB);
    await queue.drain();
    const left = await rows<{ kind: string }>(
      sql`select kind from jobs where kind in ('old-done', 'recent-done', 'old-failed') order by kind`,
    );
    expect(left.map((r) => r.kind)).toEqual(['old-failed', 'recent-done']);
  });

  it("runs up to a kind's concurrency at once in the background; stop() claims nothing more and waits for those", async () => {
    const queue = new JobQueue(db(), log, 50);
    let running = 0;
    let most = 0;
    let done = 0;
    queue.register(
      'slow',
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 150));
        running--;
        done++;
      },
      { concurrency: 3 },
    );
    for (let i = 0; i < 9; i++) await queue.enqueue('slow', { i });
    queue.start();
    await expect.poll(() => done, { timeout: 10_000 }).toBe(9);
    expect(most).toBe(3);

    for (let i = 0; i < 9; i++) await queue.enqueue('slow', { i });
    await expect.poll(() => running, { timeout: 5000 }).toBe(3);
    await queue.stop();
    expect(running).toBe(0);
    expect(done).toBe(12);
    const left = await rows<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = 'slow' and completed_at is null and locked_until is null`,
    );
    expect(one(left).n).toBe(6);
  });
});
