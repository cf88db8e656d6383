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
          // Property tests run many cases: a hang guard, not a time budget.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // PGlite and the in-process server are heavy; one file at a time keeps the 2-core machines steady.
          fileParallelism: false,
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
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
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
