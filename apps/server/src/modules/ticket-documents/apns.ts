import { type ClientHttp2Session, connect } from 'node:http2';
import type { AppleWalletConfig } from '../../config.ts';

/** What APNs answered: sent, the token is dead (forget the registration), or worth trying again. */
export type PushOutcome = 'SENT' | 'UNREGISTERED' | 'RETRY';

/** An idle connection to APNs is closed after this long. */
const IDLE_MS = 60_000;
const sessions = new Map<string, ClientHttp2Session>();

/**
 * One HTTP/2 connection per APNs host and certificate, shared by the pushes (Apple asks senders to keep
 * connections open rather than open one per notification), closed when idle, replaced once it fails.
 */
function sessionFor(config: AppleWalletConfig): ClientHttp2Session {
  const key = `${config.apnsUrl} ${config.passTypeId}`;
  const open = sessions.get(key);
  if (open && !open.closed && !open.destroyed) return open;
  const session = connect(config.apnsUrl, {
    cert: config.signerCert,
    key: config.signerKey,
    ...(config.signerKeyPassphrase ? { passphrase: config.signerKeyPassphrase } : {}),
    ...(config.apnsCa ? { ca: config.apnsCa } : {}),
  });
  const forget = () => {
    if (sessions.get(key) === session) sessions.delete(key);
  };
  session.on('error', forget);
  session.on('close', forget);
  session.on('goaway', forget);
  session.setTimeout(IDLE_MS, () => session.close());
  session.unref();
  sessions.set(key, session);
  return session;
}

/**
 * Tells a device that a pass changed: an empty JSON payload over HTTP/2 to APNs with the pass type id as
 * the topic, authenticated by TLS with the Pass Type ID certificate (Wallet's passes push with it, no
 * separate APNs key). The device then asks the web service what changed.
 */
export function pushPassUpdate(
  config: AppleWalletConfig,
  pushToken: string,
  timeoutMs = 15_000,
): Promise<{ outcome: PushOutcome; status: number; reason?: string }> {
  return new Promise((resolve, reject) => {
    const request = sessionFor(config).request({
      ':method': 'POST',
      ':path': `/3/device/${encodeURIComponent(pushToken)}`,
      'apns-topic': config.passTypeId,
      'content-type': 'application/json',
    });
    request.setTimeout(timeoutMs, () => request.close());
    let status = 0;
    let body = '';
    request.setEncoding('utf8');
    request.on('response', (headers) => {
      status = Number(headers[':status']);
    });
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('error', reject);
    request.on('close', () => {
      if (!status) return reject(new Error('APNs gave no answer'));
      let reason: string | undefined;
      try {
        reason = body
          ? String((JSON.parse(body) as { reason?: unknown }).reason ?? '') || undefined
          : undefined;
      } catch {
        reason = undefined;
      }
      // 410: the device no longer takes pushes for this topic; 400 BadDeviceToken: it never will.
      const dead = status === 410 || (status === 400 && reason === 'BadDeviceToken');
      const outcome: PushOutcome = status === 200 ? 'SENT' : dead ? 'UNREGISTERED' : 'RETRY';
      resolve({ outcome, status, ...(reason ? { reason } : {}) });
    });
    request.end('{}');
  });
}
