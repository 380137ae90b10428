import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Queryable, rowsOf } from '../db/client.ts';

/** The job a handler runs: its id and creation time stay the same across retries and re-sends. */
export interface JobInfo {
  id: number;
  kind: string;
  attempts: number;
  createdAt: Date;
}

type Handler = (payload: Record<string, unknown>, job: JobInfo) => Promise<void>;

/**
 * When a failing job is tried again, and when it is given up and kept as failed (a dead letter). The delay
 * doubles from `firstDelaySeconds` (5) up to `maxDelaySeconds` (3600). It gives up after `attempts` tries,
 * or, with `forSeconds`, once it has kept failing that long (an outage of any length up to that is
 * survived, however many tries it took); with neither, after the row's `max_attempts` (8).
 */
export interface RetryPolicy {
  attempts?: number;
  forSeconds?: number;
  firstDelaySeconds?: number;
  maxDelaySeconds?: number;
}

/**
 * What a kind records about its outcome, in the transaction that marks the job: `done` once its handler
 * returned, `givenUp` once it failed for good. Both run exactly once per outcome (a failed write undoes
 * the mark as well, and the job is run or marked again).
 */
export interface OutcomeHooks {
  done?: (q: Queryable, job: JobInfo, payload: Record<string, unknown>) => Promise<void>;
  givenUp?: (q: Queryable, job: JobInfo, payload: Record<string, unknown>, error: string) => Promise<void>;
}

export interface KindOptions {
  retry?: RetryPolicy;
  /** How many jobs of this kind one process runs at once (default 1). */
  concurrency?: number;
  outcome?: OutcomeHooks;
}

interface Kind {
  handler: Handler;
  retry: RetryPolicy;
  concurrency: number;
  outcome?: OutcomeHooks;
  /** Repeating: the next occurrence is scheduled this long after one ends (and a failure waits as long). */
  everySeconds?: number;
  running: number;
}

interface JobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
}

export interface FailedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  lastError: string | null;
  failedAt: Date;
  createdAt: Date;
}

/** A job in any state: pending (neither time set), done (`completedAt`) or given up (`failedAt`). */
export interface JobState {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  completedAt: Date | null;
  failedAt: Date | null;
}

export const JOB_RETENTION_JOB = 'jobs.retention';
/** A job not pending: `on conflict` against the unique index of pending singleton keys. */
const PENDING = sql`completed_at is null and failed_at is null`;

/**
 * A Postgres-backed job queue: jobs survive restarts, several processes share the table (FOR UPDATE SKIP
 * LOCKED), each runs up to its kinds' concurrency at once, failures are retried as the kind's policy says
 * and then kept as failed (dead letters, listed and re-queued by `failedJobs`/`retryFailed`). Also:
 * scheduled jobs (`runAt`), singletons (`singletonKey`: at most one pending job per key), repeating jobs
 * (`repeat`: exactly one scheduled occurrence across every process) and retention (`keepCompletedFor`).
 *
 * A job is marked done the moment its handler returns: for an e-mail, right after the mail server
 * accepted it. A process that dies in between leaves the job to be run again once its lock expires.
 */
export class JobQueue {
  private kinds = new Map<string, Kind>();
  private inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private wake: (() => void) | null = null;
  private stopped = true;
  /** Set by stop(): no new job is claimed, jobs in flight finish. */
  private closing = false;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private pollMs = 1000,
    /** How long a claimed job stays claimed: a process killed mid-job leaves it to others after this. */
    private lockSeconds = 300,
    /** How long stop() waits for the jobs in flight. */
    private stopGraceMs = 8000,
  ) {}

  register(kind: string, handler: Handler, options: KindOptions = {}): void {
    this.kinds.set(kind, {
      handler,
      retry: options.retry ?? {},
      concurrency: Math.max(1, options.concurrency ?? 1),
      outcome: options.outcome,
      running: 0,
    });
  }

  /**
   * A kind that runs every `everySeconds`, in one process at a time: exactly one occurrence is scheduled
   * (a singleton keyed by the kind, so processes racing to schedule it make one row). Each run schedules
   * the next when it ends, in the transaction that marks it done; a failure is logged and tried again at
   * the next occurrence, never given up.
   */
  async repeat(kind: string, everySeconds: number, handler: Handler): Promise<void> {
    this.kinds.set(kind, { handler, retry: {}, concurrency: 1, everySeconds, running: 0 });
    await this.scheduleNext(this.db, kind, everySeconds);
  }

  /** Deletes completed jobs older than `seconds`, hourly (a repeating job). Failed jobs are kept. */
  keepCompletedFor(seconds: number): Promise<void> {
    return this.repeat(JOB_RETENTION_JOB, 3600, async () => {
      await this.deleteCompleted(seconds);
    });
  }

  /** Deletes completed jobs older than `seconds`, a batch per statement; answers how many. */
  async deleteCompleted(seconds: number): Promise<number> {
    const batch = 5000;
    let total = 0;
    for (;;) {
      const deleted = rowsOf<{ id: number }>(
        await this.db.execute(sql`
          delete from jobs where id in (
            select id from jobs where completed_at < now() - make_interval(secs => ${seconds}) limit ${batch}
          ) returning id`),
      ).length;
      total += deleted;
      if (deleted < batch) return total;
    }
  }

  /**
   * Adds a job; pass the open transaction so the job exists only if the business write commits. With
   * `singletonKey`, nothing is added while a job with that key is pending.
   */
  async enqueue(
    kind: string,
    payload: Record<string, unknown>,
    opts: { tx?: Queryable; runAt?: Date; singletonKey?: string } = {},
  ): Promise<void> {
    await (opts.tx ?? this.db).execute(sql`
      insert into jobs (kind, payload, run_at, singleton_key)
      values (${kind}, ${JSON.stringify(payload)}::jsonb, coalesce(${opts.runAt?.toISOString() ?? null}::timestamptz, now()), ${opts.singletonKey ?? null})
      on conflict (singleton_key) where ${PENDING} do nothing`);
    this.notify();
  }

  /** Jobs were written by other means (in one statement with a business write): run them soon. */
  notify(): void {
    if (!this.stopped) setImmediate(() => this.kick());
  }

  start(): void {
    this.stopped = false;
    this.closing = false;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    // Repeating jobs whose occurrence went missing (deleted by hand, a database restored) come back.
    for (const [kind, k] of this.kinds) {
      if (k.everySeconds)
        this.scheduleNext(this.db, kind, k.everySeconds).catch((err) =>
          this.log.error({ err, kind }, 'repeating job not scheduled'),
        );
    }
    this.kick();
  }

  /** Stops claiming jobs and waits for the ones in flight, at most the grace period. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    this.wake?.();
    const settled = Promise.allSettled([this.running, ...this.inFlight]);
    let timeout: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timeout = setTimeout(() => {
        if (this.inFlight.size) this.log.warn({ jobs: this.inFlight.size }, 'jobs still running at shutdown');
        resolve();
      }, this.stopGraceMs);
    });
    await Promise.race([settled, grace]);
    clearTimeout(timeout);
  }

  /**
   * Runs every job that is due now, one at a time in queue order, until none is left; answers how many.
   * Tests call this to deliver e-mails (the background worker runs kinds concurrently instead).
   */
  drain(): Promise<number> {
    return this.work(1);
  }

  /** Failed jobs (dead letters) of a kind whose payload contains `match` (e.g. an account and order id), newest first. */
  async failedJobs(kind: string, match: Record<string, unknown> = {}, limit = 100): Promise<FailedJob[]> {
    const rows = rowsOf<JobRow & { last_error: string | null; failed_at: Date | string }>(
      await this.db.execute(sql`
        select id, kind, payload, attempts, last_error, failed_at, created_at from jobs
        where kind = ${kind} and failed_at is not null and payload @> ${JSON.stringify(match)}::jsonb
        order by failed_at desc, id desc
        limit ${limit}`),
    );
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      payload: r.payload,
      attempts: r.attempts,
      lastError: r.last_error,
      failedAt: new Date(r.failed_at),
      createdAt: new Date(r.created_at),
    }));
  }

  /** Jobs of a kind whose row meets `where` (a condition on `jobs`), oldest first. */
  async listJobs(kind: string, where: SQL, limit = 200): Promise<JobState[]> {
    const rows = rowsOf<
      JobRow & {
        last_error: string | null;
        completed_at: Date | string | null;
        failed_at: Date | string | null;
      }
    >(
      await this.db.execute(sql`
        select id, kind, payload, attempts, last_error, created_at, completed_at, failed_at from jobs
        where kind = ${kind} and ${where}
        order by id
        limit ${limit}`),
    );
    const date = (d: Date | string | null) => (d === null ? null : new Date(d));
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      payload: r.payload,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: new Date(r.created_at),
      completedAt: date(r.completed_at),
      failedAt: date(r.failed_at),
    }));
  }

  /**
   * Puts a failed job of `kind` whose payload contains `match` back in the queue, due now, with a fresh
   * retry policy. It is the same row, so the same identity (an e-mail keeps its Message-ID). False when no
   * such failed job exists, or a pending job holds its singleton key.
   */
  async retryFailed(id: number, kind: string, match: Record<string, unknown> = {}): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        update jobs set failed_at = null, failing_since = null, attempts = 0, locked_until = null, run_at = now()
        where id = ${id} and kind = ${kind} and failed_at is not null and payload @> ${JSON.stringify(match)}::jsonb
          and not exists (
            select 1 from jobs pending where pending.singleton_key = jobs.singleton_key
              and pending.completed_at is null and pending.failed_at is null)
        returning id`),
    );
    if (rows.length) this.notify();
    return rows.length > 0;
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wake?.();
      return;
    }
    this.running = this.work(Number.POSITIVE_INFINITY);
    this.running
      .catch((err) => this.log.error({ err }, 'job queue failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /**
   * Claims due jobs while their kinds have free slots (at most `limit` in flight), runs them, and claims
   * again as each ends, until nothing is due and nothing runs. After stop() it only waits for what runs.
   */
  private async work(limit: number): Promise<number> {
    let count = 0;
    const mine = new Set<Promise<void>>();
    for (;;) {
      let claimedAny = false;
      if (!this.closing) {
        const free = this.freeSlots();
        const budget = limit - mine.size;
        if (free.size && budget > 0) {
          const claimed = await this.claim(free, budget);
          claimedAny = claimed.length > 0;
          for (const job of claimed) {
            count++;
            const run = this.run(job).finally(() => {
              mine.delete(run);
              this.inFlight.delete(run);
            });
            mine.add(run);
            this.inFlight.add(run);
          }
        }
      }
      if (claimedAny) continue;
      if (mine.size === 0) return count;
      await Promise.race([
        ...mine,
        new Promise<void>((resolve) => {
          this.wake = resolve;
        }),
      ]);
      this.wake = null;
    }
  }

  /** The kinds that may start a job now, with how many each. */
  private freeSlots(): Map<string, number> {
    const free = new Map<string, number>();
    for (const [kind, k] of this.kinds) {
      if (k.concurrency > k.running) free.set(kind, k.concurrency - k.running);
    }
    return free;
  }

  /**
   * Claims due jobs in queue order (run_at, id): at most `free` of each kind (each kind read on its own
   * from the pending index by kind, so a backlog of one kind costs nothing to the others), `budget` in all.
   */
  private async claim(free: Map<string, number>, budget: number): Promise<JobRow[]> {
    const caps = JSON.stringify(Object.fromEntries(free));
    const total = Math.min(
      budget,
      [...free.values()].reduce((a, b) => a + b, 0),
    );
    const rows = rowsOf<JobRow>(
      await this.db.execute(sql`
        with caps as (
          select key as kind, value::int as n from jsonb_each_text(${caps}::jsonb)
        ), candidates as (
          select due.id, due.run_at from caps cross join lateral (
            select id, run_at from jobs
            where jobs.kind = caps.kind and ${PENDING} and run_at <= now()
              and (locked_until is null or locked_until < now())
            order by run_at, id
            for update skip locked
            limit caps.n
          ) due
        ), chosen as (
          select id from candidates order by run_at, id limit ${total}
        )
        update jobs set locked_until = now() + make_interval(secs => ${this.lockSeconds}), attempts = attempts + 1
        where id in (select id from chosen)
        returning id, kind, payload, attempts, created_at`),
    );
    const byClaimOrder = rows.sort((a, b) => Number(a.id) - Number(b.id));
    for (const job of byClaimOrder) {
      const k = this.kinds.get(job.kind);
      if (k) k.running++;
    }
    return byClaimOrder;
  }

  /** Runs a claimed job and records the outcome; never throws (a failed mark is logged). */
  private async run(job: JobRow): Promise<void> {
    const kind = this.kinds.get(job.kind);
    if (!kind) return;
    const info: JobInfo = {
      id: Number(job.id),
      kind: job.kind,
      attempts: job.attempts,
      createdAt: new Date(job.created_at),
    };
    try {
      let outcome: { error: unknown } | null = null;
      try {
        await kind.handler(job.payload, info);
      } catch (error) {
        outcome = { error };
      }
      if (outcome) await this.failed(info, kind, job.payload, outcome.error);
      else await this.completed(info, kind, job.payload);
    } catch (err) {
      this.log.error({ err, job: info.id, kind: info.kind }, 'job outcome not recorded');
    } finally {
      kind.running--;
    }
  }

  /**
   * Marks the job done. A database that drops right then (the e-mail already accepted) is waited for, up to
   * half the lock: marked late beats running the job again once its lock expires.
   */
  private async completed(job: JobInfo, kind: Kind, payload: Record<string, unknown>): Promise<void> {
    const mark = sql`update jobs set completed_at = now(), locked_until = null, failing_since = null where id = ${job.id}`;
    const every = kind.everySeconds;
    const done = kind.outcome?.done;
    const deadline = Date.now() + (this.lockSeconds * 1000) / 2;
    for (let delay = 250; ; delay = Math.min(delay * 2, 5000)) {
      try {
        if (!every && !done) await this.db.execute(mark);
        else
          await this.db.transaction(async (tx) => {
            await tx.execute(mark);
            if (every) await this.scheduleNext(tx, job.kind, every);
            if (done) await done(tx, job, payload);
          });
        return;
      } catch (err) {
        if (Date.now() + delay > deadline) throw err;
        this.log.warn({ err, job: job.id, kind: job.kind }, 'job done but not marked yet: trying again');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async failed(
    job: JobInfo,
    kind: Kind,
    payload: Record<string, unknown>,
    err: unknown,
  ): Promise<void> {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    const { retry } = kind;
    const delaySeconds =
      kind.everySeconds ??
      Math.min(
        retry.maxDelaySeconds ?? 3600,
        (retry.firstDelaySeconds ?? 5) * 2 ** Math.min(job.attempts - 1, 40),
      );
    const giveUp: SQL = kind.everySeconds
      ? sql`false`
      : retry.forSeconds !== undefined
        ? sql`now() - coalesce(failing_since, now()) >= make_interval(secs => ${retry.forSeconds})`
        : sql`attempts >= ${retry.attempts ?? sql`max_attempts`}`;
    const mark = (q: Queryable) =>
      q.execute(sql`
        update jobs set last_error = ${message}, locked_until = null,
          failing_since = coalesce(failing_since, now()),
          failed_at = case when ${giveUp} then now() end,
          run_at = now() + make_interval(secs => ${delaySeconds})
        where id = ${job.id}
        returning failed_at is not null as final`);
    const givenUp = kind.outcome?.givenUp;
    const [row] = givenUp
      ? await this.db.transaction(async (tx) => {
          const rows = rowsOf<{ final: boolean }>(await mark(tx));
          if (rows[0]?.final) await givenUp(tx, job, payload, message);
          return rows;
        })
      : rowsOf<{ final: boolean }>(await mark(this.db));
    this.log.warn(
      { err, job: job.id, kind: job.kind, attempt: job.attempts, final: row?.final },
      'job failed',
    );
  }

  private async scheduleNext(q: Queryable, kind: string, everySeconds: number): Promise<void> {
    await q.execute(sql`
      insert into jobs (kind, payload, run_at, singleton_key)
      values (${kind}, '{}'::jsonb, now() + make_interval(secs => ${everySeconds}), ${kind})
      on conflict (singleton_key) where ${PENDING} do nothing`);
  }
}
