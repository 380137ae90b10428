import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Queryable, rowsOf } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

type Handler = (payload: Record<string, unknown>) => Promise<void>;

interface JobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/**
 * A Postgres-backed job queue: jobs survive restarts, several workers share the table (FOR UPDATE SKIP
 * LOCKED), failures are retried with exponential backoff. Used for e-mails and webhooks.
 */
export class JobQueue {
  private handlers = new Map<string, Handler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private pollMs = 1000,
    /** How long a claimed job stays claimed: a process killed mid-job leaves it to others after this. */
    private lockSeconds = 300,
  ) {}

  register(kind: string, handler: Handler): void {
    this.handlers.set(kind, handler);
  }

  /** Adds a job; pass the open transaction so the job exists only if the business write commits. */
  async enqueue(kind: string, payload: Record<string, unknown>, opts: { tx?: Queryable; runAt?: Date } = {}) {
    await (opts.tx ?? this.db).insert(jobs).values({ kind, payload, run_at: opts.runAt ?? new Date() });
    if (!this.stopped) setImmediate(() => this.kick());
  }

  /**
   * Adds a job unless one of this kind is still to run: a repeating job (one that queues its next run
   * itself) is started this way by every process, and stays one chain however many start at once.
   */
  async enqueueOnce(kind: string, payload: Record<string, unknown>, opts: { runAt?: Date } = {}) {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`jobs.once:${kind}`}))`);
      const pending = await tx.execute(
        sql`select 1 from jobs where kind = ${kind} and completed_at is null and failed_at is null limit 1`,
      );
      if (rowsOf(pending).length === 0) await this.enqueue(kind, payload, { ...opts, tx });
    });
  }

  /** Jobs were written by other means (in one statement with a business write): run them soon. */
  notify(): void {
    if (!this.stopped) setImmediate(() => this.kick());
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Runs every job that is due now, until none is left. Tests call this to deliver e-mails. */
  async drain(): Promise<number> {
    let count = 0;
    let done: number | null = null;
    for (;;) {
      const job = await this.claim(done);
      if (!job) return count;
      count++;
      done = (await this.run(job)) ? job.id : null;
    }
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = this.drain()
      .then(() => undefined)
      .catch((err) => this.log.error({ err }, 'job queue failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /**
   * Claims the next due job. `done` (the job just run successfully) is marked completed by the same
   * statement: one round trip per job instead of two, and the mark is no later than before (right after
   * the handler returned), so a crash still leaves at most the job in hand to run again.
   */
  private async claim(done: number | null): Promise<JobRow | undefined> {
    const mark =
      done === null
        ? sql``
        : sql`with done as (
        update jobs set completed_at = now(), locked_until = null where id = ${done}
      )`;
    const [job] = rowsOf<JobRow>(
      await this.db.execute(sql`
        ${mark}
        update jobs set locked_until = now() + make_interval(secs => ${this.lockSeconds}), attempts = attempts + 1
        where id = (
          select id from jobs
          where completed_at is null and failed_at is null and run_at <= now()
            and (locked_until is null or locked_until < now())
            ${done === null ? sql`` : sql`and id <> ${done}`}
          order by run_at, id
          for update skip locked
          limit 1
        )
        returning id, kind, payload, attempts, max_attempts`),
    );
    return job;
  }

  /** Runs a claimed job; true when it succeeded (to be marked by the next claim), false when it failed. */
  private async run(job: JobRow): Promise<boolean> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.max_attempts;
      const delaySeconds = Math.min(3600, 5 * 2 ** (job.attempts - 1));
      this.log.warn({ err, job: job.id, kind: job.kind, attempt: job.attempts, final }, 'job failed');
      await this.db.execute(sql`
        update jobs set last_error = ${message.slice(0, 2000)}, locked_until = null,
          failed_at = ${final ? sql`now()` : sql`null`},
          run_at = now() + make_interval(secs => ${delaySeconds})
        where id = ${job.id}`);
      return false;
    }
  }
}
