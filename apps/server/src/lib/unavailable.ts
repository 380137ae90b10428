import { ErrorCode } from '@taquilla/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import { coreMessages } from './messages.ts';

/** 503 with the translated "service unavailable" message; the client may retry after a few seconds. */
export const serviceUnavailable = () =>
  new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, coreMessages['error.service_unavailable']);

// Connection-level failures (driver, socket) and PostgreSQL's "the server is going away / cannot take
// you / the statement ran out of time" SQLSTATEs: the database is down, hung or overloaded, not the request.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53100',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'not queryable',
  'database closed',
];

/** Whether the error (however deep it was wrapped) is a full disk: PostgreSQL's disk_full, or ENOSPC/EDQUOT. */
export function isDiskFull(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 8; depth++, e = e.cause as typeof e) {
    if (e.code === '53100' || e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
    if (typeof e.message === 'string' && e.message.includes('No space left on device')) return true;
  }
  return false;
}

/** Whether an error (however deep the driver wrapped it) means the database cannot answer now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (isDiskFull(err)) return true;
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 8; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/**
 * No request waits forever: past `ms` the caller gets a 503 (the handler's late answer is dropped).
 * Database timeouts normally answer first; this is the backstop for anything else that hangs.
 */
export function addRequestTimeout(app: FastifyInstance, ms: number) {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  // Callback hooks, not async ones: they run on every request, and a promise each costs more than the work.
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      request.log.warn({ url: request.url, ms }, 'request timed out');
      reply.send(serviceUnavailable());
    }, ms);
    timer.unref();
    timers.set(request, timer);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    clearTimeout(timers.get(request));
    done();
  });
}

/** Resolves with `promise`, or rejects once `ms` have passed. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('Query read timeout'), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
