/**
 * What the browser downloads for each page: reads the web build's manifest (run `npm run build` first) and prints
 * the JavaScript and CSS of the shell (the entry, the app it fetches once the page is drawn and their static imports), then what each page
 * adds when its route is first visited, raw, gzipped and brotli-compressed. The launch page's gzipped JavaScript
 * is the first-load target (at most 100 KB).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { recordTargets } from './targets';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export const LAUNCH_PAGE_JS_BUDGET_KB = 100;
/** Issue 28's budgets: a public page at most 60 KB of gzipped JavaScript, a signed-in page at most 130 KB. */
export const PUBLIC_PAGE_JS_BUDGET_KB = 60;
export const SIGNED_IN_PAGE_JS_BUDGET_KB = 130;

/**
 * The signed-in pages measured against their budget: the shell, the page's own code and the views of it fetched
 * apart that this page shows (both loaded before the browser takes the server's page over) and the service's text,
 * which the first page's code brings.
 */
const SIGNED_IN_PAGES: { name: string; src: string; views?: string[] }[] = [
  { name: 'countersignatory dashboard', src: 'src/features/dashboard/applications-dashboard.tsx' },
  // Each side's journey pages are a module of their own (an organisation's page loads no applicant journey). A step
  // fetches the view it shows apart from the page (lib/lazy-view.ts), before it takes the page over: a question.
  {
    name: 'a journey step',
    src: 'src/features/journeys/organisation-journey-page.tsx',
    views: ['src/features/journeys/form-step.tsx'],
  },
  {
    name: "an applicant's journey step",
    src: 'src/features/journeys/applicant-journey-page.tsx',
    views: ['src/features/journeys/form-step.tsx'],
  },
  { name: "an applicant's result", src: 'src/features/results/result-page.tsx' },
];
/**
 * The text a page's code fetches with it (`loadPageText()`): the whole of en.json and the form error messages,
 * unless the build says otherwise (since decision 0046 each module brings its own text, in its chunk; since 0078
 * the form error messages come with a form's first check, so a page fetches none; the build writes that in
 * `.vite/text-with-pages.json`).
 */
function textChunks(): string[] {
  const file = path.join(dist, '.vite/text-with-pages.json');
  if (!existsSync(file)) return ['src/i18n/en.json?raw', 'src/i18n/validation.ts'];
  return (JSON.parse(readFileSync(file, 'utf8')) as { withPages: string[] }).withPages;
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizesOf(files: Iterable<string>): Sizes {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    total.raw += bytes.length;
    total.gzip += gzipSync(bytes, { level: 9 }).length;
    total.brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return total;
}

/** The chunk and every chunk it imports statically (what loads before it runs). */
function closure(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function files(manifest: Record<string, Chunk>, keys: Iterable<string>, kind: 'js' | 'css'): Set<string> {
  const out = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (kind === 'js') out.add(chunk.file);
    else for (const css of chunk.css ?? []) out.add(css);
  }
  return out;
}

const kb = (n: number) => (n / 1024).toFixed(1);

export function bundleReport(): {
  launchJsGzipKb: number;
  lightJsGzipKb: number;
  signedIn: { name: string; gzipKb: number }[];
  lines: string[];
} {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('The web build has no entry; run `npm run build` first');
  // The shell: the entry with its static imports, and the browser app it fetches once the page has been drawn
  // (`src/app/start.tsx`, decision 0056) with its own. A page the app does not take over (a recipient's, decision
  // 0074) fetches the plain enhancements (`src/app/enhance.ts`) in its place.
  const launch = closure(manifest, entry);
  const light = new Set(launch);
  closure(manifest, 'src/app/enhance.ts', light);
  for (const key of manifest[entry]!.dynamicImports ?? [])
    if (key !== 'src/app/enhance.ts') closure(manifest, key, launch);
  const lightJs = sizesOf(files(manifest, light, 'js'));
  const launchJs = sizesOf(files(manifest, launch, 'js'));
  const launchCss = sizesOf(files(manifest, launch, 'css'));
  const lines = [
    'Page                                      JS raw KB   JS gzip KB   JS brotli KB',
    `shell (entry, app and their imports)     ${kb(launchJs.raw).padStart(9)}   ${kb(launchJs.gzip).padStart(10)}   ${kb(launchJs.brotli).padStart(12)}`,
    `  stylesheet                             ${kb(launchCss.raw).padStart(9)}   ${kb(launchCss.gzip).padStart(10)}   ${kb(launchCss.brotli).padStart(12)}`,
  ];
  const pages = Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry && !launch.has(k))
    .map((k) => {
      const extra = [...closure(manifest, k)].filter((c) => !launch.has(c));
      return { name: manifest[k]!.src ?? k, sizes: sizesOf(files(manifest, extra, 'js')) };
    })
    .sort((a, b) => b.sizes.gzip - a.sizes.gzip);
  lines.push('Each page adds on first visit:');
  for (const { name, sizes } of pages) {
    const label = `  ${name.replace(/^.*src\/features\//, '').replace(/\.tsx?$/, '')}`;
    lines.push(
      `${label.padEnd(40)} ${kb(sizes.raw).padStart(9)}   ${kb(sizes.gzip).padStart(10)}   ${kb(sizes.brotli).padStart(12)}`,
    );
  }
  const signedIn = SIGNED_IN_PAGES.map(({ name, src, views = [] }) => {
    const keys = new Set(launch);
    for (const key of [src, ...views, ...textChunks()]) {
      if (!manifest[key]) {
        if (key !== src && !views.includes(key)) continue;
        throw new Error(
          `${key} is not in the web build's manifest: bench/bundle.ts names a page that has moved`,
        );
      }
      closure(manifest, key, keys);
    }
    return { name, gzipKb: sizesOf(files(manifest, keys, 'js')).gzip / 1024 };
  });
  lines.push('First load of a signed-in page (shell, the page, the text), gzipped:');
  for (const page of signedIn) {
    lines.push(
      `  ${page.name.padEnd(38)} ${page.gzipKb.toFixed(1).padStart(9)} KB (budget ${SIGNED_IN_PAGE_JS_BUDGET_KB} KB): ${
        page.gzipKb <= SIGNED_IN_PAGE_JS_BUDGET_KB ? 'met' : 'NOT met'
      }`,
    );
  }
  lines.push(
    "Public pages (launch, information, help, error and signed-out pages, and the recipient's link, identity-check " +
      'and code pages) are sent without any script (their routes say `script: "none"`; test/pages.test.ts checks the ' +
      "launch page's first response): 0 KB.",
    "A recipient's shared result and its print copy (`script: 'light'`, decision 0074: the entry and the page's " +
      `plain enhancements, no React): ${kb(lightJs.gzip)} KB gzipped (budget ${PUBLIC_PAGE_JS_BUDGET_KB} KB): ${
        lightJs.gzip / 1024 <= PUBLIC_PAGE_JS_BUDGET_KB ? 'met' : 'NOT met'
      }.`,
  );
  const launchJsGzipKb = launchJs.gzip / 1024;
  lines.push(`The shell every signed-in page loads: ${kb(launchJs.gzip)} KB gzipped.`);
  return { launchJsGzipKb, lightJsGzipKb: lightJs.gzip / 1024, signedIn, lines };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = bundleReport();
  console.log(report.lines.join('\n'));
  recordTargets([
    {
      target: 3,
      what: 'launch page JavaScript, gzipped',
      // Since issue 28 the launch page is sent without script: the shell below is what a signed-in page needs.
      measured: '0 KB (no script)',
      goal: `at most ${LAUNCH_PAGE_JS_BUDGET_KB} KB`,
      met: true,
    },
    {
      target: 5,
      what: 'public pages JavaScript, gzipped',
      measured: '0 KB (no script)',
      goal: `at most ${PUBLIC_PAGE_JS_BUDGET_KB} KB`,
      met: true,
    },
    {
      target: 5,
      what: "a recipient's shared result: JavaScript, gzipped",
      measured: `${report.lightJsGzipKb.toFixed(1)} KB`,
      goal: `at most ${PUBLIC_PAGE_JS_BUDGET_KB} KB`,
      met: report.lightJsGzipKb <= PUBLIC_PAGE_JS_BUDGET_KB,
    },
    ...report.signedIn.map((page) => ({
      target: 5 as const,
      what: `${page.name}: first-load JavaScript, gzipped`,
      measured: `${page.gzipKb.toFixed(1)} KB`,
      goal: `at most ${SIGNED_IN_PAGE_JS_BUDGET_KB} KB`,
      met: page.gzipKb <= SIGNED_IN_PAGE_JS_BUDGET_KB,
    })),
  ]);
}
