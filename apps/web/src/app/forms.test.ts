// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every form of the web app works without JavaScript (decision 0038): it says its method, so a browser that submits
// it itself (no script, or before the page's script has taken over) posts it to the server rather than putting
// the answers in the address, and a form that posts carries the request-forgery token.

const root = path.resolve(import.meta.dirname, '..');
const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
  .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

/** Each `<form …>` opening tag of a source (JSX: a `>` inside braces is not the tag's end). */
function formTags(text: string): string[] {
  const tags: string[] = [];
  for (let at = text.indexOf('<form'); at !== -1; at = text.indexOf('<form', at + 1)) {
    if (/[A-Za-z]/.test(text[at + 5] ?? '')) continue;
    let depth = 0;
    let end = at;
    for (; end < text.length; end += 1) {
      const c = text[end];
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      else if (c === '>' && depth === 0) break;
    }
    tags.push(text.slice(at, end + 1));
  }
  return tags;
}

describe('forms without JavaScript', () => {
  const forms = sources.flatMap(({ file, text }) => formTags(text).map((tag) => ({ file, tag, text })));

  it('finds the forms', () => {
    expect(forms.length).toBeGreaterThan(10);
  });

  it.each(forms.map((f) => [f.file, f.tag.replace(/\s+/g, ' ').slice(0, 80), f] as const))(
    '%s: %s says its method',
    (_file, _tag, { tag }) => {
      expect(tag).toMatch(/\smethod="(post|get)"/);
    },
  );

  it.each(
    sources
      .filter(({ text }) => formTags(text).some((tag) => tag.includes('method="post"')))
      .map((s) => [s.file, s]),
  )('%s: its forms that post carry the form token', (_file, { text }) => {
    expect(text).toMatch(/<FormToken \/>/);
  });
});
