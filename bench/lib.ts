// Shared helpers of the load benchmarks: a fresh PostgreSQL database seeded through the test factories,
// the real server started as its own process, and a bare Fastify hello-world for comparison.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../apps/server/src/db/client.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer:\n${log()}`);
}

function start(args: string[], env: Record<string, string>, readyPath: string) {
  return (async () => {
    const port = await freePort();
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c) => {
      stderr += c;
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}${readyPath}`, child, () => stderr);
    return {
      url,
      pid: child.pid ?? 0,
      stop: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    };
  })();
}

/** The real server (production mode) on `databaseUrl`, as its own process. */
export function startTaquilla(databaseUrl: string, extraEnv: Record<string, string> = {}) {
  return start(
    // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server there when it stops.
    [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      'apps/server/src/main.ts',
    ],
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '20',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taquilla-bench-')),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      TEST_PAYMENTS: 'false',
      // The benchmark's thousands of buyers all come from this one machine.
      RESERVATIONS_PER_MINUTE: '100000',
      RESERVATION_UNITS_PER_ADDRESS: '100000',
      ...extraEnv,
    },
    '/api/health',
  );
}

/** A bare Fastify hello-world, the ceiling to compare against. */
export function startHelloWorld() {
  return start(['--import', 'tsx', 'bench/hello-server.ts'], {}, '/');
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The answers of a load run by status (5xx apart), then p50, p99 and max per kind of answer, one line
 * each; `width` aligns the kinds' names.
 */
export function printAnswers(statuses: Map<number, number>, latencies: Map<string, number[]>, width: number) {
  const fiveXx = [...statuses].filter(([s]) => s >= 500);
  console.log('  5xx by status         %s', JSON.stringify(Object.fromEntries(fiveXx)));
  console.log('  answers by status     %s', JSON.stringify(Object.fromEntries(statuses)));
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  for (const [kind, list] of latencies) {
    list.sort((a, b) => a - b);
    console.log(
      '  %s %s  p50 %s  p99 %s  max %s',
      kind.padEnd(width),
      String(list.length).padStart(6),
      ms(percentile(list, 50)).padStart(8),
      ms(percentile(list, 99)).padStart(8),
      ms(list[list.length - 1] ?? 0).padStart(8),
    );
  }
}

/** CPU seconds (user + system) of a process and its descendants, from Linux's /proc; 0 elsewhere. */
export function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) / 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return own + (children ? children.split(' ').reduce((sum, c) => sum + cpuOf(Number(c)), 0) : 0);
  } catch {
    return 0;
  }
}

/** CPU of the server (this process's children), of the bench database's backends, of this process, and of the machine. */
export async function cpuSnapshot(db: Db) {
  const backends = rowsOf<{ pid: number }>(
    await db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    ),
  );
  const children = (() => {
    try {
      return readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(' ');
    } catch {
      return [];
    }
  })();
  const own = process.cpuUsage();
  const machine = (() => {
    try {
      const ticks = readFileSync('/proc/stat', 'utf8')
        .split('\n')[0]
        .trim()
        .split(/\s+/)
        .slice(1)
        .map(Number);
      return { total: ticks.reduce((a, b) => a + b, 0) / 100, idle: (ticks[3] + ticks[4]) / 100 };
    } catch {
      return { total: 0, idle: 0 };
    }
  })();
  return {
    server: children.filter(Boolean).reduce((sum, c) => sum + cpuOf(Number(c)), 0),
    postgres: new Map(backends.map((b) => [b.pid, cpuOf(b.pid)])),
    bench: (own.user + own.system) / 1e6,
    machine,
  };
}

/** A JSON request to `baseUrl` over a keep-alive agent: the status and the parsed answer (null when empty). */
export function jsonRequest<T>(
  baseUrl: string,
  agent: http.Agent,
  method: string,
  path: string,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; json: T | null }> {
  const payload = Buffer.from(JSON.stringify(body));
  const target = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        agent,
        headers: { ...extraHeaders, 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
