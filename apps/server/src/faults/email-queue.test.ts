import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { SEND_EMAIL_JOB } from '../lib/mailer.ts';
import { createPgDatabase } from '../test/app.ts';
import { ServerProcess } from '../test/server-process.ts';

/**
 * kill -9 while e-mails are queued, counted on a real SMTP peer (smtp-server): the peer keeps one
 * message waiting for its "250 OK" while the server process is killed, so that message was never
 * accepted; after the restart every e-mail arrives, each exactly once. Needs the PostgreSQL at
 * 127.0.0.1:5432 (or DATABASE_URL).
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TOTAL = 20;
const HOLD_AT = 6;

const accepted: string[] = [];
let held: string | null = null;
let holding = true;
let onHeld: (() => void) | null = null;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '';
      if (holding && accepted.length === HOLD_AT - 1) {
        // Never answered (nor any e-mail sent beside it): the sender dies before it learns they were taken.
        held ??= subject;
        onHeld?.();
        return;
      }
      accepted.push(subject);
      callback();
    });
  },
});
// The killed sender's open connections are reset under the server's feet: expected here.
smtp.on('error', () => {});
const server = new ServerProcess({});
let drop: () => Promise<void> = async () => {};
afterAll(async () => {
  await server.kill9();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await drop();
});

describe('kill -9 with e-mails queued', () => {
  it('sends each e-mail exactly once after the restart', async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const database = await createPgDatabase(BASE_URL);
    drop = database.drop;
    server.env = {
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taquilla-mailk9-')),
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      // A job claimed by the dead process is taken up again after 3 s (5 minutes by default).
      JOB_LOCK_SECONDS: '3',
    };
    await server.start();

    const heldNow = new Promise<void>((resolve) => {
      onHeld = resolve;
    });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      for (let i = 1; i <= TOTAL; i++) {
        await db.query('insert into jobs (kind, payload) values ($1, $2)', [
          SEND_EMAIL_JOB,
          {
            to: `persona${i}@example.com`,
            subject: `Mensaje ${i}`,
            text: `Hola ${i}`,
            html: `<p>Hola ${i}</p>`,
          },
        ]);
      }
      await heldNow;
      // E-mails go out several at once: the kill comes once those accepted are marked done (a kill between
      // the server's 250 and that mark is the one window left; its copy would carry the same Message-ID).
      const doneEmails = async () =>
        (
          await db.query('select count(*)::int as n from jobs where completed_at is not null and kind = $1', [
            SEND_EMAIL_JOB,
          ])
        ).rows[0].n;
      await expect.poll(doneEmails, { timeout: 5000 }).toBe(HOLD_AT - 1);
      await server.kill9();
      holding = false;
      expect(accepted.length).toBe(HOLD_AT - 1);

      await server.start();
      const deadline = Date.now() + 30_000;
      while (accepted.length < TOTAL && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const expected = Array.from({ length: TOTAL }, (_, i) => `Mensaje ${i + 1}`);
      expect([...accepted].sort()).toEqual(expected.sort());
      expect(accepted).toContain(held);
      // The e-mail jobs are all marked done (a job is marked just after its mail is accepted; other kinds,
      // such as the waiting list's minute sweep, stay scheduled by design).
      const pendingEmails = async () =>
        (
          await db.query('select count(*)::int as n from jobs where completed_at is null and kind = $1', [
            SEND_EMAIL_JOB,
          ])
        ).rows[0].n;
      await expect.poll(pendingEmails, { timeout: 10_000 }).toBe(0);
    } finally {
      await db.end();
    }
  }, 120_000);
});
