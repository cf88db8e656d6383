import { defineConfig } from 'vitest/config';

// Browser tests: the real server (embedded database, local stand-ins) on a free port, driven by Debian's Chromium.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/react-errors.ts', './support/work-log.ts'],
    // Three spec files at a time, each with its own Chromium: a page mostly waits on the server or the browser, and
    // with two files the two cores were busy only about half the time (on a quiet machine, 2026-11-27: 691 s with
    // two, 617 s with three). Tests never share a person or (where they move the clock) a server.
    fileParallelism: true,
    maxWorkers: 3,
    // Tests wait on conditions (URLs, text, counts), never on the clock. These limits only stop a test that hangs;
    // they are set far above any test's run time on a loaded machine so a busy machine never fails a test.
    testTimeout: 600_000,
    hookTimeout: 900_000,
    // expect.poll waits for its condition up to this long (vitest's default is one second, which a loaded machine
    // can miss while a page is still loading): a condition that is never met still fails, only later.
    expect: { poll: { timeout: 60_000 } },
  },
});
