import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
