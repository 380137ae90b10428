import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpPeer } from '../modules/messages/smtp-peer.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { renderEmail } from './email-layout.ts';
import { JobQueue } from './jobs.ts';
import { enqueueEmail, failedEmails, Mailer, retryEmail, SEND_EMAIL_JOB } from './mailer.ts';
import { at } from './rows.ts';

describe('mailer without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taquilla-mail-'));
    const mailer = new Mailer(
      { dataDir, from: 'Taquilla <no-reply@taquilla.local>' },
      pino({ level: 'silent' }),
    );
    const content = renderEmail({
      heading: 'Confirma tu correo <ahora>',
      paragraphs: ['Hola Ana'],
      button: { label: 'Confirmar', url: 'http://localhost:3000/x?a=1&b=2' },
    });
    await mailer.send({ to: 'ana@example.com', subject: 'Bienvenida', ...content });
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, 'mail', at(files, 0)), 'utf8');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Subject: Bienvenida');
    expect(content.html).toContain('Confirma tu correo &lt;ahora&gt;');
    expect(content.html).toContain('href="http://localhost:3000/x?a=1&amp;b=2"');
    expect(content.text).toContain('Confirmar: http://localhost:3000/x?a=1&b=2');
  });
});

describe('mailer without SMTP_URL, sending concurrently', () => {
  it('keeps every e-mail to one address written in the same millisecond, in order', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taquilla-mail-'));
    const mailer = new Mailer(
      { dataDir, from: 'Taquilla <no-reply@taquilla.local>' },
      pino({ level: 'silent' }),
    );
    const subjects = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco'];
    await Promise.all(
      subjects.map((subject) =>
        mailer.send({ to: 'ana@example.com', subject, text: subject, html: subject }),
      ),
    );
    const files = readdirSync(path.join(dataDir, 'mail')).sort();
    expect(files).toHaveLength(5);
    const read = files.map(
      (f) => /^Subject: (.*)$/m.exec(readFileSync(path.join(dataDir, 'mail', f), 'utf8'))?.[1],
    );
    expect(read).toEqual(subjects);
  });
});

describe('e-mail jobs over SMTP', () => {
  let t: TestApp;
  const peer = new SmtpPeer({ greetingDelayMs: 20 });
  let queue: JobQueue;
  let mailer: Mailer;
  beforeAll(async () => {
    const smtpUrl = await peer.start();
    t = await createTestApp();
    queue = new JobQueue(t.app.deps.db, t.app.log);
    mailer = new Mailer(
      {
        smtpUrl,
        dataDir: t.config.dataDir,
        from: 'Taquilla <no-reply@taquilla.test>',
        messageIdHost: 'taquilla.test',
      },
      t.app.log,
    );
    mailer.registerJob(queue);
  });
  afterAll(async () => {
    mailer?.close();
    await peer.close();
    await t?.close();
  });

  const mail = (to: string, subject: string) => ({ to, subject, text: subject, html: `<p>${subject}</p>` });
  const messageIds = () => peer.inbox.map((m) => /^Message-ID: *(.*)$/im.exec(m.raw)?.[1]?.trim());

  it('an e-mail sent again (its job ran twice: a crash before the mark) carries the same Message-ID', async () => {
    peer.inbox.length = 0;
    await enqueueEmail(queue, mail('ana@example.com', 'Tu pedido'));
    await enqueueEmail(queue, mail('luis@example.com', 'Tu pedido'), undefined, {
      key: 'order-confirmation.o-9',
    });
    await queue.drain();
    // As if the process died after the mail server's 250 and before the job was marked done.
    await t.app.deps.db.execute(
      sql`update jobs set completed_at = null, run_at = now() where kind = ${SEND_EMAIL_JOB}`,
    );
    await queue.drain();
    expect(peer.inbox.map((m) => m.to)).toEqual([
      'ana@example.com',
      'luis@example.com',
      'ana@example.com',
      'luis@example.com',
    ]);
    const [first, keyed, again, keyedAgain] = messageIds();
    expect(first).toMatch(/^<email\.send\.\d+\.[0-9a-z]+@taquilla\.test>$/);
    expect(again).toBe(first);
    expect(keyed).toBe('<order-confirmation.o-9@taquilla.test>');
    expect(keyedAgain).toBe(keyed);
    await t.app.deps.db.execute(sql`delete from jobs where kind = ${SEND_EMAIL_JOB}`);
  });

  it('an e-mail refused for three days is kept as failed; listed per account and order; a retry sends it with its Message-ID', async () => {
    peer.inbox.length = 0;
    peer.refuse.add('eva@example.com');
    const refs = { key: 'order-confirmation.o-1', accountId: 'acc-1', orderId: 'o-1' };
    await enqueueEmail(queue, mail('eva@example.com', 'Tus entradas'), undefined, refs);
    await enqueueEmail(queue, mail('eva@example.com', 'Otra'), undefined, {
      accountId: 'acc-2',
      orderId: 'o-2',
    });
    await queue.drain();
    expect(await failedEmails(queue, { accountId: 'acc-1' })).toEqual([]);
    await t.app.deps.db.execute(
      sql`update jobs set run_at = now(), failing_since = now() - interval '3 days' where kind = ${SEND_EMAIL_JOB}`,
    );
    await queue.drain();

    const failed = await failedEmails(queue, { accountId: 'acc-1', orderId: 'o-1' });
    expect(failed).toHaveLength(1);
    expect(failed[0]?.payload).toMatchObject({
      to: 'eva@example.com',
      subject: 'Tus entradas',
      order_id: 'o-1',
    });
    expect(failed[0]?.lastError).toMatch(/550/);
    expect(await failedEmails(queue, { accountId: 'acc-1', orderId: 'o-2' })).toEqual([]);
    expect(await failedEmails(queue, { accountId: 'acc-2' })).toHaveLength(1);

    const id = failed[0]?.id ?? 0;
    expect(await retryEmail(queue, id, { accountId: 'acc-2' })).toBe(false);
    peer.refuse.delete('eva@example.com');
    expect(await retryEmail(queue, id, { accountId: 'acc-1' })).toBe(true);
    await queue.drain();
    expect(peer.inbox.map((m) => m.to)).toEqual(['eva@example.com']);
    expect(messageIds()).toEqual(['<order-confirmation.o-1@taquilla.test>']);
    expect(await failedEmails(queue, { accountId: 'acc-1' })).toEqual([]);
  });

  it('resolves attachment references when sending, through the resolver registered for their kind', async () => {
    peer.inbox.length = 0;
    const seen: string[] = [];
    mailer.registerAttachmentResolver('note', async (ref) => {
      seen.push(`${ref.accountId}/${ref.id}/${ref.locale}`);
      return ref.id === 'none'
        ? null
        : { filename: `${ref.id}.txt`, content: `nota ${ref.id}`, contentType: 'text/plain' };
    });
    const withRefs = (to: string, ids: string[], kind = 'note') => ({
      ...mail(to, 'Con adjunto'),
      attachmentRefs: ids.map((id) => ({ kind, id, accountId: 'acc-9', locale: 'ca' })),
    });
    await enqueueEmail(queue, withRefs('rosa@example.com', ['n-1', 'none']), undefined, { key: 'with-note' });
    await enqueueEmail(queue, withRefs('pau@example.com', ['n-2'], 'unknown'), undefined, { key: 'lost' });
    await queue.drain();
    // Nothing is resolved while queued: only when the job sends the e-mail.
    expect(seen).toEqual(['acc-9/n-1/ca', 'acc-9/none/ca']);
    expect(peer.inbox.map((m) => m.to)).toEqual(['rosa@example.com']);
    const raw = at(peer.inbox, 0).raw;
    expect(raw).toMatch(/Content-Disposition: attachment; filename=n-1\.txt/);
    expect(raw).toContain(Buffer.from('nota n-1').toString('base64'));
    expect(raw).not.toContain('none.txt');
    // A kind nobody resolves fails the job (tried again later), rather than sending without it.
    const [lost] = await queue.listJobs(SEND_EMAIL_JOB, sql`payload->>'message_key' = 'lost'`, 1);
    expect(lost?.completedAt).toBeNull();
    expect(lost?.lastError).toMatch(/no attachment resolver for unknown/);
    await t.app.deps.db.execute(sql`delete from jobs where kind = ${SEND_EMAIL_JOB}`);
  });
});
