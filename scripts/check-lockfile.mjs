#!/usr/bin/env node
// Supply chain: every package in package-lock.json comes from the public npm registry, pinned
// by a sha512 integrity hash, and no manifest asks for a git, URL or file dependency. Run by `npm test` (and so by
// .ci/run). Usage: node scripts/check-lockfile.mjs [repository root]
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const REGISTRY = 'https://registry.npmjs.org/';

/** Dependency specs that bypass the registry: git, URLs, files, links, GitHub shorthand (owner/name). */
const OFF_REGISTRY_SPEC = /^(git\+|git:|github:|gitlab:|bitbucket:|https?:|file:|link:|[^@/\s]+\/[^\s]+$)/;

/**
 * The problems of a lockfile and its workspace manifests; none means every package resolves to the registry.
 * `registry` is the registry npm is configured with (npm passes it to scripts as npm_config_registry).
 */
export function lockfileProblems(lock, manifests, registry = REGISTRY) {
  const problems = [];
  if (registry.replace(/\/?$/, '/') !== REGISTRY)
    problems.push(`npm is configured with the registry ${registry}, not ${REGISTRY}`);
  if (!(lock.lockfileVersion >= 2)) problems.push('package-lock.json is older than lockfileVersion 2');
  const workspaces = new Set(lock.packages?.['']?.workspaces ?? []);
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (key === '' || workspaces.has(key)) continue;
    if (entry.link) {
      if (!workspaces.has(entry.resolved))
        problems.push(`${key} links to ${entry.resolved}, not a workspace`);
      continue;
    }
    if (!key.startsWith('node_modules/') && !key.includes('/node_modules/')) {
      problems.push(`${key} is neither a workspace nor an installed package`);
      continue;
    }
    if (entry.resolved !== undefined && !String(entry.resolved).startsWith(REGISTRY))
      problems.push(`${key} resolves to ${entry.resolved}`);
    if (!String(entry.integrity ?? '').startsWith('sha512-'))
      problems.push(`${key} has no sha512 integrity hash`);
  }
  for (const [file, manifest] of Object.entries(manifests)) {
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
      for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
        if (OFF_REGISTRY_SPEC.test(String(spec))) problems.push(`${file} ${field}.${name} is "${spec}"`);
      }
    }
  }
  return problems;
}

function main() {
  const root = path.resolve(process.argv[2] ?? '.');
  const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  const lock = read('package-lock.json');
  const manifests = { 'package.json': read('package.json') };
  for (const workspace of lock.packages?.['']?.workspaces ?? [])
    manifests[`${workspace}/package.json`] = read(`${workspace}/package.json`);
  const problems = lockfileProblems(lock, manifests, process.env.npm_config_registry ?? REGISTRY);
  if (problems.length > 0) {
    console.error(`package-lock.json: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`package-lock.json: ${Object.keys(lock.packages).length} entries, all from ${REGISTRY}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
