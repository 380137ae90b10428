import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ServerProcess } from '../test/server-process.ts';

/**
 * The embedded database (PGlite) and the uploads on a disk that fills up, on a 96 MB tmpfs this test
 * mounts (root only: it says so and is skipped elsewhere). Writes answer 503 with the disk-full message,
 * reads and health keep answering, an upload is a 507 that leaves no file, and all recover by themselves
 * once space is freed.
 */
const mountPoint = mkdtempSync(path.join(tmpdir(), 'taquilla-tinydisk-'));
const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!canMount) console.warn('disk-full.test.ts: skipped, mounting a small tmpfs needs root');

const dataDir = path.join(mountPoint, 'data');
const filler = path.join(mountPoint, 'filler');
const server = new ServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }, 'pipe');
let log = '';

afterAll(async () => {
  await server.stop();
  if (canMount) execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Writes until the disk refuses (ENOSPC). */
function fillDisk() {
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < 512; i++) {
    try {
      writeFileSync(filler, chunk, { flag: 'a' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') return;
      throw err;
    }
  }
  throw new Error('the disk never filled');
}

const signUp = (n: string) =>
  server.api('POST', 'auth/register', {
    first_name: 'Ana',
    last_name: 'Disco',
    email: `disco.${n}.${Date.now()}@example.com`,
    password: 'una-clave-larga',
    password_confirmation: 'una-clave-larga',
    accept_terms: true,
  });

async function uploadLogo(organizerId: string, token: string) {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'logo.png');
  const res = await fetch(`${server.url}/api/organizers/${organizerId}/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, json: (await res.json()) as { error?: { code: string; message: string } } };
}

const uploadedFiles = () => {
  try {
    return readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).filter((f) =>
      String(f).endsWith('.webp'),
    );
  } catch {
    return [];
  }
};

describe.skipIf(!canMount)('a full disk under the embedded database', () => {
  it('answers 503 to writes and 507 to uploads, keeps reading, and recovers when space returns', async () => {
    mkdirSync(dataDir, { recursive: true });
    await server.start();
    server.child?.stdout?.on('data', (chunk) => {
      log += chunk;
    });
    const owner = await signUp('duena');
    expect(owner.status).toBe(201);
    const token = String(owner.data.token);
    const organizer = await server.api('POST', 'organizers', { name: 'Sala Llena' }, token);
    const organizerId = String(organizer.data.id);

    fillDisk();
    // Writes that fit in pages already allocated may still succeed; the first that needs space fails,
    // with the disk-full message, never a 500.
    let refused: Awaited<ReturnType<typeof signUp>> | undefined;
    const statuses: number[] = [];
    for (let n = 0; n < 40 && !refused; n++) {
      const res = await signUp(`sin-sitio-${n}`);
      statuses.push(res.status);
      if (res.status !== 201) refused = res;
    }
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(refused?.status).toBe(503);
    expect(refused?.json).toMatchObject({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message:
          'El servidor se ha quedado sin espacio en disco y no puede guardar cambios. Vuelve a intentarlo más tarde.',
      },
    });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await server.api('GET', `organizers/${organizerId}`, undefined, token)).status).toBe(200);
    const upload = await uploadLogo(organizerId, token);
    expect(upload.status).toBe(507);
    expect(upload.json.error?.code).toBe('INSUFFICIENT_STORAGE');
    expect(uploadedFiles()).toEqual([]);
    await expect.poll(() => log, { timeout: 5000 }).toContain('disk full: the database cannot write');

    rmSync(filler);
    expect((await signUp('con-sitio')).status).toBe(201);
    const retried = await uploadLogo(organizerId, token);
    expect(retried.status).toBe(200);
    expect(uploadedFiles()).toHaveLength(1);
  });
});
