import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPgDatabase } from './test/app.ts';
import { freePort } from './test/server-process.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** The real start-up (src/main.ts in its own process) with a DATABASE_URL that leads nowhere. */
async function startWith(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr };
}

describe('start-up', () => {
  it('a DATABASE_URL that cannot be reached ends the process with a message naming the variable', async () => {
    const { code, stderr } = await startWith({
      DATABASE_URL: 'postgres://taquilla:secreto@127.0.0.1:1/taquilla',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'Cannot use the database of DATABASE_URL (postgres://taquilla@127.0.0.1:1/taquilla)',
    );
    // The password is never printed.
    expect(stderr).not.toContain('secreto');
  });
});

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );

describe('start-up, waiting and failing', () => {
  it('a database that accepts connections and never answers is named while waited for, then ends the process', async () => {
    // Accepts, reads, never answers: a hung server (or a firewall that swallows packets after the handshake).
    const sockets: Socket[] = [];
    const hung = createServer((socket) => sockets.push(socket));
    const port = await listen(hung);
    try {
      const { code, stderr } = await startWith({
        DATABASE_URL: `postgres://taquilla@127.0.0.1:${port}/taquilla`,
        DATABASE_CONNECT_TIMEOUT_MS: '4000',
      });
      expect(code).toBe(1);
      expect(stderr).toMatch(
        /Waiting for the database of DATABASE_URL \(postgres:\/\/taquilla@127\.0\.0\.1:\d+\/taquilla\) to answer \(2 s\)/,
      );
      expect(stderr).toContain('Cannot use the database of DATABASE_URL');
    } finally {
      for (const s of sockets) s.destroy();
      hung.close();
    }
  });

  it('WEB_CONCURRENCY=2 whose workers cannot start exits non-zero, saying so', async () => {
    const database = await createPgDatabase(
      process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    );
    const taken = createServer();
    const port = await listen(taken);
    try {
      const { code, stderr } = await startWith({
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        HOST: '127.0.0.1',
        PORT: String(port),
        AUTH_SECRET: 'x'.repeat(64),
      });
      expect(stderr).toContain('failed to start');
      expect(code).toBe(1);
    } finally {
      taken.close();
      await database.drop();
    }
  });
});
