/**
 * What the browser downloads for each page: reads the web build's manifest (run `npm run build` first) and prints
 * the JavaScript and CSS of the launch page (the entry and everything it imports statically), then what each page
 * adds when its route is first visited, raw, gzipped and brotli-compressed. The launch page's gzipped JavaScript
 * is the first-load target (at most 100 KB).
 */
import { readFileSync } from 'node:fs';
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

export function bundleReport(): { launchJsGzipKb: number; lines: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('The web build has no entry; run `npm run build` first');
  const launch = closure(manifest, entry);
  const launchJs = sizesOf(files(manifest, launch, 'js'));
  const launchCss = sizesOf(files(manifest, launch, 'css'));
  const lines = [
    'Page                                      JS raw KB   JS gzip KB   JS brotli KB',
    `launch page (entry + static imports)     ${kb(launchJs.raw).padStart(9)}   ${kb(launchJs.gzip).padStart(10)}   ${kb(launchJs.brotli).padStart(12)}`,
    `  stylesheet                             ${kb(launchCss.raw).padStart(9)}   ${kb(launchCss.gzip).padStart(10)}   ${kb(launchCss.brotli).padStart(12)}`,
  ];
  const pages = Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry)
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
  const launchJsGzipKb = launchJs.gzip / 1024;
  lines.push(
    `Launch page JS gzipped: ${kb(launchJs.gzip)} KB (target at most ${LAUNCH_PAGE_JS_BUDGET_KB} KB): ${
      launchJsGzipKb <= LAUNCH_PAGE_JS_BUDGET_KB ? 'met' : 'NOT met'
    }`,
  );
  return { launchJsGzipKb, lines };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = bundleReport();
  console.log(report.lines.join('\n'));
  recordTargets([
    {
      target: 3,
      what: 'launch page JavaScript, gzipped',
      measured: `${report.launchJsGzipKb.toFixed(1)} KB`,
      goal: `at most ${LAUNCH_PAGE_JS_BUDGET_KB} KB`,
      met: report.launchJsGzipKb <= LAUNCH_PAGE_JS_BUDGET_KB,
    },
  ]);
}
