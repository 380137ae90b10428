import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

/**
 * A throwaway PostgreSQL cluster of Debian's PostgreSQL 15 binaries, in a temp folder, on a free port:
 * for tests that stop and start the database. Never the shared server. initdb refuses to run as root,
 * so as root the cluster belongs to the `postgres` system user.
 */
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export class PgCluster {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'taquilla-pgcluster-'));
  port = 0;
  private asRoot = process.getuid?.() === 0;

  private run(tool: string, args: string[]) {
    const cmd = path.join(BIN, tool);
    if (this.asRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'ignore' });
    else execFileSync(cmd, args, { stdio: 'ignore' });
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async init(): Promise<this> {
    this.port = await freePort();
    if (this.asRoot) {
      chmodSync(this.dir, 0o700);
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(this.dir, uid, gid);
    }
    this.run('initdb', [
      '-D',
      path.join(this.dir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    return this;
  }

  start() {
    this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }

  /** `-m immediate`: the way a crashed or killed database goes away. */
  stop(mode: 'fast' | 'immediate' = 'immediate') {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-w', '-m', mode, 'stop']);
  }

  destroy() {
    try {
      this.stop('immediate');
    } catch {}
    rmSync(this.dir, { recursive: true, force: true });
  }
}
