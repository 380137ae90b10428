import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../db/client.ts';
import type { JobInfo, JobQueue, JobState, OutcomeHooks, RetryPolicy } from './jobs.ts';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
  /** 'base64' for binary content (the job payload is JSON). */
  encoding?: 'base64';
  /** Set for an image shown inside the HTML as `<img src="cid:…">`. */
  cid?: string;
}

/**
 * An attachment made when the e-mail is sent, not when it is queued (an invoice's PDF: building it has no
 * place in the transaction that pays). `kind` names the resolver a module registered for it (lib/ imports
 * no module); `id` is what it looks up; `locale` the language to render it in.
 */
export interface AttachmentRef {
  kind: string;
  id: string;
  /** The account the document belongs to: the resolver looks it up there only. */
  accountId: string;
  locale?: string;
}

/** Makes a referenced attachment, or null when there is none (e.g. the account does not invoice). */
export type AttachmentResolver = (ref: AttachmentRef) => Promise<MailAttachment | null>;

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where the buyer's reply goes: the event's support address, not the no-reply sender. */
  replyTo?: string;
  /** A stable Message-ID: a copy sent twice (a crash between sending and marking) is one message to clients. */
  messageId?: string;
  attachments?: MailAttachment[];
  /** Attachments resolved at send time, after `attachments`; a copy sent again resolves them again. */
  attachmentRefs?: AttachmentRef[];
}

export const SEND_EMAIL_JOB = 'email.send';

/** E-mail jobs are tried again for three days (a delay doubling up to an hour), then kept as failed. */
export const EMAIL_RETRY: RetryPolicy = { forSeconds: 3 * 24 * 3600, maxDelaySeconds: 3600 };

/**
 * What an e-mail job is about, kept in its payload. `key` names the message for good (its Message-ID is
 * `<key@app host>`, so a copy sent again after a crash is the same message to mail clients): say what it
 * is, e.g. `order-confirmation.{orderId}`, and make a resend a key of its own. Without it the job's
 * identity is the key. `accountId`, `eventId` and `orderId` let the e-mails be found per account, event
 * and order; `kind` says which e-mail it is (CONFIRMATION, TICKET…).
 */
export interface EmailRefs {
  key?: string;
  accountId?: string;
  eventId?: string;
  orderId?: string;
  kind?: string;
}

/** The payload keys of an e-mail job that are not part of the message. */
interface EmailJobRefs {
  message_key?: string;
  account_id?: string;
  event_id?: string;
  order_id?: string;
  email_kind?: string;
}

/** An e-mail's outcome: the mail server accepted it, or it was given up on (after three days). */
export interface EmailOutcome {
  status: 'SENT' | 'FAILED';
  jobId: number;
  to: string;
  refs: EmailRefs;
  error?: string;
}

/** Records an e-mail's outcome (an order's activity log) in the transaction that marks its job. */
export type EmailOutcomeListener = (q: Queryable, outcome: EmailOutcome) => Promise<void>;

/** The refs an e-mail job's payload carries. */
export function emailRefsOf(payload: Record<string, unknown>): EmailRefs {
  const p = payload as EmailJobRefs;
  return {
    ...(p.message_key ? { key: p.message_key } : {}),
    ...(p.account_id ? { accountId: p.account_id } : {}),
    ...(p.event_id ? { eventId: p.event_id } : {}),
    ...(p.order_id ? { orderId: p.order_id } : {}),
    ...(p.email_kind ? { kind: p.email_kind } : {}),
  };
}

export interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  from: string;
  /** The right-hand side of the Message-IDs made from keys: the app's host name. */
  messageIdHost?: string;
  /** SMTP connections kept open at most (one e-mail at a time each), and e-mails sent over one before it is renewed. */
  maxConnections?: number;
  maxMessages?: number;
}

/**
 * Sends e-mail through SMTP_URL over a pool of kept-open connections, or without it writes each message
 * as an .eml file under DATA_DIR/mail/ and logs it, so a fresh machine works without a mail server.
 */
export class Mailer {
  private transport: Transporter;
  private readonly fileDir?: string;
  private readonly smtpUrl?: string;
  private bulkTransport?: Transporter;
  private readonly resolvers = new Map<string, AttachmentResolver>();
  /** The .eml folder exists (made once, not before every e-mail). */
  private fileDirMade = false;
  private filesWritten = 0;
  private readonly from: string;
  private readonly messageIdHost: string;
  private readonly maxConnections: number;

  constructor(
    opts: MailerOptions,
    private log: FastifyBaseLogger,
  ) {
    this.from = opts.from;
    this.smtpUrl = opts.smtpUrl;
    this.messageIdHost = opts.messageIdHost ?? 'taquilla.local';
    this.maxConnections = opts.maxConnections ?? 8;
    if (opts.smtpUrl) {
      this.transport = nodemailer.createTransport({
        url: opts.smtpUrl,
        pool: true,
        maxConnections: this.maxConnections,
        maxMessages: opts.maxMessages ?? 100,
      });
    } else {
      this.fileDir = path.join(opts.dataDir, 'mail');
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  /** Makes `kind`'s attachment references resolvable (a module registers its own at start-up). */
  registerAttachmentResolver(kind: string, resolver: AttachmentResolver): void {
    this.resolvers.set(kind, resolver);
  }

  /** A reference nobody resolves is a wiring mistake: the job fails (and is retried) rather than lose it. */
  private async resolveAttachments(refs: AttachmentRef[] = []): Promise<MailAttachment[]> {
    const made = await Promise.all(
      refs.map((ref) => {
        const resolver = this.resolvers.get(ref.kind);
        if (!resolver) throw new Error(`no attachment resolver for ${ref.kind}`);
        return resolver(ref);
      }),
    );
    return made.filter((a): a is MailAttachment => a !== null);
  }

  /** The Message-ID a key stands for: `<key@host>`, with what a Message-ID may not hold replaced. */
  messageIdOf(key: string): string {
    return `<${key.replace(/[^A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]/g, '-')}@${this.messageIdHost}>`;
  }

  /**
   * Resolves once the mail server accepted the message (its answer to DATA). `key` gives it a stable
   * Message-ID (unless the message names one). `bulk` (messages to an audience) goes through a pool of
   * its own, so order e-mails never wait behind a mass mailing.
   */
  async send(message: MailMessage, opts: { bulk?: boolean; key?: string } = {}): Promise<void> {
    const transport = opts.bulk && this.smtpUrl ? this.pooled(this.smtpUrl) : this.transport;
    const messageId = message.messageId ?? (opts.key ? this.messageIdOf(opts.key) : undefined);
    // The file's name is taken before the (asynchronous) build, so e-mails sent concurrently are named in
    // the order they were sent, not the order their builds finished; the counter parts equal milliseconds.
    const fileName = this.fileDir
      ? `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${String(++this.filesWritten).padStart(8, '0')}-${message.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`
      : undefined;
    const { attachmentRefs, ...mail } = message;
    const resolved = await this.resolveAttachments(attachmentRefs);
    const attachments = [...(mail.attachments ?? []), ...resolved];
    const info = await transport.sendMail({
      from: this.from,
      ...mail,
      ...(attachments.length > 0 ? { attachments } : {}),
      ...(messageId ? { messageId } : {}),
    });
    if (this.fileDir && fileName) {
      if (!this.fileDirMade) {
        await mkdir(this.fileDir, { recursive: true });
        this.fileDirMade = true;
      }
      const file = path.join(this.fileDir, fileName);
      await writeFile(file, info.message as Buffer);
      this.log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to file');
    } else {
      this.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent');
    }
  }

  /** Sends an e-mail job's message, keyed by its `message_key` or else by the job's identity. */
  sendJob(payload: Record<string, unknown>, job: JobInfo): Promise<void> {
    const { message_key, account_id, event_id, order_id, email_kind, ...message } =
      payload as unknown as MailMessage & EmailJobRefs;
    const key = message_key ?? `${job.kind}.${job.id}.${job.createdAt.getTime().toString(36)}`;
    return this.send(message, { key });
  }

  /**
   * Makes the e-mail job kind run on `jobs`, as many at once as the pool has connections; `onOutcome`
   * hears of each e-mail accepted by the mail server or given up, in the transaction that marks its job.
   */
  registerJob(jobs: JobQueue, onOutcome?: EmailOutcomeListener): void {
    const outcome = (payload: Record<string, unknown>, job: JobInfo, error?: string): EmailOutcome => ({
      status: error === undefined ? 'SENT' : 'FAILED',
      jobId: job.id,
      to: String(payload.to ?? ''),
      refs: emailRefsOf(payload),
      ...(error === undefined ? {} : { error }),
    });
    const hooks: OutcomeHooks | undefined = onOutcome && {
      done: (q, job, payload) => onOutcome(q, outcome(payload, job)),
      givenUp: (q, job, payload, error) => onOutcome(q, outcome(payload, job, error)),
    };
    jobs.register(SEND_EMAIL_JOB, (payload, job) => this.sendJob(payload, job), {
      retry: EMAIL_RETRY,
      concurrency: this.maxConnections,
      outcome: hooks,
    });
  }

  private pooled(smtpUrl: string): Transporter {
    this.bulkTransport ??= nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 10 });
    return this.bulkTransport;
  }

  /** Closes the pooled connections (on shutdown). */
  close(): void {
    this.transport.close();
    this.bulkTransport?.close();
    this.bulkTransport = undefined;
  }
}

/** Queues an e-mail; a mail outage never fails the request that caused it. */
export function enqueueEmail(
  jobs: Pick<JobQueue, 'enqueue'>,
  message: MailMessage,
  tx?: Queryable,
  refs: EmailRefs = {},
) {
  const payload: MailMessage & EmailJobRefs = {
    ...message,
    ...(refs.key ? { message_key: refs.key } : {}),
    ...(refs.accountId ? { account_id: refs.accountId } : {}),
    ...(refs.eventId ? { event_id: refs.eventId } : {}),
    ...(refs.orderId ? { order_id: refs.orderId } : {}),
    ...(refs.kind ? { email_kind: refs.kind } : {}),
  };
  return jobs.enqueue(SEND_EMAIL_JOB, payload as unknown as Record<string, unknown>, { tx });
}

/** Where e-mails are looked for: always one account, narrowed to an event or an order. */
export interface EmailScope {
  accountId: string;
  eventId?: string;
  orderId?: string;
}

/** The account's e-mails given up on (after three days of trying), newest first; narrowed to an event or order. */
export function failedEmails(jobs: JobQueue, where: EmailScope) {
  return jobs.failedJobs(SEND_EMAIL_JOB, refsMatch(where));
}

/** Tries a failed e-mail of the account (and event) again, same Message-ID; false when there is no such e-mail. */
export function retryEmail(jobs: JobQueue, jobId: number, where: EmailScope): Promise<boolean> {
  return jobs.retryFailed(jobId, SEND_EMAIL_JOB, refsMatch(where));
}

/** One failed e-mail of the scope, or null. */
export async function findFailedEmail(jobs: JobQueue, jobId: number, where: EmailScope) {
  const [job] = await jobs.listJobs(
    SEND_EMAIL_JOB,
    sql`id = ${jobId} and failed_at is not null and payload @> ${JSON.stringify(refsMatch(where))}::jsonb`,
    1,
  );
  return job ? emailRecordOf(job) : null;
}

/** An e-mail as the organizer sees it: queued (and maybe being retried), sent, or given up. */
export interface EmailRecord {
  id: number;
  to: string;
  subject: string;
  refs: EmailRefs;
  status: 'QUEUED' | 'SENT' | 'FAILED';
  attempts: number;
  lastError: string | null;
  queuedAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
}

export function emailRecordOf(job: JobState): EmailRecord {
  return {
    id: job.id,
    to: String(job.payload.to ?? ''),
    subject: String(job.payload.subject ?? ''),
    refs: emailRefsOf(job.payload),
    status: job.failedAt ? 'FAILED' : job.completedAt ? 'SENT' : 'QUEUED',
    attempts: job.attempts,
    lastError: job.lastError,
    queuedAt: job.createdAt,
    sentAt: job.completedAt,
    failedAt: job.failedAt,
  };
}

/**
 * Every e-mail of an order still in the queue's table, oldest first (sent ones are deleted after
 * JOB_RETENTION_DAYS; the order's activity log keeps their EMAIL_SENT lines). Read through the
 * `jobs_email_order_idx` index.
 */
export async function orderEmails(jobs: JobQueue, where: { accountId: string; orderId: string }) {
  const rows = await jobs.listJobs(
    SEND_EMAIL_JOB,
    sql`payload->>'order_id' = ${where.orderId} and payload->>'account_id' = ${where.accountId}`,
  );
  return rows.map(emailRecordOf);
}

const refsMatch = (where: EmailScope): Record<string, string> => ({
  account_id: where.accountId,
  ...(where.eventId ? { event_id: where.eventId } : {}),
  ...(where.orderId ? { order_id: where.orderId } : {}),
});
