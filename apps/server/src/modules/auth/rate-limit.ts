import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/**
 * Two counters per sensitive endpoint: per client IP and per e-mail address in the body, so neither a
 * single machine nor a distributed attack on one address gets many guesses. 429 with a clear message.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

export function ipAndEmailLimiter(
  app: FastifyInstance,
  name: string,
  limits: { ip: Limit; email: Limit },
  messageKey: string,
) {
  const byIp = app.createRateLimit({
    max: limits.ip.max,
    timeWindow: limits.ip.windowMs,
    keyGenerator: (req) => `${name}:ip:${req.ip}`,
  });
  const byEmail = app.createRateLimit({
    max: limits.email.max,
    timeWindow: limits.email.windowMs,
    keyGenerator: (req) => `${name}:email:${emailOf(req)}`,
  });
  return async (request: FastifyRequest) => {
    for (const limiter of [byIp, byEmail]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError(429, 'RATE_LIMITED', messageKey, {
          params: { minutes: Math.max(1, Math.ceil(result.ttl / 60_000)) },
        });
      }
    }
  };
}

function emailOf(request: FastifyRequest): string {
  const body = request.body;
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}
