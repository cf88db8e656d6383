// Proves the import boundaries still bite: each fixture in scripts/lint-fixtures/ is linted at the path it names
// with the repository's ESLint configuration, and must give exactly the result it expects.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'scripts/lint-fixtures');
// The fixtures are not in any TypeScript project: lint them without the type-aware rules (they check no imports).
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});
let failures = 0;
const files = (await readdir(dir)).filter((name) => name.endsWith('.fixture')).sort();
for (const name of files) {
  const code = await readFile(path.join(dir, name), 'utf8');
  const lintAs = /^\/\/ lint-as: (\S+)$/m.exec(code)?.[1];
  const expected = /^\/\/ expect: (\S+)$/m.exec(code)?.[1];
  if (!lintAs || !expected) throw new Error(`${name}: needs // lint-as: and // expect: lines`);
  const [result] = await eslint.lintText(code, { filePath: path.join(root, lintAs) });
  const rules = [...new Set(result.messages.map((m) => m.ruleId ?? m.message))];
  const ok = expected === 'clean' ? rules.length === 0 : rules.includes(expected);
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: expected ${expected}, got ${rules.join(', ') || 'clean'}`);
}
if (files.length === 0) throw new Error('No lint fixtures found');
if (failures > 0) process.exit(1);
