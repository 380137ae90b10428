import cluster from 'node:cluster';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { runPrimary } from './cluster.ts';
import { type Config, ConfigError, configWarnings, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

/** Where DATABASE_URL points, without its password, for a start-up error that names the variable. */
function databaseTarget(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

/** Opens (and migrates) the database; a DATABASE_URL that leads nowhere ends the process, saying so. */
async function openOrExit(migrate: boolean) {
  // Migrations may legitimately take long (an index on a big table) or wait for a lock: never cut them
  // short, but say what the process is waiting for instead of sitting silent.
  const started = Date.now();
  const waiting = () =>
    console.error(
      `Waiting for the database of DATABASE_URL (${databaseTarget(config.databaseUrl ?? '')}) to answer (${Math.round((Date.now() - started) / 1000)} s)…`,
    );
  const firstNotice = config.databaseUrl ? setTimeout(waiting, 2_000) : undefined;
  const notices = config.databaseUrl ? setInterval(waiting, 10_000) : undefined;
  try {
    const database = await open();
    if (migrate) await database.migrate();
    return database;
  } catch (err) {
    if (!config.databaseUrl) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    console.error(
      `Cannot use the database of DATABASE_URL (${databaseTarget(config.databaseUrl)}): ${reason}`,
    );
    process.exit(1);
  } finally {
    clearTimeout(firstNotice);
    clearInterval(notices);
  }
}

const open = () =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    preparedStatements: config.databasePreparedStatements,
  });

/**
 * Log lines are written asynchronously (buffered up to 16 MB, beyond that dropped), so a stdout whose
 * reader is stuck or gone never blocks the server. During shutdown a line that cannot be written at once
 * is dropped instead of waited for, and what is left is flushed once, without waiting, before exiting.
 */
let exiting = false;
const logOutput = pino.destination({
  dest: 1,
  sync: false,
  maxLength: 16 * 1024 * 1024,
  retryEAGAIN: () => !exiting,
});
// A broken pipe (EPIPE) or a full one at shutdown (EAGAIN) costs log lines, never the process.
logOutput.on('error', () => {});

function exit(code: number): never {
  exiting = true;
  try {
    logOutput.flushSync();
  } catch {}
  // pino would flush again on exit, waiting for a pipe that does not drain.
  logOutput.destroy();
  process.exit(code);
}

/**
 * One server: database, app, listen. On SIGINT/SIGTERM: no new job is claimed, the jobs in flight (an
 * e-mail waiting for the mail server's answer) and the requests in flight finish, then the database and
 * SMTP pools close and the process exits 0; after 10 s it exits 1 anyway.
 */
async function serve(opts: { migrate: boolean }) {
  const database = await openOrExit(opts.migrate);

  const logger =
    config.env === 'development' && process.stdout.isTTY
      ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
      : { level: config.logLevel, stream: logOutput };
  const app = await buildApp({ config, database, logger, startJobs: true });
  if (!app.deps.spa.available) app.log.warn('web app not built: run `npm run build` to serve the screens');
  for (const warning of configWarnings(config)) app.log.warn(warning);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => exit(1), 10_000).unref();
      // The queue stops claiming at once (app.close() would reach it only after the HTTP requests).
      Promise.all([app.deps.jobs.stop(), app.close()]).then(
        () => exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Taquilla on ${config.appUrl} (database: ${database.kind}, pid ${process.pid})`);
}

if (config.webConcurrency > 1 && cluster.isPrimary) {
  await runPrimary(config.webConcurrency, async () => {
    const database = await openOrExit(true);
    await database.close();
  });
} else {
  // A cluster worker finds the database already migrated by the primary.
  await serve({ migrate: cluster.isPrimary });
}
