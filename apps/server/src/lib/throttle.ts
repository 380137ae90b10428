import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * A preHandler counting requests per key in the shared rate-limit store (lib/rate-limit-store.ts), so
 * every process and host counts together. Past `max` in `windowMs`: 429 with `messageKey`, which may use
 * `{minutes}` (until the window ends).
 */
export function throttle(
  app: FastifyInstance,
  limits: { name: string; max: number; windowMs: number; key: (request: FastifyRequest) => string }[],
  messageKey: string,
) {
  const limiters = limits.map((l) =>
    app.createRateLimit({
      max: l.max,
      timeWindow: l.windowMs,
      keyGenerator: (request) => `${l.name}:${l.key(request)}`,
    }),
  );
  return async (request: FastifyRequest) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError(429, 'RATE_LIMITED', messageKey, {
          params: { minutes: Math.max(1, Math.ceil(result.ttl / 60_000)) },
        });
      }
    }
  };
}
