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

const api = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  root: here,
  // The server's build (`vite build --ssr src/entry-server.tsx`, decision 0038) is one module with its dependencies
  // inside, loaded by the API from dist-server/; it needs neither the static assets nor compressed copies.
  plugins: isSsrBuild
    ? [react(), ukPhoneNumbers()]
    : [react(), govukFrontendAssets(), ukPhoneNumbers(), precompress()],
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
    : { outDir: path.join(here, 'dist'), emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    proxy: Object.fromEntries(['/api', '/oauth2', '/ags', '/local', '/healthz'].map((p) => [p, api])),
  },
}));
