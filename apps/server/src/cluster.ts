import cluster from 'node:cluster';

/**
 * The primary process when WEB_CONCURRENCY > 1: runs the migrations once, forks that many workers (each
 * a whole server with its own database pool; the operating system spreads connections over them on the
 * shared port), replaces a worker that dies after it was serving, and on SIGINT/SIGTERM lets every worker
 * finish its in-flight requests. Everything that must hold across workers lives in PostgreSQL (stock
 * locks, the job queue), so several processes are as correct as one.
 */
export async function runPrimary(workers: number, migrate: () => Promise<void>): Promise<void> {
  await migrate();
  let stopping = false;
  const serving = new Set<number>();

  const fork = () => {
    const worker = cluster.fork();
    worker.on('listening', () => serving.add(worker.id));
  };
  cluster.on('exit', (worker, code, signal) => {
    const wasServing = serving.delete(worker.id);
    if (stopping) {
      // Non-zero when a worker could not start: a supervisor must see the failure.
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!wasServing) {
      // A worker that cannot even start (port taken, bad database) would fail again: stop here.
      console.error(`worker ${worker.process.pid} failed to start (${signal ?? code}); stopping`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exitCode = 1;
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      // Workers give in-flight requests 10 s; this is only a backstop.
      setTimeout(() => process.exit(1), 15_000).unref();
    });
  }
  for (let i = 0; i < workers; i++) fork();
}
