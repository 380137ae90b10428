import type { Locale } from '@taquilla/shared';
import type { AppDeps } from './deps.ts';
import type { AuthContext } from './lib/auth.ts';

/** What app.ts decorates the Fastify instance and every request with (types only; no runtime code). */
declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    locale: Locale;
    /** Set by the auth hook on authenticated /api requests; null on public ones. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** The load-shedding lane of an expensive route (lib/overload.ts): at most so many at once per process. */
    overload?: string;
  }
}
