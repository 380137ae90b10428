import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { preparingClient, StatementNames } from './prepared-statements.ts';
import * as schema from './schema/index.ts';

/**
 * Both drivers expose the same Drizzle query API; the node-postgres type stands for both so the rest of
 * the code never cares which one runs.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a repository can run a query on: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** PGlite only: the whole database as a tarball. */
  dump?: () => Promise<Blob | File>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted means in memory. */
  pgliteDir?: string;
  /** A PGlite data dump (from `dumpDataDir`) to start from, e.g. an already-migrated template. */
  pgliteTemplate?: Blob;
  poolSize?: number;
  /** PostgreSQL only: statement_timeout; the driver itself gives up 2 s later (a hung server never answers). */
  statementTimeoutMs?: number;
  /** PostgreSQL only: connecting, and waiting for a pooled connection. */
  connectTimeoutMs?: number;
  /** PostgreSQL only: repeated queries as named prepared statements (default on; see prepared-statements.ts). */
  preparedStatements?: boolean;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const statementTimeout = opts.statementTimeoutMs ?? 10_000;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + 2_000,
      // A transaction left open by a crashed or stuck client does not hold its locks for long.
      idle_in_transaction_session_timeout: statementTimeout * 3,
      keepAlive: true,
      ...(opts.preparedStatements === false ? {} : { Client: preparingClient(new StatementNames()) }),
    });
    // An idle connection closed by the server (restart, admin termination) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.error('idle database connection failed:', err.message);
    });
    // A connection that drops while checked out and between queries (a transaction waiting on other
    // work) emits 'error' on its client, which the pool no longer listens to: unheard, it ends the
    // process. Heard here, its next query fails (503) and the pool discards it when it is released.
    pool.on('connect', (client) => {
      client.on('error', (err: Error & { code?: string }) => {
        if (err.code !== '57P01') console.error('database connection failed:', err.message);
      });
    });
    const db = drizzlePg(pool, { schema });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      // Migrations may build indexes for longer than a request's statement timeout: their own connection.
      migrate: async () => {
        const migrator = new pg.Pool({
          connectionString: opts.databaseUrl,
          max: 1,
          connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
        });
        try {
          await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder });
        } finally {
          await migrator.end();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }
  const client = await PGlite.create({
    ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}),
    ...(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Rows of a raw `db.execute(sql...)` result; both drivers return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
