import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { work } from './browser';

// With E2E_WORK_LOG naming a file, each spec file appends the work it gave the browser (`work` in browser.ts) to it
// as one line of JSON once its tests have run: how the suite's figures in docs/architecture.md are counted.
afterAll(() => {
  const log = process.env.E2E_WORK_LOG;
  if (!log) return;
  const file = path.relative(path.resolve(import.meta.dirname, '..'), expect.getState().testPath ?? '');
  appendFileSync(log, `${JSON.stringify({ file, ...work })}\n`);
});
