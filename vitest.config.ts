import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests of every workspace. The e2e suite has its own config (e2e/), since
 * it needs a built app and a browser.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          // The run's template databases, made once; every file starts from a copy (test/helper.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // PGlite and the seed are heavy: two files at a time suit a 2-core machine.
          maxWorkers: 2,
          // A worker keeps the app's modules loaded from one file to the next instead of importing
          // them again for each (a quarter of the suite's CPU time). Each file still builds its own
          // apps and databases; nothing here keeps state in a module between files.
          isolate: false,
          // Vitest 4 runs projects with different maxWorkers in separate groups.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // jsdom renders slow down most when the machine is loaded (see the setup file).
          testTimeout: 20_000,
        },
      },
    ],
  },
});
