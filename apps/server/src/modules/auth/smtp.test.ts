import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { parseEml, type SentMail } from '../../test/factories/auth.ts';

/**
 * A real SMTP peer (smtp-server) receives the e-mails the app sends through SMTP_URL; the links inside
 * are followed over HTTP against the listening app. Also: while the mail server is down the request
 * still succeeds and the e-mail is retried until it goes out.
 */
let smtp: SMTPServer;
let smtpPort = 0;
const inbox: (SentMail & { envelopeTo: string[] })[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The outage below closes it under the app's pooled connection: cut that at once (30 s by default).
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n');
        inbox.push({ ...parseEml(raw), envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ listen: true, env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const http = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  fetch(`${t.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

describe('e-mail over SMTP', () => {
  it('delivers the registration confirmation and the reset link, and both links work', async () => {
    const email = 'smtp.user@example.com';
    const reg = await http('/api/auth/register', {
      method: 'POST',
      body: {
        first_name: 'Sara',
        last_name: 'Núñez',
        email,
        password: 'clave-inicial-1',
        password_confirmation: 'clave-inicial-1',
        accept_terms: true,
      },
    });
    expect(reg.status).toBe(201);
    const { token: session, user } = ((await reg.json()) as { data: { token: string; user: { id: string } } })
      .data;
    await t.app.deps.jobs.drain();
    const confirm = inbox.shift();
    expect(confirm?.envelopeTo).toEqual([email]);
    expect(confirm?.subject).toBe('Confirma tu correo electrónico');
    expect(confirm?.text).toContain('Hola, Sara:');
    const link = confirm?.links.find((l) => l.includes('/manage/profile/confirm-email-address/')) as string;
    expect(link.startsWith('http://localhost:3000/manage/profile/confirm-email-address/')).toBe(true);
    // Following the link: the page at that path calls the API with the token from the URL.
    const confirmToken = new URL(link).pathname.split('/').pop();
    const confirmed = await http(`/api/users/${user.id}/confirm-email/${confirmToken}`, {
      method: 'POST',
      token: session,
    });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { data: { email_verified: boolean } }).data.email_verified).toBe(
      true,
    );

    const forgot = await http('/api/auth/forgot-password', { method: 'POST', body: { email } });
    expect(forgot.status).toBe(202);
    await t.app.deps.jobs.drain();
    const reset = inbox.shift();
    expect(reset?.subject).toBe('Restablece tu contraseña');
    const resetToken = new URL(
      reset?.links.find((l) => l.includes('/auth/reset-password/')) as string,
    ).pathname
      .split('/')
      .pop();
    expect((await http(`/api/auth/reset-password/${resetToken}`)).status).toBe(200);
    const done = await http(`/api/auth/reset-password/${resetToken}`, {
      method: 'POST',
      body: { password: 'clave-nueva-22', password_confirmation: 'clave-nueva-22' },
    });
    expect(done.status).toBe(200);
    const login = await http('/api/auth/login', {
      method: 'POST',
      body: { email, password: 'clave-nueva-22' },
    });
    expect(login.status).toBe(200);
  });

  it('a mail outage does not fail the request; the e-mail is retried and delivered later', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const res = await http('/api/auth/forgot-password', {
      method: 'POST',
      body: { email: 'smtp.user@example.com' },
    });
    expect(res.status).toBe(202);
    await t.app.deps.jobs.drain();
    expect(inbox).toHaveLength(0);
    const { rowsOf } = await import('../../db/client.ts');
    const { sql } = await import('drizzle-orm');
    const job = one(
      rowsOf<{ attempts: number; last_error: string | null; completed_at: Date | null }>(
        await t.app.deps.db.execute(
          sql`select attempts, last_error, completed_at from jobs order by id desc limit 1`,
        ),
      ),
    );
    expect(job.attempts).toBe(1);
    expect(job.last_error).toBeTruthy();
    expect(job.completed_at).toBeNull();

    // The mail server comes back on the same port; the retry (made due now) delivers.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            ...parseEml(Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n')),
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
    await t.app.deps.db.execute(sql`update jobs set run_at = now() where completed_at is null`);
    await t.app.deps.jobs.drain();
    expect(inbox).toHaveLength(1);
    expect(at(inbox, 0).subject).toBe('Restablece tu contraseña');
  });
});
