#!/usr/bin/env node
// `npm start`: serves the last build when it is up to date, and builds only what changed. The web app and the
// server are each rebuilt when a hash of their sources (the domain package and the lockfile included) differs from
// the one recorded beside their last build, then the compiled server runs in this process (no TypeScript loader).
// Usage: node scripts/start.mjs [--check | --build-only] (--check only says what would be built; --build-only builds
// what changed and stops, as the browser tests do before they start the compiled server).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = path.resolve(import.meta.dirname, '..');
const STAMP = '.build-stamp';

const SHARED = ['packages/domain/src', 'packages/domain/package.json', 'package-lock.json'];
const TARGETS = [
  {
    name: 'web app',
    workspace: 'apps/web',
    out: 'apps/web/dist',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...SHARED,
    ],
  },
  {
    name: 'server',
    workspace: 'apps/api',
    out: 'apps/api/dist',
    inputs: ['apps/api/src', 'apps/api/build.ts', 'apps/api/package.json', ...SHARED],
  },
];

function filesUnder(entry) {
  const full = path.join(repo, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(repo, path.join(d.parentPath, d.name)));
}

/** A hash of the target's sources: every file's path and content. */
function sourceHash(target) {
  const hash = createHash('sha256');
  for (const file of target.inputs.flatMap(filesUnder).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(repo, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function recordedHash(target) {
  const stamp = path.join(repo, target.out, STAMP);
  return existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : undefined;
}

const checkOnly = process.argv.includes('--check');
const buildOnly = process.argv.includes('--build-only');
for (const target of TARGETS) {
  const fingerprint = sourceHash(target);
  if (recordedHash(target) === fingerprint) {
    console.log(`The ${target.name}'s build is up to date.`);
    continue;
  }
  if (checkOnly) {
    console.log(`The ${target.name} would be built: its sources changed since the last build.`);
    continue;
  }
  console.log(`Building the ${target.name}: its sources changed since the last build.`);
  execFileSync('npm', ['run', 'build', '-w', target.workspace], { cwd: repo, stdio: 'inherit' });
  writeFileSync(path.join(repo, target.out, STAMP), `${fingerprint}\n`);
}

if (!checkOnly && !buildOnly) {
  // As `npm run start -w apps/api` did: the server's working directory is its workspace (./data lives there).
  process.chdir(path.join(repo, 'apps/api'));
  // Stack traces name the TypeScript source lines.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(path.join(repo, 'apps/api/dist/main.js')).href);
}
