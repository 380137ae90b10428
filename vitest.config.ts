import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['*.test.ts'],
        },
      },
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          // Each file boots its own app on its own database and keeps no state in modules (caches are
          // keyed by app or by address), so the files of a worker share one module graph: loading the
          // server's modules again for every file was a third of the suite's time.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
