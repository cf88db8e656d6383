/**
 * The browser build's chunk groups (rolldown's `codeSplitting.groups`, decision 0078).
 *
 * **The shell in one file.** The browser app (`src/app/start.tsx`) is fetched by the entry once the server's page is
 * drawn, and every page's code is fetched by the app. A module the app imports and some page imports too is left
 * by rolldown in a small chunk of its own (about fifteen of them), as if a page could load without the app. Each
 * file is compressed apart, so those fifteen cost every signed-in page about 5 KB gzipped more than the same code in
 * one file. Here every module the app loads statically goes into the app's chunk (`start`). The entry and the plain
 * enhancements of a page the app does not take over (`src/app/enhance.ts`, decision 0074) load without the app: what
 * they import stays out of the app's chunk (Vite's preload helper stays in the entry, which the app imports it
 * from), so those pages never fetch the app and the page's HTML still preloads no module (decision 0056).
 *
 * **The pieces of a form with it.** Most signed-in pages are a form, built of the same pieces (the error summary,
 * fieldsets, inputs, radios, the small form and its lazy check). Each piece used by a different set of pages was a
 * chunk of its own, twenty small files on a journey step; they go with the app instead, with what they import.
 * A page with no form (the account page, the information pages once signed in) carries them unused, about 4.5 KB
 * gzipped; a form page saves 3 to 4 KB.
 */
import path from 'node:path';
import type { Rolldown } from 'vite';
import { ModuleGraph } from './module-graph';

/** The pieces of a form (see above), by path under `src/`: their own imports come with them. */
export const FORM_PIECES = [
  'components/back-link.tsx',
  'components/checkboxes.tsx',
  'components/choices.tsx',
  'components/date-input.tsx',
  'components/error-summary.tsx',
  'components/field-message.ts',
  'components/fieldset.tsx',
  'components/form-parts.tsx',
  'components/input.tsx',
  'components/radios.tsx',
  'components/select.tsx',
  'lib/clock.ts',
  'lib/form-fields.ts',
  'lib/form-issues.ts',
  'lib/lazy-resolver.ts',
  'lib/posted-once.ts',
  'lib/small-form.ts',
  'lib/step-schemas.ts',
];

export function shellChunkGroups(webRoot: string): Rolldown.CodeSplittingGroup[] {
  const src = (file: string) => path.join(webRoot, 'src', file);
  let app: Set<string> | undefined;
  const appOf = (ctx: Rolldown.ChunkingContext) => {
    if (app) return app;
    const graph = new ModuleGraph((id) => ctx.getModuleInfo(id), {
      '@dis/domain': path.resolve(webRoot, '../../packages/domain/src/index.ts'),
      '@dis/domain/contracts': path.resolve(webRoot, '../../packages/domain/src/contracts/index.ts'),
    });
    // Everything the entry and the plain enhancements might load, every import followed whole: more than they
    // need, so nothing of theirs is ever put with the app.
    const withoutTheApp = graph.closure([src('entry-client.tsx'), src('app/enhance.ts')], {
      throughBarrels: true,
    });
    const missing = FORM_PIECES.filter((file) => !ctx.getModuleInfo(src(file)));
    if (missing.length > 0)
      throw new Error(
        `build/chunk-groups.ts names form pieces the build does not have: ${missing.join(', ')}`,
      );
    app = graph.closure([src('app/start.tsx'), ...FORM_PIECES.map(src)]);
    for (const id of withoutTheApp) app.delete(id);
    return app;
  };
  // The set is closed under the imports each module needs (barrels aside), less what the entry loads: the group
  // takes it as it is, not with every module its modules import (which would bring the entry's own, Vite's preload
  // helper, and make the entry import the app's chunk).
  return [
    { name: (id, ctx) => (appOf(ctx).has(id) ? 'start' : null), includeDependenciesRecursively: false },
  ];
}
