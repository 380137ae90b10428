import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../db/client.ts';
import { createPgDatabase } from '../test/app.ts';
import { JobQueue } from './jobs.ts';
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
