import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';
import type { FormKeys } from './form-keys';
import { createPages, PAGE_MULTIPART_LIMITS } from './pages';

const API_PREFIXES = ['/api/', '/ags/', '/oauth2/', '/submitApplicationService/', '/internal/', '/local/'];

/**
 * Files whose name carries a hash of their content (Vite's eight characters; GOV.UK Frontend's fonts), so a
 * browser may keep them for a year without asking again: a new version has a new name.
 */
const HASHED_ASSET = /^\/assets\/(?:.*-[A-Za-z0-9_-]{8}\.[a-z0-9]+|fonts\/[a-z]+-[0-9a-f]{10}-v\d+\.woff2?)$/;

export const CACHE_HASHED = 'public, max-age=31536000, immutable';
/** index.html: kept, but checked with the server before each use, so a new release is picked up at once. */
export const CACHE_REVALIDATE = 'no-cache';
/** Other files (icons, the web manifest): a few minutes. */
const CACHE_SHORT = 'public, max-age=300';

export interface WebAppOptions {
  serveSourceMaps: boolean;
  publicUrl: string;
  secureCookies: boolean;
  /** The claims of forms' one-time keys (decision 0076); without them every form post runs. */
  formKeys?: FormKeys;
}

/**
 * Serves the web app: its built files, and every other address as a page rendered on the server by React
 * (platform/pages.ts), whose forms also post here without JavaScript.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions = { serveSourceMaps: false, publicUrl: 'http://localhost', secureCookies: false },
): Promise<void> {
  const root = path.resolve(distDir);
  const pages = await createPages(app, {
    distDir: root,
    publicUrl: options.publicUrl,
    secureCookies: options.secureCookies,
    formKeys: options.formKeys,
  });
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- WEB_DIST from the operator's configuration
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    // The build writes brotli and gzip copies of its text files; the one the browser accepts is sent as it is.
    // Cache-Control is set here per file, not by the plugin.
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false });
  }
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (API_PREFIXES.some((p) => urlPath.startsWith(p))) {
      throw new ApiError(404, 'NOT_FOUND', 'Not found');
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).');
    }
    // Source maps are built for local debugging; production never hands out the original source.
    // Nor the build's own records (.vite/manifest.json) or any other dot-file.
    // The page template (index.html) is not a page: pages are rendered on the server.
    if (
      (!options.serveSourceMaps && urlPath.endsWith('.map')) ||
      urlPath.includes('/.') ||
      urlPath === '/index.html'
    ) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const file = path.join(root, urlPath);
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- checked to lie inside the web build first
    if (file.startsWith(root + path.sep) && path.extname(file) && existsSync(file)) {
      let cacheControl = CACHE_SHORT;
      if (HASHED_ASSET.test(urlPath)) cacheControl = CACHE_HASHED;
      else if (urlPath.endsWith('.html')) cacheControl = CACHE_REVALIDATE;
      return reply.header('Cache-Control', cacheControl).sendFile(path.relative(root, file));
    }
    if (path.extname(urlPath)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return pages.render(request, reply);
  });

  // A page's form posted without JavaScript (application/x-www-form-urlencoded, or multipart/form-data for the one
  // form with a file, read within PAGE_MULTIPART_LIMITS): the Origin check of every state change applies
  // (platform/security.ts), then the form's token, then the page's action. Multipart is parsed in this scope only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: PAGE_MULTIPART_LIMITS });
    scope.post('/*', { config: { access: 'public', formPost: true } }, async (request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      if (API_PREFIXES.some((p) => urlPath.startsWith(p)) || path.extname(urlPath)) {
        throw new ApiError(404, 'NOT_FOUND', 'Not found');
      }
      return pages.post(request, reply);
    });
  });
}
