import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the real server (built web app, fresh embedded database, test payments on) for the journeys,
 * the way a newcomer runs it, and hands its URL and data folder to the tests.
 */
let server: ChildProcess | undefined;

export async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taquilla-e2e-'));
  const root = path.resolve(import.meta.dirname, '..');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    TEST_PAYMENTS: 'true',
    // Every journey's buyer comes from 127.0.0.1.
    RESERVATIONS_PER_MINUTE: '1000',
    RESERVATION_UNITS_PER_ADDRESS: '100000',
    // The journeys' API sign-ups say which address they come from (e2e/api.ts).
    TRUST_PROXY: 'true',
    // The webhooks journey's receiver listens on 127.0.0.1, a private address webhooks refuse by default.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  };
  // Journeys run on the embedded database unless E2E_DATABASE_URL says otherwise.
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, 90_000);
  project.provide('baseUrl', url);
  project.provide('dataDir', dataDir);
}

export async function teardown() {
  if (!server) return;
  server.kill('SIGTERM');
  await new Promise((r) => server?.once('exit', r));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, timeoutMs: number) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
