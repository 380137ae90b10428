import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { Mailer } from './lib/mailer.ts';
import type { PreparedAnswers } from './lib/prepared-answer.ts';
import type { RouteEntry } from './lib/route-table.ts';
import type { SpaShell } from './lib/spa.ts';

/**
 * What routes and services need, built once per app (app.ts) and reached as `fastify.deps` in a route
 * plugin. A leaf module: it imports only types of leaves, so any module can import it without a cycle.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Database['db'];
  jobs: JobQueue;
  mailer: Mailer;
  spa: SpaShell;
  /** Every registered route with its access class (the permission matrix and fuzz tests walk it). */
  routes: RouteEntry[];
  /** Public GET answers served from memory by URL before the other hooks run (lib/prepared-answer.ts). */
  answers: PreparedAnswers;
}

/** What a service that only reads and writes the database takes as its first parameter. */
export type DbDeps = Pick<AppDeps, 'db'>;
