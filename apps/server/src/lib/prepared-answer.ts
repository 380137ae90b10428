import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MicroCache } from './micro-cache.ts';

/** Bytes sent many times, with their compressed forms made on the first request that accepts each. */
export interface CompressibleBytes {
  readonly body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * A public JSON answer prepared once and sent many times: the UTF-8 bytes, their ETag, and the
 * compressed bytes. Sending it does no JSON, hashing or compression work.
 */
export interface PreparedAnswer extends CompressibleBytes {
  readonly etag: string;
  readonly cacheControl: string;
}

/** Below this size compression is not worth it (the threshold @fastify/compress has in app.ts). */
const COMPRESS_THRESHOLD = 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

export function prepareAnswer(body: unknown, cacheControl: string): PreparedAnswer {
  const bytes = Buffer.from(JSON.stringify(body));
  const etag = `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
  return { body: bytes, etag, cacheControl };
}

/** The q value `accept-encoding` gives `coding` (explicitly, else through `*`); undefined if neither is named. */
function qualityOf(header: string, coding: string): number | undefined {
  let star: number | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const token = name.trim().toLowerCase();
    if (token !== coding && token !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2)) || 0;
    if (token === coding) return quality;
    star = quality;
  }
  return star;
}

/**
 * The bytes to send for `accept-encoding`: Brotli or gzip when accepted (made once per answer), the
 * plain bytes when nothing is asked for, a small answer, or identity is what the client prefers;
 * undefined when the client wants a coding this cache does not make (then @fastify/compress decides).
 */
export function encodedBody(
  answer: CompressibleBytes,
  accept: string | undefined,
): { bytes: Buffer; encoding?: 'br' | 'gzip' } | undefined {
  if (!accept || answer.body.length < COMPRESS_THRESHOLD) return { bytes: answer.body };
  if ((qualityOf(accept, 'br') ?? 0) > 0) {
    answer.br ??= brotliCompressSync(answer.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
    });
    return { bytes: answer.br, encoding: 'br' };
  }
  if ((qualityOf(accept, 'gzip') ?? 0) > 0) {
    answer.gzip ??= gzipSync(answer.body, { level: 9 });
    return { bytes: answer.gzip, encoding: 'gzip' };
  }
  if (accept.trim() === '' || accept.trim().toLowerCase() === 'identity') return { bytes: answer.body };
  return undefined;
}

/** `if-none-match` names this answer (weak comparison, as RFC 9110 asks of it, or `*`). */
export function isNotModified(request: FastifyRequest, answer: PreparedAnswer): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header === answer.etag) return true;
  const opaque = answer.etag.slice(2);
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === answer.etag || tag === opaque || tag === '*';
  });
}

/**
 * The answer through Fastify's reply (the route's own path): 304 when `if-none-match` names it, else
 * the bytes, compressed when accepted. The answer is the same whatever the language or cookies, so it
 * varies by encoding only.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) {
  reply
    .header('cache-control', answer.cacheControl)
    .header('etag', answer.etag)
    .header('vary', 'accept-encoding');
  if (isNotModified(request, answer)) return reply.code(304).send();
  reply.header('content-type', JSON_TYPE);
  const encoded = encodedBody(answer, request.headers['accept-encoding']);
  if (!encoded) return reply.send(answer.body);
  if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
  return reply.send(encoded.bytes);
}

/**
 * The same answer written straight to the socket, for a repeat served before the other hooks
 * (app.ts): the headers in one flat list and the bytes, nothing else on the way. Fastify still logs
 * the request and runs its onResponse hooks. False (nothing sent) when the client wants a coding this
 * cache does not make: the full pipeline answers then.
 */
export function writePrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  headers: readonly string[],
): boolean {
  const common = [
    ...headers,
    'cache-control',
    answer.cacheControl,
    'etag',
    answer.etag,
    'vary',
    'accept-encoding',
  ];
  if (isNotModified(request, answer)) {
    reply.hijack();
    reply.raw.writeHead(304, common);
    reply.raw.end();
    return true;
  }
  const encoded = encodedBody(answer, request.headers['accept-encoding']);
  if (!encoded) return false;
  common.push('content-type', JSON_TYPE, 'content-length', String(encoded.bytes.length));
  if (encoded.encoding) common.push('content-encoding', encoded.encoding);
  reply.hijack();
  reply.raw.writeHead(200, common);
  reply.raw.end(encoded.bytes);
  return true;
}

/**
 * The public GET answers a micro-cache holds, by exact request URL (path and query as sent), so a
 * repeat of an address the full pipeline already answered is served first (app.ts): same URL, same
 * validation outcome, and the micro-cache's current answer for it (none once its entry expired).
 */
export class PreparedAnswers {
  private byUrl = new Map<string, { cache: MicroCache<PreparedAnswer>; key: string }>();
  private open = true;

  constructor(private maxUrls = 5000) {}

  remember(url: string, cache: MicroCache<PreparedAnswer>, key: string): void {
    if (!this.open || cache.peek(key) === undefined) return;
    this.byUrl.delete(url);
    this.byUrl.set(url, { cache, key });
    if (this.byUrl.size > this.maxUrls) {
      const oldest = this.byUrl.keys().next().value;
      if (oldest !== undefined) this.byUrl.delete(oldest);
    }
  }

  find(url: string): PreparedAnswer | undefined {
    const entry = this.byUrl.get(url);
    return entry?.cache.peek(entry.key);
  }

  /** Stops serving and remembering (the server is closing: the full pipeline says `connection: close`). */
  close(): void {
    this.open = false;
    this.byUrl.clear();
  }
}
