import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../db/client.ts';
import type { JobQueue } from './jobs.ts';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
  /** 'base64' for binary content (the job payload is JSON). */
  encoding?: 'base64';
  /** Set for an image shown inside the HTML as `<img src="cid:…">`. */
  cid?: string;
}

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
}

export const SEND_EMAIL_JOB = 'email.send';

/**
 * Sends e-mail through SMTP_URL, or without it writes each message as an .eml file under DATA_DIR/mail/
 * and logs it, so a fresh machine works without a mail server.
 */
export class Mailer {
  private transport: Transporter;
  private readonly fileDir?: string;
  private readonly smtpUrl?: string;
  private bulkTransport?: Transporter;
  /** The .eml folder exists (made once, not before every e-mail). */
  private fileDirMade = false;

  constructor(
    opts: { smtpUrl?: string; dataDir: string; from: string },
    private log: FastifyBaseLogger,
  ) {
    this.from = opts.from;
    this.smtpUrl = opts.smtpUrl;
    if (opts.smtpUrl) {
      this.transport = nodemailer.createTransport(opts.smtpUrl);
    } else {
      this.fileDir = path.join(opts.dataDir, 'mail');
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  private readonly from: string;

  /**
   * `bulk` (messages to an audience) goes through a pool of kept-open SMTP connections instead of one
   * connection per e-mail.
   */
  async send(message: MailMessage, opts: { bulk?: boolean } = {}): Promise<void> {
    const transport = opts.bulk && this.smtpUrl ? this.pooled(this.smtpUrl) : this.transport;
    const info = await transport.sendMail({ from: this.from, ...message });
    if (this.fileDir) {
      if (!this.fileDirMade) {
        await mkdir(this.fileDir, { recursive: true });
        this.fileDirMade = true;
      }
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(this.fileDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      this.log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to file');
    } else {
      this.log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
    }
  }

  private pooled(smtpUrl: string): Transporter {
    this.bulkTransport ??= nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 10 });
    return this.bulkTransport;
  }

  /** Closes the pooled connections (on shutdown). */
  close(): void {
    this.bulkTransport?.close();
    this.bulkTransport = undefined;
  }
}

/** Queues an e-mail; a mail outage never fails the request that caused it. */
export function enqueueEmail(jobs: Pick<JobQueue, 'enqueue'>, message: MailMessage, tx?: Queryable) {
  return jobs.enqueue(SEND_EMAIL_JOB, message as unknown as Record<string, unknown>, { tx });
}
