import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

/**
 * A real SMTP server (smtp-server) for the messages tests and bench: it keeps every accepted e-mail,
 * can refuse chosen addresses, and can stop answering (hold) to freeze the sender in the middle of a send.
 */
export interface Received {
  to: string;
  raw: string;
  messageId: string;
}

export class SmtpPeer {
  readonly inbox: Received[] = [];
  /** Addresses refused at RCPT TO with 550 while listed. */
  readonly refuse = new Set<string>();
  /** Accept this many more e-mails, then hold every next one unanswered (null: accept all). */
  holdAfter: number | null = null;
  private held: ((err?: Error) => void)[] = [];
  private server: SMTPServer;
  private waiters: { count: number; resolve: () => void }[] = [];
  port = 0;

  /**
   * `greetingDelayMs`: each connection waits that long for the server's greeting (as real servers that
   * check the client first do); `acceptDelayMs`: each e-mail waits that long for its "250 OK".
   */
  constructor(opts: { keepRaw?: boolean; greetingDelayMs?: number; acceptDelayMs?: number } = {}) {
    const keepRaw = opts.keepRaw ?? true;
    const delay = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 10 * 1024 * 1024,
      // Connections a pooled sender keeps open are cut after 1 s on close() (30 s by default).
      closeTimeout: 1000,
      onConnect: (_session, callback) => {
        delay(opts.greetingDelayMs).then(() => callback());
      },
      onRcptTo: (address, _session, callback) => {
        if (this.refuse.has(address.address)) {
          const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(err);
        }
        callback();
      },
      onData: (stream: SMTPServerDataStream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          if (opts.acceptDelayMs) await delay(opts.acceptDelayMs);
          if (this.holdAfter !== null && this.holdAfter <= 0) {
            this.held.push(callback);
            return;
          }
          if (this.holdAfter !== null) this.holdAfter--;
          const data = Buffer.concat(chunks);
          const raw = keepRaw ? data.toString('utf8').replace(/\r\n/g, '\n') : '';
          // Unfolded: a long Message-ID goes on a continuation line.
          const headers = data
            .subarray(0, data.indexOf('\r\n\r\n'))
            .toString('utf8')
            .replace(/\r\n[ \t]+/g, ' ');
          const messageId = /^Message-ID: *(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
          for (const r of session.envelope.rcptTo) this.inbox.push({ to: r.address, raw, messageId });
          callback();
          this.wake();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** How many copies of each Message-ID arrived. */
  copiesByMessageId(): Map<string, number> {
    const copies = new Map<string, number>();
    for (const { messageId } of this.inbox) copies.set(messageId, (copies.get(messageId) ?? 0) + 1);
    return copies;
  }

  heldCount(): number {
    return this.held.length;
  }

  /** Answers the held e-mails with a temporary failure (the frozen sender then sees them refused). */
  releaseHeld(): void {
    for (const callback of this.held.splice(0))
      callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
  }

  /** Resolves once `count` e-mails in all were accepted. */
  waitFor(count: number): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ count, resolve });
      this.wake();
    });
  }

  private wake() {
    const ready = this.waiters.filter((w) => this.inbox.length >= w.count);
    this.waiters = this.waiters.filter((w) => this.inbox.length < w.count);
    for (const w of ready) w.resolve();
  }

  close(): Promise<void> {
    this.releaseHeld();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The MIME parts of a raw e-mail, with their headers and decoded bodies (base64, quoted-printable). */
export function mimeParts(raw: string): { headers: string; body: string; encoded: string }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^"\n;]+)"?/g)].map((m) => m[1] as string);
  let pieces = [raw];
  for (const b of boundaries) pieces = pieces.flatMap((p) => p.split(`--${b}`));
  return pieces.flatMap((p) => {
    const split = p.indexOf('\n\n');
    if (split < 0) return [];
    const headers = p.slice(0, split);
    const encoded = p.slice(split + 2);
    if (!/content-type/i.test(headers) || /multipart\//i.test(headers)) return [];
    let body = encoded;
    if (/content-transfer-encoding: base64/i.test(headers))
      body = Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8');
    else if (/content-transfer-encoding: quoted-printable/i.test(headers))
      body = Buffer.from(
        encoded
          .replace(/=\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    return [{ headers, body, encoded: encoded.trim() }];
  });
}
