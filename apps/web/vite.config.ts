import { cpSync, createReadStream, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  };
}

const api = 'http://localhost:3000';

export default defineConfig({
  root: here,
  plugins: [react(), govukFrontendAssets()],
  css: { lightningcss: { errorRecovery: true } },
  resolve: {
    // The domain's CSV rules use csv-parse's Node build, which needs Node's Buffer; its browser build
    // carries its own, so the web bundle uses that.
    alias: [{ find: /^csv-parse\/sync$/, replacement: 'csv-parse/browser/esm/sync' }],
  },
  build: { outDir: path.join(here, 'dist'), emptyOutDir: true, sourcemap: true },
  server: {
    proxy: Object.fromEntries(['/api', '/oauth2', '/ags', '/local', '/healthz'].map((p) => [p, api])),
  },
});
