import { defineConfig } from 'vitest/config';

// Browser tests: the real server (embedded database, local stand-ins) on a free port, driven by Debian's Chromium.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One Chromium at a time keeps the 2-core machines steady; each file gets its own browser.
    fileParallelism: false,
    // Tests wait on conditions (URLs, text, counts), never on the clock. These limits only stop a test that hangs;
    // they are set far above any test's run time on a loaded machine so a busy machine never fails a test.
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
