import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { validateDocumentedResponses } from './documented-responses.ts';

/**
 * Boots the real app on a fresh database: an in-memory PGlite, or — when DATABASE_URL is set — a new
 * PostgreSQL database made for this test file (so files run in parallel), dropped on close.
 */
export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  /** Base URL when started with `listen: true`. */
  url: string;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: {
    listen?: boolean;
    env?: Record<string, string>;
    databaseUrl?: string;
    /** Fastify's logger options (e.g. a `stream` to read the log lines); silent by default. */
    logger?: object;
    /** Adds test-only routes or hooks before the app is ready. */
    configure?: (app: App) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taquilla-test-'));
  const baseUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = opts.databaseUrl;
  if (baseUrl && !databaseUrl) {
    const created = await createPgDatabase(baseUrl);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    APP_URL: 'http://localhost:3000',
    TEST_PAYMENTS: 'true',
    // Tests read their own writes at once; the public micro-cache has its own test.
    PUBLIC_CACHE_TTL_MS: '0',
    // Suites reserve many times from one address; the throttle has its own test (lib/rate-limit-store.test.ts).
    RESERVATIONS_PER_MINUTE: '100000',
    RESERVATION_UNITS_PER_ADDRESS: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...opts.env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: 20,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    preparedStatements: config.databasePreparedStatements,
    pgliteTemplate: config.databaseUrl ? undefined : await migratedPgliteTemplate(),
  });
  await database.migrate();
  const app = await buildApp({ config, database, ...(opts.logger ? { logger: opts.logger } : {}) });
  const documented = validateDocumentedResponses(app);
  await opts.configure?.(app);
  let url = '';
  if (opts.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  } else {
    await app.ready();
  }
  return {
    app,
    config,
    database,
    url,
    close: async () => {
      await app.close();
      await dropDatabase?.();
      documented.assertNone();
    },
  };
}

/**
 * A migrated PGlite database as a tarball, made once per set of migrations and kept in the temp folder:
 * loading it takes a fraction of the time of a fresh initdb plus migrations.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(migrations).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(path.join(migrations, file)));
  }
  const file = path.join(tmpdir(), `taquilla-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({});
    await database.migrate();
    const dump = await database.dump!();
    await database.close();
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/** A new, empty PostgreSQL database next to the one in `baseUrl`. */
export async function createPgDatabase(baseUrl: string) {
  const name = `taquilla_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
