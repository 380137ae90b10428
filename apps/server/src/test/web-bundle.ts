import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../config.ts';

/**
 * For tests of the server-rendered pages over HTTP: the public pages' real server bundle is built from the web
 * app's sources (`vite build --ssr`, as `npm run build` does) next to a minimal event.html.
 */
export async function buildWebWithServerBundle(): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'taquilla-ssr-'));
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(
    path.join(dist, 'event.html'),
    `<!doctype html>
<html lang="es" data-mantine-color-scheme="light">
  <head><meta charset="UTF-8" /><title>Taquilla</title></head>
  <body><div id="root"></div><script type="module" crossorigin src="/assets/event-AAAA.js"></script></body>
</html>`,
  );
  writeFileSync(
    path.join(dist, 'checkout.html'),
    `<!doctype html>
<html lang="es"><head><title>Taquilla</title></head>
  <body><div id="root"></div><noscript>Activa JavaScript</noscript></body>
</html>`,
  );
  const web = path.join(REPO_ROOT, 'apps/web');
  await promisify(execFile)(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'src/features/checkout/public-event/server.tsx',
      '--outDir',
      path.join(root, 'ssr', 'dist'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    // A production build, as `npm run build` makes (the test runner's NODE_ENV is "test").
    { cwd: web, env: { ...process.env, NODE_ENV: 'production' } },
  );
  return dist;
}
