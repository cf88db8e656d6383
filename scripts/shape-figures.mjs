#!/usr/bin/env node
// Issue 34's figures of the code's shape: functions over 150 lines and source files over 400 lines in apps/ and
// packages/ (tests, fixtures and generated files aside), and the duplicate pairs in apps/ and in packages/ when the
// `duplicates` command is on the PATH (a developer's tool; CI does not have it).
//
// `--check` (run by `npm run lint`) fails when a limit is passed: a function over 150 lines, or more than 5 source
// files over 400.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const repo = path.resolve(import.meta.dirname, '..');
const FUNCTION_LIMIT = 150;
const FILE_LIMIT = 400;
const FILES_OVER_LIMIT = 5;
const DUPLICATE_PAIRS_LIMIT = 25;

const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'packages'],
  {
    cwd: repo,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file))
  .filter((file) => !/\.test\.tsx?$|\.d\.ts$|\/test\/|\/dist|fixture/.test(file));

const longFunctions = [];
const longFiles = [];
for (const file of files) {
  const text = readFileSync(path.join(repo, file), 'utf8');
  const lines = text.split('\n').length;
  if (lines > FILE_LIMIT) longFiles.push({ file, lines });
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      const length = end - start + 1;
      if (length > FUNCTION_LIMIT) longFunctions.push({ file, line: start + 1, name: nameOf(node), length });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent)) return `callback of ${parent.expression.getText().slice(0, 40)}`;
  return '(anonymous)';
}

/** The `duplicates` command's count of pairs in one folder, or undefined without the command. */
function duplicatePairs(folder) {
  try {
    const out = execFileSync('duplicates', ['--repo', folder, '--seconds', '120'], {
      cwd: repo,
      encoding: 'utf8',
    });
    const first = out.split('\n')[0] ?? '';
    const match = /(\d+) pairs?/.exec(first);
    return match ? Number(match[1]) : first.startsWith('no duplicates') ? 0 : undefined;
  } catch {
    return undefined;
  }
}

longFunctions.sort((a, b) => b.length - a.length);
longFiles.sort((a, b) => b.lines - a.lines);
console.log(`Functions over ${FUNCTION_LIMIT} lines: ${longFunctions.length} (limit 0)`);
for (const f of longFunctions) console.log(`  ${f.length}  ${f.file}:${f.line} ${f.name}`);
console.log(`Source files over ${FILE_LIMIT} lines: ${longFiles.length} (limit ${FILES_OVER_LIMIT})`);
for (const f of longFiles) console.log(`  ${f.lines}  ${f.file}`);
if (!process.argv.includes('--no-duplicates')) {
  const counts = ['apps', 'packages'].map((folder) => [folder, duplicatePairs(folder)]);
  if (counts.some(([, n]) => n === undefined)) {
    console.log('Duplicate pairs: not counted (the `duplicates` command is not on the PATH)');
  } else {
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    const each = counts.map(([folder, n]) => `${folder}/ ${n}`).join(', ');
    console.log(`Duplicate pairs in apps/ and packages/: ${total} (${each}; limit ${DUPLICATE_PAIRS_LIMIT})`);
  }
}

if (process.argv.includes('--check') && (longFunctions.length > 0 || longFiles.length > FILES_OVER_LIMIT)) {
  console.error(
    `\nThe shape's limits are passed: no function may be over ${FUNCTION_LIMIT} lines, and at most ${FILES_OVER_LIMIT} source files over ${FILE_LIMIT}.`,
  );
  process.exitCode = 1;
}
