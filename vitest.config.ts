import { defineConfig } from 'vitest/config';

// One runner for the unit and integration projects; browser tests live in e2e/ and run separately.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Property tests run many cases: a hang guard far above a test's run time on a loaded machine, not a time
          // budget (a property test of clock changes took over 60 s while the browser suite ran beside it).
          testTimeout: 300_000,
          // Two files at a time, one per core (vitest's default on a two-core machine is one worker), and the
          // domain's modules loaded once per worker, not once per file (two fifths of the run was loading them
          // again): the domain is pure rules, and no test mocks a module, stubs a global or fakes the clock.
          maxWorkers: 2,
          isolate: false,
          setupFiles: ['test/step-schemas-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The pages' tests run the web app's server build: built first when its sources changed.
          globalSetup: ['test/support/build-web.ts'],
          // Two files at a time, one per core: each file has its own databases (a PostgreSQL database, a Redis
          // database per worker, an embedded one per app), and a test that waits on I/O leaves the core to the other.
          fileParallelism: true,
          maxWorkers: 2,
          // The app's modules are loaded once per worker, not once per file (a quarter of the run was loading them
          // again). Safe because the app keeps no state in its modules but caches keyed by the app's own database,
          // and no test mocks a module.
          isolate: false,
          // Hang guards only, far above a test's run time on a loaded machine: a test fails because the product is
          // wrong, never because the machine was busy.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // Two files at a time, as the API's: vitest's default on a two-core machine is one worker, and a file's
          // time is mostly transforming and loading its modules (jsdom, React, the pages). 115 s → 74 s alone.
          maxWorkers: 2,
          testTimeout: 60_000,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: {
        'packages/domain/src/**/*.ts': { branches: 95 },
      },
    },
  },
});
