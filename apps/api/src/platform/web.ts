import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

const API_PREFIXES = ['/api/', '/ags/', '/oauth2/', '/submitApplicationService/', '/internal/', '/local/'];

/** Serves the built single-page app, with a history fallback to index.html for its client-side routes. */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { serveSourceMaps: boolean } = { serveSourceMaps: false },
): Promise<void> {
  const root = path.resolve(distDir);
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- WEB_DIST from the operator's configuration
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, { root, serve: false });
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
    if (!options.serveSourceMaps && urlPath.endsWith('.map')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const file = path.join(root, urlPath);
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- checked to lie inside the web build first
    if (file.startsWith(root + path.sep) && path.extname(file) && existsSync(file)) {
      const immutable = urlPath.startsWith('/assets/') && /-[A-Za-z0-9_-]{8}\./.test(urlPath);
      return reply
        .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .sendFile(path.relative(root, file));
    }
    if (path.extname(urlPath)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
