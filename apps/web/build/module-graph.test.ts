// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ModuleGraph, type ModuleFacts } from './module-graph';

/** A small graph: an app, a package barrel over a nested barrel, and modules behind them. */
function graphOf(modules: Record<string, { code: string; imports?: string[]; exports?: string[] }>) {
  const facts = new Map<string, ModuleFacts>(
    Object.entries(modules).map(([id, m]) => [
      id,
      { id, code: m.code, importedIds: m.imports ?? [], exports: m.exports ?? [] },
    ]),
  );
  return new ModuleGraph((id) => facts.get(id) ?? null, { pkg: '/pkg/index.ts' });
}

const PACKAGE = {
  '/pkg/index.ts': {
    code: 'export * from "./codes";\nexport * from "./journeys";\n// a comment\nexport { sign as signResult } from "./signing";',
    imports: ['/pkg/codes.ts', '/pkg/journeys/index.ts', '/pkg/signing.ts'],
  },
  '/pkg/codes.ts': { code: 'export const CODES = 1;', exports: ['CODES'] },
  '/pkg/signing.ts': {
    code: 'import { z } from "zod";\nexport const sign = 1;',
    imports: ['/zod.js'],
    exports: ['sign'],
  },
  '/pkg/journeys/index.ts': {
    code: 'export * from "./engine";\nexport { applicantCodec } from "./codec";',
    imports: ['/pkg/journeys/engine.ts', '/pkg/journeys/codec.ts'],
  },
  '/pkg/journeys/engine.ts': {
    code: 'import { CODES } from "../codes";\nexport function walk() {}',
    imports: ['/pkg/codes.ts'],
    exports: ['walk'],
  },
  '/pkg/journeys/codec.ts': {
    code: 'export const applicantCodec = {};',
    exports: ['applicantCodec', 'other'],
  },
  '/zod.js': { code: 'export const z = {};', exports: ['z'] },
};

describe('ModuleGraph', () => {
  /** The sorted closure of a page that imports from the package (and a helper of its own). */
  const closureOfPage = (code: string) =>
    [
      ...graphOf({
        ...PACKAGE,
        '/app/page.ts': { code, imports: ['/pkg/index.ts', '/app/helper.ts'] },
        '/app/helper.ts': { code: 'export const helper = 1;', exports: ['helper'] },
      }).closure(['/app/page.ts']),
    ].sort();

  it.each([
    {
      what: 'an import from a barrel only to the modules that export the names imported',
      code: 'import { walk, CODES } from "pkg";\nimport { helper } from "./helper";',
      reached: ['/pkg/codes.ts', '/pkg/journeys/engine.ts'],
    },
    {
      what: 'a renamed re-export and a name exported by a module behind a nested barrel',
      code: 'import {\n  signResult,\n  applicantCodec as codec,\n} from "pkg";',
      reached: ['/pkg/journeys/codec.ts', '/pkg/signing.ts', '/zod.js'],
    },
  ])('follows $what', ({ code, reached }) => {
    expect(closureOfPage(code)).toEqual(['/app/helper.ts', '/app/page.ts', ...reached]);
  });

  it('takes everything behind a barrel imported whole (a namespace, a default or for its effects)', () => {
    for (const code of ['import * as all from "pkg";', 'import all from "pkg";', 'import "pkg";']) {
      const graph = graphOf({ ...PACKAGE, '/app/page.ts': { code, imports: ['/pkg/index.ts'] } });
      expect(graph.closure(['/app/page.ts']).size, code).toBe(6);
    }
  });

  it('follows every import whole when asked to (throughBarrels), barrels included', () => {
    const graph = graphOf({
      ...PACKAGE,
      '/app/page.ts': { code: 'import { CODES } from "pkg";', imports: ['/pkg/index.ts'] },
    });
    const whole = graph.closure(['/app/page.ts'], { throughBarrels: true });
    expect(whole.has('/pkg/index.ts')).toBe(true);
    expect(whole.has('/zod.js')).toBe(true);
    expect(graph.closure(['/app/page.ts']).has('/zod.js')).toBe(false);
  });

  it('leaves out a module the build does not know', () => {
    const graph = graphOf({
      '/app/page.ts': { code: 'import { x } from "./gone";', imports: ['/app/gone.ts'] },
    });
    expect([...graph.closure(['/app/page.ts'])]).toEqual(['/app/page.ts']);
  });
});
