import type { FastifyRequest } from 'fastify';

/**
 * Keeps single-use link tokens (password reset, invitation, e-mail confirmation and change, its undo) out
 * of the logs: a log reader must not be able to take over an account. The path segment after each of
 * these words is replaced, in request URLs (the `req` serializer) and in any string logged (a hook on
 * every log call), e.g. a message naming a URL or the link of an e-mail.
 */
const SECRET_SEGMENT =
  /(\/(?:reset-password|invitations|accept-invitation|confirm-email|confirm-email-address|email-change|confirm-email-change|undo-email-change)\/)[^/?#\s"'<>]+/g;

export const redactSecrets = (text: string) => text.replace(SECRET_SEGMENT, '$1[redacted]');

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth <= 0 || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  // Only plain objects: errors and requests have their own serializers.
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = scrub(inner, depth - 1);
  return out;
}

type LoggerOptions = Record<string, unknown> & { serializers?: Record<string, unknown> };

/** Fastify's logger options with the redaction added (`false` stays off). */
export function withLogRedaction(options: boolean | object): boolean | object {
  if (options === false) return false;
  const base: LoggerOptions = options === true ? {} : (options as LoggerOptions);
  return {
    ...base,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      ...base.serializers,
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => scrub(arg, 3)),
        );
      },
    },
  };
}
