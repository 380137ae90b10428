import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isForbiddenAddress } from './address-policy.ts';

/** Resolves a host to every address (dns.lookup's shape with `all: true`); tests pass their own. */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface OutboundOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: private and loopback targets allowed (a self-hoster's LAN). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** The response body is read up to this many bytes, then the connection is cut. */
  maxResponseBytes: number;
  resolve?: Resolve;
}

export interface OutboundResult {
  /** null: no HTTP answer (refused target, DNS, connection, time-out). */
  status: number | null;
  body: string;
  error: string | null;
  durationMs: number;
}

/** A target the policy refuses: not retried differently, but recorded as such. */
export class ForbiddenTarget extends Error {}

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/**
 * The `lookup` the connection uses: it resolves once, refuses the whole answer if any address is
 * forbidden, and hands the checked addresses to the socket. The check and the connection use the same
 * answer, so a DNS server that answers differently the second time (rebinding) gets no second question.
 */
function guardedLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const bad = addresses.find((a) => isForbiddenAddress(a.address));
        if (!addresses.length) return callback(new Error(`${hostname} has no address`), '', 0);
        if (bad && !allowPrivate)
          return callback(new ForbiddenTarget(`${bad.address} is not a public address`), '', 0);
        const family = options.family === 6 ? 6 : options.family === 4 ? 4 : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (options.all) return callback(null, usable as never, 0);
        const first = usable[0];
        if (!first) return callback(new Error(`${hostname} has no IPv${family} address`), '', 0);
        callback(null, first.address, first.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * POSTs a webhook: http(s) only, public addresses only (unless allowed), the resolved address pinned for
 * the connection, no redirect followed (a 3xx is an answer like any other), a total time-out, and at
 * most `maxResponseBytes` of the answer read. Never throws: the outcome says what happened.
 */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: OutboundOptions,
): Promise<OutboundResult> {
  const started = performance.now();
  const done = (r: Omit<OutboundResult, 'durationMs'>): OutboundResult => ({
    ...r,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve(done({ status: null, body: '', error: 'invalid URL' }));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve(done({ status: null, body: '', error: `${url.protocol} is not http(s)` }));
  }
  // An IP literal never reaches `lookup`: it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && isForbiddenAddress(literal) && !options.allowPrivate) {
    return Promise.resolve(done({ status: null, body: '', error: `${literal} is not a public address` }));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<OutboundResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: guardedLookup(options.resolve ?? systemResolve, options.allowPrivate),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = response.statusCode ?? null;
        response.on('data', (chunk: Buffer) => {
          if (size >= options.maxResponseBytes) return;
          chunks.push(chunk.subarray(0, options.maxResponseBytes - size));
          size += chunk.length;
          if (size >= options.maxResponseBytes) {
            finish({ status, body: Buffer.concat(chunks).toString('utf8'), error: null });
            response.destroy();
          }
        });
        response.on('end', () =>
          finish({ status, body: Buffer.concat(chunks).toString('utf8'), error: null }),
        );
        response.on('error', (err) =>
          finish({ status, body: Buffer.concat(chunks).toString('utf8'), error: err.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, body: '', error: `no answer within ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (err) => finish({ status: null, body: '', error: err.message }));
    request.end(body);
  });
}
