import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PRIVATE_PREFIXES = [
  '/api/',
  '/ags/',
  '/oauth2/',
  '/submitApplicationService/',
  '/internal/',
  '/local/',
];

export async function registerSecurity(app: FastifyInstance, publicUrl: string): Promise<void> {
  const origin = new URL(publicUrl).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: publicUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: publicUrl.startsWith('https://'),
    // 'no-referrer' makes Chromium send "Origin: null" on same-origin form posts, which the Origin check refuses;
    // 'same-origin' still sends nothing to other sites.
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });

  // Cross-site request forgery: a state-changing call must be JSON, carry our custom header and come from our origin.
  // Browsers cannot send a custom header cross-site without a CORS preflight, which this server never grants.
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const config = request.routeOptions.config;
    if (config.access === 'service') return;
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== origin) {
      throw new ApiError(403, 'CSRF_REJECTED', 'This request did not come from this service');
    }
    if (config.formPost) return;
    const type = request.headers['content-type'] ?? '';
    const json = type.startsWith('application/json');
    const multipart = type.startsWith('multipart/form-data');
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest' || !(json || multipart)) {
      throw new ApiError(403, 'CSRF_REJECTED', 'This request did not come from this service');
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (PRIVATE_PREFIXES.some((p) => request.url.startsWith(p)) || request.user) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
