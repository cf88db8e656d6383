import { defineConfig } from 'vitest/config';

// Browser tests: the real server (embedded database, local stand-ins) on a free port, driven by Debian's Chromium.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One Chromium at a time keeps the 2-core machines steady; each file gets its own browser.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
