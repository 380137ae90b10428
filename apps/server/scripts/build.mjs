// The server's production build: plain JavaScript that runs with `node`, no TypeScript loader and no dev
// dependency. Bundles the server and @taquilla/shared (TypeScript sources) into dist/main.mjs and
// dist/migrate.mjs; every npm package stays an import resolved from node_modules at run time.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/main.ts', migrate: 'src/db/migrate-cli.ts' },
  absWorkingDir: root,
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-external-except-workspace',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@taquilla/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// The migrations and the message catalogs are read from beside the code (db/client.ts, lib/i18n.ts).
cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
cpSync(path.join(root, 'src/locales'), path.join(dist, 'locales'), { recursive: true });
console.log(`server built in ${path.relative(process.cwd(), dist) || dist}`);
