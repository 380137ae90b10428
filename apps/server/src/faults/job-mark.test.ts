import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../db/client.ts';
import { JobQueue } from '../lib/jobs.ts';
import { one } from '../lib/rows.ts';
import { createPgDatabase } from '../test/app.ts';
import { TcpProxy } from '../test/tcp-proxy.ts';

/**
 * The database drops right after a job's work was done (an e-mail accepted by the mail server) and comes
 * back a moment later: the job is marked done once it is back, and is not run again. Needs the
 * PostgreSQL at 127.0.0.1:5432 (or DATABASE_URL).
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = pino({ level: 'silent' });
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('a database that drops right after a job did its work', () => {
  it('the job is marked done once the database is back, and runs only once', async () => {
    const created = await createPgDatabase(BASE_URL);
    cleanups.push(created.drop);
    const url = new URL(created.url);
    const direct = await openDatabase({ databaseUrl: created.url });
    cleanups.push(() => direct.close());
    await direct.migrate();

    const proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.listen();
    cleanups.push(() => proxy.cut());
    const viaProxy = new URL(created.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const proxied: Database = await openDatabase({
      databaseUrl: viaProxy.toString(),
      connectTimeoutMs: 1000,
    });
    cleanups.push(() => proxied.close());

    const queue = new JobQueue(proxied.db, log, 1000, 30);
    let runs = 0;
    queue.register('deliver', async () => {
      runs++;
      // Accepted by the mail server; now the database goes away for a second and a half.
      await proxy.cut();
      setTimeout(() => void proxy.listen(proxy.port), 1500);
    });
    await direct.db.execute(sql`insert into jobs (kind, payload) values ('deliver', '{}')`);

    expect(await queue.drain()).toBe(1);
    const job = one(
      rowsOf<{ done: boolean; locked: boolean }>(
        await direct.db.execute(
          sql`select completed_at is not null as done, locked_until is not null as locked from jobs where kind = 'deliver'`,
        ),
      ),
    );
    expect(job).toEqual({ done: true, locked: false });
    // Even once any lock would have expired, nothing runs again.
    await direct.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where kind = 'deliver'`,
    );
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(1);
  }, 60_000);
});
