import {
  cpSync,
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { shellChunkGroups } from './build/chunk-groups';
import { ukPhoneMetadata } from './src/lib/uk-phone-metadata';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const govukAssets = path.join(
  path.dirname(require.resolve('govuk-frontend/package.json')),
  'dist',
  'govuk',
  'assets',
);

// govuk-frontend's CSS asks for its fonts and images under /assets; Vite's own bundle files also go
// to /assets, so the package's folder is merged in rather than used as publicDir.
function govukFrontendAssets(): Plugin {
  let outDir = path.join(here, 'dist');
  return {
    name: 'govuk-frontend-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/assets', (req, res, next) => {
        const file = path.join(govukAssets, decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        if (!file.startsWith(govukAssets) || !existsSync(file) || !statSync(file).isFile()) {
          next();
          return;
        }
        createReadStream(file).pipe(res);
      });
    },
    writeBundle() {
      cpSync(govukAssets, path.join(outDir, 'assets'), { recursive: true });
    },
    // The GOV.UK fonts are asked for straight away, not once the stylesheet has been applied: the page's text is
    // then drawn in them the first time, instead of in a fallback that reflows (a layout shift) when they arrive.
    transformIndexHtml() {
      return readdirSync(path.join(govukAssets, 'fonts'))
        .filter((file) => file.endsWith('.woff2'))
        .map((file) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            href: `/assets/fonts/${file}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: '',
          },
          injectTo: 'head' as const,
        }));
    },
  };
}

// Files worth compressing (fonts and images other than SVG are compressed already; source maps are for debugging).
const COMPRESSIBLE = /\.(js|css|html|svg|json|ico|txt)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once, at the highest
 * levels, so the server sends them as they are (its static serving picks by Accept-Encoding) instead of compressing
 * on each request. A copy is kept only if it is smaller.
 */
function precompress(): Plugin {
  let outDir = path.join(here, 'dist');
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      for (const file of files) {
        const bytes = readFileSync(file);
        if (bytes.length < 512) continue;
        const brotli = brotliCompressSync(bytes, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        const gzip = gzipSync(bytes, { level: zlib.Z_BEST_COMPRESSION });
        if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

/** `virtual:uk-phone-metadata`: libphonenumber's metadata cut to the UK's plans when the web app is built. */
function ukPhoneNumbers(): Plugin {
  const id = 'virtual:uk-phone-metadata';
  return {
    name: 'uk-phone-metadata',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(loaded) {
      if (loaded !== `\0${id}`) return undefined;
      const full = JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.max.json'), 'utf8'));
      return `export default ${JSON.stringify(ukPhoneMetadata(full))};`;
    },
  };
}

/**
 * zod without its JSON Schema conversion in the browser: zod 4's schemas carry `toJSONSchema()` and the standard
 * schema's `jsonSchema` methods, which import the whole converter (about 17 KB, 4 KB gzipped) into every page with
 * a form although the browser never converts a schema. In the browser build the two converter modules are
 * replaced by ones whose converters throw if ever called; `aggregateChecks` (behind a schema's `minLength`,
 * `format` and like getters) is kept as it is. The server keeps zod whole.
 */
function zodWithoutJsonSchema(): Plugin {
  const unavailable = `() => { throw new Error('JSON Schema conversion is not in the browser build'); }`;
  const exportsOf = (code: string) =>
    [...code.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]!);
  return {
    name: 'zod-without-json-schema',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!.replaceAll('\\', '/');
      if (file.endsWith('/zod/v4/core/to-json-schema.js')) {
        const names = exportsOf(readFileSync(file, 'utf8'));
        // The schemas build these methods when their `~standard` property is first read: they must exist.
        const lazy = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);
        return [
          ...names.map((n) => `export const ${n} = ${lazy.has(n) ? `() => ${unavailable}` : unavailable};`),
          'export { processSchema as process };',
        ].join('\n');
      }
      if (file.endsWith('/zod/v4/core/json-schema-processors.js')) {
        const code = readFileSync(file, 'utf8');
        // Everything before the processors is aggregateChecks and what it uses.
        const cut = code.indexOf('\nconst formatMap = {');
        if (cut < 0 || !code.slice(0, cut).includes('export function aggregateChecks'))
          throw new Error('zod-without-json-schema: json-schema-processors.js changed shape; look again');
        const kept = code.slice(0, cut);
        const stubs = exportsOf(code)
          .filter((n) => n !== 'aggregateChecks')
          .map((n) => `export const ${n} = ${unavailable};`);
        return [kept, ...stubs].join('\n');
      }
      return undefined;
    },
  };
}

/**
 * Each module of the browser build brings the text it uses (decision 0046): a module whose source names a key of a
 * top-level group of `src/i18n/en.json` (`'dashboard.title'`, `` `status.${status}` ``, `i18nKey="footer.licence"`)
 * gets that group, as a module of its own, and hands it to i18next (`addText`) when it runs. A page's first load
 * then carries the text of its own code, not the whole file (20 KB gzipped); a group several pages use is shared
 * like any module. The shell's groups (named `name: en.name` in `src/i18n/index.ts`) are there already and left out.
 * `loadStrings()` then fetches only the form error messages (`import.meta.env.TEXT_WITH_ITS_CODE`), and a page
 * waits for none of it (`loadPageText()`). The server's build, the tests and `vite` in development keep the whole
 * file.
 */
function textWithItsCode(): Plugin {
  const i18nDir = path.join(here, 'src/i18n');
  const text = JSON.parse(readFileSync(path.join(i18nDir, 'en.json'), 'utf8')) as Record<string, unknown>;
  const shellGroups = [
    ...readFileSync(path.join(i18nDir, 'index.ts'), 'utf8').matchAll(/^\s+(\w+): en\.(\w+),$/gm),
  ].filter((match) => match[1] === match[2]);
  if (shellGroups.length === 0)
    throw new Error(
      "text-with-its-code: src/i18n/index.ts no longer names the shell's groups (`name: en.name`)",
    );
  const shell = new Set(shellGroups.map((match) => match[1]!));
  const groups = Object.keys(text).filter((group) => !shell.has(group));
  // A string that starts with the group's name and a dot: a quote, backtick or template literal's start before it.
  const named = new Map(groups.map((group) => [group, new RegExp(`['"\`]${group}\\.`)]));
  const prefix = 'virtual:en-text/';
  const sources = [path.join(here, 'src'), path.resolve(here, '../../packages/domain/src')];
  // The domain's form rules name the keys of their error messages ('contactDetails.email.invalid'), which are in
  // the validation namespace (loadStrings), not in en.json, though they often start like one of its groups.
  const validationRules = path.resolve(here, '../../packages/domain/src/validation');
  return {
    name: 'text-with-its-code',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    config: () => ({ define: { 'import.meta.env.TEXT_WITH_ITS_CODE': 'true' } }),
    resolveId: (source) => (source.startsWith(prefix) ? `\0${source}` : undefined),
    // What a page's code fetches with it in this build (`loadPageText()`), for bench/bundle.ts (dot-folders are
    // not served): nothing, the form error messages come with a form's first check (decision 0078).
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '.vite/text-with-pages.json',
        source: JSON.stringify({ withPages: [] }),
      });
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(text[id.slice(prefix.length + 1)]))});`;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return undefined;
      if (file.startsWith(i18nDir) || file.startsWith(validationRules + path.sep)) return undefined;
      if (!sources.some((dir) => file.startsWith(dir + path.sep))) return undefined;
      const used = groups.filter((group) => named.get(group)!.test(code));
      if (used.length === 0) return undefined;
      // Added at the end, so the module's own code keeps its lines (its source map stays true); imports are
      // hoisted, and the text is handed over when the module has run, before anything it defines is drawn.
      const tail = [
        `import { addText as __addText } from ${JSON.stringify(path.join(i18nDir, 'index.ts'))};`,
        ...used.map((group, i) => `import __text${i} from ${JSON.stringify(prefix + group)};`),
        `__addText({ ${used.map((group, i) => `${JSON.stringify(group)}: __text${i}`).join(', ')} });`,
      ];
      return { code: `${code}\n${tail.join('\n')}\n`, map: null };
    },
  };
}

/**
 * The shell (the entry, the browser app it fetches and their static imports) is in every signed-in page's first
 * download (issue 28: at most 130 KB gzipped with the page). These libraries are fetched with the forms that need
 * them (decisions 0071, 0073), never with the shell: the build fails if one is found there. It happened once,
 * unnoticed, through a value import of zod in a module the shell reads.
 */
const NOT_IN_THE_SHELL = /\/node_modules\/(zod|react-hook-form|@hookform\/resolvers|libphonenumber-js)\//;

/**
 * The journey pages (each side's, issue 28) are drawn and taken over without a form library: their forms run on
 * `useSmallForm` and fetch the resolvers when first sent. The build fails if one is in such a page's static imports.
 */
const NOT_ON_THE_JOURNEY_PAGES = /\/node_modules\/(react-hook-form|@hookform\/resolvers)\//;
const JOURNEY_PAGES = /\/src\/features\/journeys\/(organisation|applicant)-journey-page\.tsx$/;

function shellWithoutFormLibraries(): Plugin {
  return {
    name: 'shell-without-form-libraries',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item] as const] : [],
        ),
      );
      /** The chunk and every chunk it imports statically (what loads before it runs). */
      const closure = (start: string, seen = new Set<string>()) => {
        const visit = (file: string) => {
          if (seen.has(file) || !chunks.has(file)) return;
          seen.add(file);
          for (const imported of chunks.get(file)!.imports) visit(imported);
        };
        visit(start);
        return seen;
      };
      const refuse = (files: Iterable<string>, libraries: RegExp, where: string) => {
        for (const file of files) {
          const found = Object.keys(chunks.get(file)!.modules).find((id) => libraries.test(id));
          if (found)
            this.error(
              `${found.replace(/^.*node_modules\//, '')} is in ${where} (${file}): ${
                where === 'the shell' ? 'every signed-in page' : 'the page'
              } would download it first. Find the value import that brings it (issue 28, decisions 0071 and 0073).`,
            );
        }
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const shell = closure(entry.fileName);
      for (const started of entry.dynamicImports) closure(started, shell);
      refuse(shell, NOT_IN_THE_SHELL, 'the shell');
      for (const page of chunks.values()) {
        if (page.facadeModuleId && JOURNEY_PAGES.test(page.facadeModuleId))
          refuse(closure(page.fileName), NOT_ON_THE_JOURNEY_PAGES, 'a journey page');
      }
    },
  };
}

const api = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  root: here,
  // The server's build (`vite build --ssr src/entry-server.tsx`, decision 0038) is one module with its dependencies
  // inside, loaded by the API from dist-server/; it needs neither the static assets nor compressed copies.
  plugins: isSsrBuild
    ? [react(), ukPhoneNumbers()]
    : [
        react(),
        govukFrontendAssets(),
        ukPhoneNumbers(),
        zodWithoutJsonSchema(),
        textWithItsCode(),
        shellWithoutFormLibraries(),
        precompress(),
      ],
  ssr: { noExternal: true, target: 'node' },
  // React's production build on the server too (its packages choose by NODE_ENV when they load).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  css: { lightningcss: { errorRecovery: true } },
  resolve: {
    // The domain's CSV rules use csv-parse's Node build, which needs Node's Buffer; its browser build
    // carries its own, so the web bundle uses that.
    alias: [
      { find: /^csv-parse\/sync$/, replacement: 'csv-parse/browser/esm/sync' },
      // zod, made jitless for the Content-Security-Policy before any schema is built (see src/lib/zod.ts).
      { find: /^zod$/, replacement: path.join(here, 'src/lib/zod.ts') },
      // The phone rules with the UK's numbering plans only (see src/lib/phone-numbers.ts).
      { find: /^libphonenumber-js\/max$/, replacement: path.join(here, 'src/lib/phone-numbers.ts') },
    ],
  },
  // The manifest tells bench/bundle.ts which files each page needs; the server never serves dot-folders.
  build: isSsrBuild
    ? { outDir: path.join(here, 'dist-server'), emptyOutDir: true, sourcemap: true, target: 'node24' }
    : {
        outDir: path.join(here, 'dist'),
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        rolldownOptions: { output: { codeSplitting: { groups: shellChunkGroups(here) } } },
      },
  server: {
    proxy: Object.fromEntries(['/api', '/oauth2', '/ags', '/local', '/healthz'].map((p) => [p, api])),
  },
}));
