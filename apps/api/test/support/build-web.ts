import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The pages' tests (test/pages.test.ts) run the web app's server build, as the running service does: it is built
// first when its sources changed (scripts/start.mjs --build-only builds only what changed, in seconds otherwise).
export default function setup(): void {
  const repo = path.resolve(import.meta.dirname, '../../../..');
  execFileSync('node', [path.join(repo, 'scripts/start.mjs'), '--build-only'], {
    cwd: repo,
    stdio: 'inherit',
  });
}
