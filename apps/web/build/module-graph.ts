/**
 * The modules a module really needs, from the bundler's module graph, for the build's chunk groups
 * (`build/chunk-groups.ts`). A module's `importedIds` name every module it imports, and an import from a barrel
 * (a module of re-exports only, like `@dis/domain`'s index or govuk-frontend's `all.mjs`) would so reach every module
 * behind it, used or not. Here an import from a barrel reaches only the modules that export the names imported.
 */
import path from 'node:path';

/** What the build's graph tells of a module (rolldown's `ModuleInfo`, the fields used here). */
export interface ModuleFacts {
  id: string;
  code: string | null;
  importedIds: string[];
  exports: string[];
}

export type ModuleLookup = (id: string) => ModuleFacts | null;

/** Every name a module takes from another: `'*'` when it takes the whole module (a namespace or default). */
type Wanted = Set<string> | '*';

const STATEMENT = /(?:^|[\n;])\s*(import|export)\s+([^'";]*?)\s*from\s*["']([^"']+)["']/g;
const BARE_IMPORT = /(?:^|[\n;])\s*import\s*["']([^"']+)["']/g;

/** The names an import or re-export clause takes: `{ a, b as c }`, `* as ns`, `*`, `X` (a default). */
function namesOf(clause: string): { names: Wanted; renames: Map<string, string> } {
  const renames = new Map<string, string>();
  const braces = /\{([^}]*)\}/.exec(clause);
  const rest = clause
    .replace(/\{[^}]*\}/, '')
    .replace(/,/g, ' ')
    .trim();
  if (rest.length > 0 || !braces) return { names: '*', renames };
  const names = new Set<string>();
  for (const part of braces[1]!.split(',')) {
    const [imported, local] = part
      .trim()
      .replace(/^type\s+/, '')
      .split(/\s+as\s+/);
    if (!imported) continue;
    names.add(imported);
    renames.set(local ?? imported, imported);
  }
  return { names, renames };
}

export class ModuleGraph {
  private readonly barrels = new Map<string, boolean>();

  constructor(
    private readonly lookup: ModuleLookup,
    /** Where a bare import (a package's name) resolves, for the barrels imported by name. */
    private readonly packages: Record<string, string>,
  ) {}

  /** The module an import's specifier names, among those the importer imports. */
  private resolve(importer: ModuleFacts, specifier: string): string | undefined {
    if (specifier.startsWith('.')) {
      const base = path.resolve(path.dirname(importer.id), specifier);
      const candidates = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.mjs', '/index.js'].map(
        (ending) => base + ending,
      );
      return candidates.find((file) => importer.importedIds.includes(file));
    }
    const known = this.packages[specifier];
    return known && importer.importedIds.includes(known) ? known : undefined;
  }

  /** Whether a module is only re-exports (`export … from`), so an import from it is followed by name. */
  private isBarrel(id: string): boolean {
    const known = this.barrels.get(id);
    if (known !== undefined) return known;
    const code = this.lookup(id)?.code ?? '';
    const rest = code
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/[^\n]*/g, '')
      .replace(/export\s*(\*|\{[^}]*\})\s*from\s*["'][^"']+["'];?/g, '')
      .trim();
    const barrel = code.length > 0 && rest.length === 0;
    this.barrels.set(id, barrel);
    return barrel;
  }

  /** The modules behind a barrel that export the names wanted from it. */
  private behindBarrel(barrel: string, wanted: Wanted, out: Set<string>): void {
    const facts = this.lookup(barrel);
    if (!facts) return;
    const left = wanted === '*' ? '*' : new Set(wanted);
    for (const match of (facts.code ?? '').matchAll(STATEMENT)) {
      const [, keyword, clause, specifier] = match;
      if (keyword !== 'export') continue;
      const target = this.resolve(facts, specifier!);
      if (!target) continue;
      const { names, renames } = namesOf(clause!);
      let take: Wanted;
      if (left === '*') take = '*';
      else if (names === '*') {
        // A barrel's own `exports` leave out what it re-exports with `export *`: every name is passed on to it.
        if (this.isBarrel(target)) take = left;
        else {
          const exported = new Set(this.lookup(target)?.exports ?? []);
          take = new Set([...left].filter((name) => exported.has(name)));
        }
      } else take = new Set([...left].filter((name) => renames.has(name)).map((name) => renames.get(name)!));
      if (take !== '*' && take.size === 0) continue;
      if (this.isBarrel(target)) this.behindBarrel(target, take, out);
      else out.add(target);
    }
  }

  /** The modules a module imports, an import from a barrel followed to the modules it needs. */
  private needs(id: string): Set<string> {
    const facts = this.lookup(id);
    const out = new Set<string>();
    if (!facts) return out;
    const fromBarrels = new Map<string, Wanted>();
    const code = facts.code ?? '';
    for (const [, , clause, specifier] of code.matchAll(STATEMENT)) {
      const target = this.resolve(facts, specifier!);
      if (!target || !this.isBarrel(target)) continue;
      const { names } = namesOf(clause!);
      const before = fromBarrels.get(target) ?? new Set<string>();
      fromBarrels.set(target, names === '*' || before === '*' ? '*' : new Set([...before, ...names]));
    }
    for (const [, specifier] of code.matchAll(BARE_IMPORT)) {
      const target = this.resolve(facts, specifier!);
      if (target && this.isBarrel(target)) fromBarrels.set(target, '*');
    }
    for (const imported of facts.importedIds) {
      if (!this.isBarrel(imported)) out.add(imported);
      else if (!fromBarrels.has(imported)) this.behindBarrel(imported, '*', out);
    }
    for (const [barrel, wanted] of fromBarrels) this.behindBarrel(barrel, wanted, out);
    return out;
  }

  /**
   * The modules loaded with these, by static imports, each barrel followed by name. `throughBarrels` follows every
   * import whole instead: more than is needed, for a set that must hold everything that might be.
   */
  closure(starts: string[], { throughBarrels = false } = {}): Set<string> {
    const seen = new Set<string>();
    const queue = [...starts];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      const facts = this.lookup(id);
      if (!facts) continue;
      seen.add(id);
      const next = throughBarrels ? facts.importedIds : this.needs(id);
      for (const imported of next) if (!seen.has(imported)) queue.push(imported);
    }
    return seen;
  }
}
