import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AuthContext } from './auth.ts';

/**
 * Who is calling and from where, for code far from the route (the audit trail records it without every
 * service passing it along). Empty outside a request: jobs and start-up run without one.
 */
export interface RequestContext {
  auth: AuthContext | null;
  /** request.ip: the client's address as TRUST_PROXY allows reading it. */
  ip: string;
  userAgent: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `fn` as if called by this request (tests, or work started outside a hook). */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

const USER_AGENT_MAX = 500;

/**
 * An onRequest hook, added after the auth hook: the rest of the request (later hooks, the handler, what
 * they await) runs inside the context. A callback hook, so the chain continues from within `run`.
 */
export function requestContextHook(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  const userAgent = request.headers['user-agent'];
  storage.run(
    {
      auth: request.auth ?? null,
      ip: request.ip,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
    },
    done,
  );
}
