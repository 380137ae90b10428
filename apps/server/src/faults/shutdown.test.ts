import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SEND_EMAIL_JOB } from '../lib/mailer.ts';
import { SmtpPeer } from '../modules/messages/smtp-peer.ts';
import { createPgDatabase } from '../test/app.ts';
import { ServerProcess } from '../test/server-process.ts';

/**
 * SIGTERM on a real server process: it stops claiming jobs, lets the e-mails in flight finish, closes
 * and exits 0 at once, even with a backlog and even when nobody reads its stdout any more. Needs the
 * PostgreSQL at 127.0.0.1:5432 (or DATABASE_URL).
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TOTAL = 150;

const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill9();
  for (const c of cleanups.reverse()) await c();
});

async function serverOnFreshDatabase(env: Record<string, string>, stdout: 'inherit' | 'pipe' = 'inherit') {
  const database = await createPgDatabase(BASE_URL);
  cleanups.push(database.drop);
  const server = new ServerProcess(
    { DATABASE_URL: database.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taquilla-stop-')), ...env },
    stdout,
  );
  servers.push(server);
  return { server, databaseUrl: database.url };
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

describe('SIGTERM', () => {
  it('with a backlog of e-mails: exits 0 within seconds, and after a restart each e-mail arrived exactly once', async () => {
    // A mail server that makes each connection wait 100 ms for its greeting and each e-mail 150 ms for its
    // "250 OK": the SIGTERM always finds e-mails in the middle of being accepted.
    const peer = new SmtpPeer({ greetingDelayMs: 100, acceptDelayMs: 150 });
    const smtpUrl = await peer.start();
    cleanups.push(() => peer.close());
    const { server, databaseUrl } = await serverOnFreshDatabase({ SMTP_URL: smtpUrl, MAIL_CONCURRENCY: '4' });
    await server.start();

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    await db.query(
      `insert into jobs (kind, payload)
       select $1, jsonb_build_object('to', 'persona' || n || '@example.com', 'subject', 'Mensaje ' || n,
         'text', 'Hola ' || n, 'html', '<p>Hola ' || n || '</p>')
       from generate_series(1, $2::int) n`,
      [SEND_EMAIL_JOB, TOTAL],
    );
    await peer.waitFor(20);
    const stop = await timed(server.stop());
    expect(stop.value).toBe(0);
    // The e-mails in flight finish (150 ms each); the backlog is not worked through (that took 10 s).
    expect(stop.ms).toBeLessThan(5000);
    const cutAt = peer.inbox.length;
    expect(cutAt).toBeLessThan(TOTAL);

    await server.start();
    await peer.waitFor(TOTAL);
    // Nothing more comes (a copy of an e-mail cut by the stop would come now).
    await new Promise((r) => setTimeout(r, 1500));
    const copies = peer.copiesByMessageId();
    expect(peer.inbox).toHaveLength(TOTAL);
    expect(copies.size).toBe(TOTAL);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    const subjects = new Set(peer.inbox.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]));
    expect(subjects.size).toBe(TOTAL);
    const pending = await db.query(
      'select count(*)::int as n from jobs where kind = $1 and completed_at is null',
      [SEND_EMAIL_JOB],
    );
    expect(pending.rows[0].n).toBe(0);
    expect(await server.stop()).toBe(0);
  }, 180_000);

  it('exits 0 promptly when the reader of its stdout has gone', async () => {
    const { server } = await serverOnFreshDatabase({ LOG_LEVEL: 'info' }, 'pipe');
    await server.start();
    // The reader of the pipe is stuck: it holds the pipe but reads no more (a hung log shipper), so the
    // pipe fills up; the requests below log more lines than it holds.
    server.child?.stdout?.pause();
    // Each request logs its 4 KB address: 200 of them are ten times what the pipe holds.
    const padded = `${server.url}/api/health?pad=${'x'.repeat(4000)}`;
    const requests = Array.from({ length: 200 }, () =>
      fetch(padded, { signal: AbortSignal.timeout(5000) }).catch(() => null),
    );
    await Promise.all(requests);
    const stop = await timed(
      Promise.race([server.stop(), new Promise((r) => setTimeout(() => r('hung'), 15_000))]),
    );
    expect(stop.value).toBe(0);
    expect(stop.ms).toBeLessThan(5000);
  }, 120_000);
});
