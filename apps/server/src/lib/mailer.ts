import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../db/client.ts';
import type { JobQueue } from './jobs.ts';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export const SEND_EMAIL_JOB = 'email.send';

/**
 * Sends e-mail through SMTP_URL, or without it writes each message as an .eml file under DATA_DIR/mail/
 * and logs it, so a fresh machine works without a mail server.
 */
export class Mailer {
  private transport: Transporter;
  private readonly fileDir?: string;

  constructor(
    opts: { smtpUrl?: string; dataDir: string; from: string },
    private log: FastifyBaseLogger,
  ) {
    this.from = opts.from;
    if (opts.smtpUrl) {
      this.transport = nodemailer.createTransport(opts.smtpUrl);
    } else {
      this.fileDir = path.join(opts.dataDir, 'mail');
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  private readonly from: string;

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    if (this.fileDir) {
      await mkdir(this.fileDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(this.fileDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      this.log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to file');
    } else {
      this.log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
    }
  }
}

/** Queues an e-mail; a mail outage never fails the request that caused it. */
export function enqueueEmail(jobs: Pick<JobQueue, 'enqueue'>, message: MailMessage, tx?: Queryable) {
  return jobs.enqueue(SEND_EMAIL_JOB, message as unknown as Record<string, unknown>, { tx });
}
