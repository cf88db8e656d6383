/**
 * Compiles the server to plain JavaScript for production: `dist/main.js` (and `dist/stand-ins.js`), each one ES module with the server's own code
 * and the domain package, the npm dependencies left as imports from node_modules. `npm start` runs it (after
 * building it when the sources changed); development and tests run the TypeScript through tsx.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** npm packages stay imports; the workspace's own packages (published as TypeScript source) are compiled in. */
const dependenciesStayExternal: Plugin = {
  name: 'dependencies-stay-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@dis/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  // The server, and the shared stand-ins process (`npm run stand-ins`).
  entryPoints: [path.join(here, 'src/main.ts'), path.join(here, 'src/stand-ins.ts')],
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // Stack traces point at the TypeScript.
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [dependenciesStayExternal],
});
