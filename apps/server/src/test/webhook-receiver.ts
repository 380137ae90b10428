import { execFileSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver on 127.0.0.1 for tests: records every request; `respond` decides each answer. */
export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  url: string;
}

export async function startReceiver(
  respond: (req: ReceivedRequest, res: ServerResponse) => void = (_req, res) => res.end('ok'),
) {
  const received: ReceivedRequest[] = [];
  const receiver = { received, respond };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), url: req.url ?? '' };
      received.push(r);
      receiver.respond(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * Checks a Standard Webhooks signature without the app's code: `openssl dgst -hmac` over
 * `id.timestamp.body` with the base64-decoded secret, compared with each `v1,` entry. Answers which
 * of `secrets` signed it.
 */
export function verifiedBy(secrets: string[], headers: IncomingHttpHeaders, body: string): string[] {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  const given = String(headers['webhook-signature'])
    .split(' ')
    .map((s) => s.replace(/^v1,/, ''));
  return secrets.filter((secret) => {
    const hexKey = Buffer.from(secret.replace(/^whsec_/, ''), 'base64').toString('hex');
    const mac = execFileSync(
      'openssl',
      ['dgst', '-sha256', '-mac', 'HMAC', '-macopt', `hexkey:${hexKey}`, '-binary'],
      {
        input: `${id}.${timestamp}.${body}`,
      },
    ).toString('base64');
    return given.includes(mac);
  });
}
