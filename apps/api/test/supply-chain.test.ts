import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Supply chain: the lockfile check `npm test` runs (scripts/check-lockfile.mjs), on this repository and on
// copies of it with one package moved off the registry.

const repo = path.resolve(import.meta.dirname, '../../..');
const script = path.join(repo, 'scripts/check-lockfile.mjs');

function check(root: string, registry = 'https://registry.npmjs.org/') {
  try {
    const out = execFileSync(process.execPath, [script, root], {
      env: { ...process.env, npm_config_registry: registry },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: true, output: out };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr) };
  }
}

/** A copy of the repository's lockfile and manifests, changed by `change`. */
interface Lock {
  packages: Record<string, { resolved?: string; integrity?: string; workspaces?: string[] }>;
}
interface Manifest {
  devDependencies: Record<string, string>;
}

function copyWith(change: (lock: Lock, root: Manifest) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dis-lock-'));
  const lock = JSON.parse(readFileSync(path.join(repo, 'package-lock.json'), 'utf8')) as Lock;
  const root = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as Manifest;
  for (const workspace of lock.packages['']?.workspaces ?? []) {
    mkdirSync(path.join(dir, workspace), { recursive: true });
    cpSync(path.join(repo, workspace, 'package.json'), path.join(dir, workspace, 'package.json'));
  }
  change(lock, root);
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(root));
  return dir;
}

describe('the lockfile check', () => {
  it('passes on this repository: every package from the npm registry with a sha512 hash', () => {
    const result = check(repo);
    expect(result.output).toMatch(/all from https:\/\/registry\.npmjs\.org\//);
    expect(result.ok).toBe(true);
  });

  it('refuses a package resolved from elsewhere, one without a hash, and a git dependency', () => {
    const elsewhere = copyWith((lock) => {
      lock.packages['node_modules/fastify']!.resolved = 'https://evil.example/fastify-5.0.0.tgz';
    });
    expect(check(elsewhere)).toMatchObject({ ok: false, output: expect.stringContaining('evil.example') });
    const unhashed = copyWith((lock) => {
      delete lock.packages['node_modules/fastify']!.integrity;
    });
    expect(check(unhashed)).toMatchObject({ ok: false, output: expect.stringContaining('integrity') });
    const git = copyWith((_lock, root) => {
      root.devDependencies['left-pad'] = 'git+https://github.com/example/left-pad.git';
    });
    expect(check(git)).toMatchObject({ ok: false, output: expect.stringContaining('left-pad') });
  });

  it('refuses another registry configured for npm', () => {
    expect(check(repo, 'https://npm.mirror.example/')).toMatchObject({
      ok: false,
      output: expect.stringContaining('npm.mirror.example'),
    });
  });
});
