import cluster from 'node:cluster';
import path from 'node:path';
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

const open = () =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    preparedStatements: config.databasePreparedStatements,
  });

/** One server: database, app, listen; graceful shutdown on SIGINT/SIGTERM. */
async function serve(opts: { migrate: boolean }) {
  const database = await open();
  if (opts.migrate) await database.migrate();

  const logger =
    config.env === 'development' && process.stdout.isTTY
      ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
      : { level: config.logLevel };
  const app = await buildApp({ config, database, logger, startJobs: true });
  if (!app.deps.spa.available) app.log.warn('web app not built: run `npm run build` to serve the screens');
  for (const warning of configWarnings(config)) app.log.warn(warning);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // In-flight requests get 10 s to finish; then the process ends anyway.
      setTimeout(() => process.exit(1), 10_000).unref();
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Taquilla on ${config.appUrl} (database: ${database.kind}, pid ${process.pid})`);
}

if (config.webConcurrency > 1 && cluster.isPrimary) {
  await runPrimary(config.webConcurrency, async () => {
    const database = await open();
    await database.migrate();
    await database.close();
  });
} else {
  // A cluster worker finds the database already migrated by the primary.
  await serve({ migrate: cluster.isPrimary });
}
