import { ErrorCode } from '@taquilla/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from './errors.ts';
import { coreMessages } from './messages.ts';

/** OVERLOAD_MAX_IN_FLIGHT (0: no shedding) and OVERLOAD_QUEUE_WAIT_MS, per process. */
export interface OverloadLimits {
  maxInFlight: number;
  maxWaitMs: number;
}

/** Weight of the latest request in a lane's average time (an exponential moving average). */
const SMOOTHING = 0.1;
const MAX_RETRY_AFTER_S = 30;

interface Waiter {
  state: 'waiting' | 'running' | 'done';
  reply: FastifyReply;
  done: HookHandlerDoneFunction;
  timer?: NodeJS.Timeout;
  startedAt: number;
}

/**
 * One kind of expensive request (a route's `config.overload`): at most `maxInFlight` run at once, the
 * others wait in arrival order. A request that would wait longer than `maxWaitMs` is refused at once with
 * 503 and Retry-After (the wait is estimated from the queue and the lane's average time), and one still
 * waiting after `maxWaitMs` is refused then: under a crowd every answer is quick, a refusal included,
 * instead of thousands of requests piling up in the database pool until they time out.
 */
export class OverloadLane {
  private running = 0;
  private readonly queue: Waiter[] = [];
  private waiting = 0;
  private averageMs = 0;

  constructor(private readonly limits: OverloadLimits) {}

  /** The wait a newcomer can expect: the batches queued ahead of it times the average request. */
  expectedWaitMs(): number {
    return Math.ceil((this.waiting + 1) / this.limits.maxInFlight) * this.averageMs;
  }

  enter(reply: FastifyReply, done: HookHandlerDoneFunction) {
    const waiter: Waiter = { state: 'waiting', reply, done, startedAt: 0 };
    // 'close' always comes: after the answer, or when the client goes away first.
    reply.raw.once('close', () => this.leave(waiter));
    if (this.running < this.limits.maxInFlight && this.waiting === 0) return this.start(waiter);
    const expected = this.expectedWaitMs();
    if (expected > this.limits.maxWaitMs) return this.refuse(waiter, expected);
    this.waiting++;
    this.queue.push(waiter);
    waiter.timer = setTimeout(() => {
      this.waiting--;
      this.refuse(waiter, this.expectedWaitMs());
    }, this.limits.maxWaitMs);
    waiter.timer.unref();
  }

  private start(waiter: Waiter) {
    waiter.state = 'running';
    waiter.startedAt = performance.now();
    this.running++;
    waiter.done();
  }

  private refuse(waiter: Waiter, expectedMs: number) {
    waiter.state = 'done';
    if (waiter.reply.sent || waiter.reply.raw.headersSent) return;
    const seconds = Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(expectedMs / 1000)));
    waiter.reply.header('retry-after', String(seconds));
    waiter.reply.send(
      new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, coreMessages['error.overloaded'], {
        params: { seconds },
      }),
    );
  }

  private leave(waiter: Waiter) {
    if (waiter.state === 'waiting') {
      // The client gave up while waiting: its place goes to the next one.
      clearTimeout(waiter.timer);
      this.waiting--;
      waiter.state = 'done';
      return;
    }
    if (waiter.state !== 'running') return;
    waiter.state = 'done';
    this.running--;
    const ms = performance.now() - waiter.startedAt;
    this.averageMs = this.averageMs === 0 ? ms : this.averageMs + SMOOTHING * (ms - this.averageMs);
    this.next();
  }

  private next() {
    while (this.running < this.limits.maxInFlight && this.queue.length > 0) {
      const waiter = this.queue.shift() as Waiter;
      if (waiter.state !== 'waiting') continue;
      clearTimeout(waiter.timer);
      this.waiting--;
      this.start(waiter);
    }
  }
}

/**
 * Load shedding for the routes that declare `config: { overload: '<lane>' }` (reservation, payment): one
 * lane per name, per process. Register it after the locale hook (the refusal is translated) and before
 * anything that waits on the database (the session lookup, the rate-limit store).
 */
export function addLoadShedding(app: FastifyInstance, limits: OverloadLimits) {
  if (limits.maxInFlight === 0) return;
  const lanes = new Map<string, OverloadLane>();
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    const name = request.routeOptions.config.overload;
    if (!name) return done();
    let lane = lanes.get(name);
    if (!lane) {
      lane = new OverloadLane(limits);
      lanes.set(name, lane);
    }
    lane.enter(reply, done);
  });
}
