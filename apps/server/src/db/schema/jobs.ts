import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * The background job queue (lib/jobs.ts): claimed with FOR UPDATE SKIP LOCKED, retried with backoff as
 * the kind's policy says, then kept as failed (dead letter); completed jobs are deleted after a while.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    run_at: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(8),
    locked_until: ts('locked_until'),
    last_error: text('last_error'),
    completed_at: ts('completed_at'),
    failed_at: ts('failed_at'),
    /** When the current run of failures began (a time-based retry policy gives up counting from here). */
    failing_since: ts('failing_since'),
    /** At most one pending job per key (repeating jobs, singletons): inserted with `on conflict do nothing`. */
    singleton_key: text('singleton_key'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // What the claim query reads, kind by kind: only the jobs still to run, so it does not step over every
    // job done (an index on run_at alone made each claim walk past all the completed jobs), nor over a
    // backlog of another kind.
    index('jobs_pending_by_kind_idx')
      .on(t.kind, t.run_at, t.id)
      .where(sql`${t.completed_at} is null and ${t.failed_at} is null`),
    uniqueIndex('jobs_singleton_key_idx')
      .on(t.singleton_key)
      .where(sql`${t.completed_at} is null and ${t.failed_at} is null`),
    // Dead letters by kind (the failed-jobs list), and the completed jobs retention deletes.
    index('jobs_failed_idx').on(t.kind, t.failed_at).where(sql`${t.failed_at} is not null`),
    index('jobs_completed_idx').on(t.completed_at).where(sql`${t.completed_at} is not null`),
    // An order's e-mails (the organizer's order drawer).
    index('jobs_email_order_idx').on(sql`(${t.payload}->>'order_id')`).where(sql`${t.kind} = 'email.send'`),
  ],
);

/**
 * Rate-limit counters shared by every server process and host (lib/rate-limit-store.ts), when Redis is
 * not configured: one row per key and window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expires_at)],
);
