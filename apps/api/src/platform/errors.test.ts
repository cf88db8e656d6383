import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKEND_CODES, isBackendCode } from '@dis/domain';

// Every backend code the server can send is in the domain's catalogue, which the web's error pages read. The
// compiler proves it for `new ApiError(…)` (its code is typed `BackendCode`); this test also reads the literal
// error bodies written by hand, so a code cannot slip past the catalogue in either form.

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('backend codes', () => {
  const emitted = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of [/backendCode: '([^']+)'/g, /new ApiError\(\s*\d{3},\s*'([^']+)'/g]) {
      for (const match of text.matchAll(pattern)) emitted.set(match[1]!, file);
    }
  }

  it('finds the codes the server sends', () => {
    expect(emitted.size).toBeGreaterThan(30);
  });

  it('are all in the catalogue of backend codes', () => {
    const unknown = [...emitted]
      .filter(([code]) => !isBackendCode(code))
      .map(([code, file]) => `${code} (${file})`);
    expect(unknown).toEqual([]);
    expect(new Set(BACKEND_CODES).size).toBe(BACKEND_CODES.length);
  });
});
