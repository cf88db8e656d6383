import { cspReportContract } from '@dis/domain/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Methods the service answers; anything else (TRACE, CONNECT, WebDAV verbs) is 405, whatever the path. */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PRIVATE_PREFIXES = [
  '/api/',
  '/ags/',
  '/oauth2/',
  '/submitApplicationService/',
  '/internal/',
  '/local/',
];

/** Where browsers send Content-Security-Policy violation reports (stored by the csp-reports module). */
export const CSP_REPORT_PATH = cspReportContract.path;

/** The stand-ins' prefix: on a developer's machine only, and only for callers on that machine. */
export const LOCAL_PREFIX = '/local/';

/** The one set of security headers: every response carries it, errors the router raises before any hook included. */
export function helmetOptions(publicUrl: string): HelmetOptions {
  const https = publicUrl.startsWith('https://');
  return {
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
        baseUri: ["'none'"],
        reportUri: [CSP_REPORT_PATH],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https,
    // Agrees with frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    // 'no-referrer' makes Chromium send "Origin: null" on same-origin form posts, which the Origin check refuses;
    // 'same-origin' still sends nothing to other sites.
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** Sets the security headers on a raw response (for the router's own errors, which run no hooks). */
export function securityHeaderWriter(publicUrl: string): (req: IncomingMessage, res: ServerResponse) => void {
  const middleware = helmet(helmetOptions(publicUrl));
  return (req, res) => middleware(req, res, () => undefined);
}

/**
 * Whether a request that changes state without a body (the spec's `GET /oauth2/api/logout`) came from this
 * service's own pages (decision 0048). The browser's `Sec-Fetch-Site` decides when it is sent: only
 * `same-origin` passes (not `same-site`, `cross-site`, or `none`, a typed address or a bookmark). A browser
 * without it is judged by its `Origin`, else its `Referer` (this service sends the Referer to itself: its
 * Referrer-Policy is `same-origin`), which must be this service's origin. With none of the three the request is
 * refused: a page of another site can suppress the Referer.
 */
export function cameFromThisService(request: FastifyRequest, origin: string): boolean {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const fetchSite = header('sec-fetch-site');
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const requestOrigin = header('origin');
  if (requestOrigin !== undefined) return requestOrigin === origin;
  const referer = header('referer');
  if (referer === undefined) return false;
  try {
    return new URL(referer).origin === origin;
  } catch {
    return false;
  }
}

/** Loopback peers, judged by the socket itself (never by headers a client can write). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

const remoteAddress = (request: FastifyRequest) => request.raw.socket?.remoteAddress;

export async function registerSecurity(app: FastifyInstance, publicUrl: string): Promise<void> {
  const origin = new URL(publicUrl).origin;
  // The headers from one helmet built here, first thing on every request. (@fastify/helmet builds a new helmet, its
  // Content-Security-Policy parsed again, on every request: 7% of the server's time on a kept list page.)
  const writeSecurityHeaders = securityHeaderWriter(publicUrl);
  app.addHook('onRequest', (request, reply, done) => {
    writeSecurityHeaders(request.raw, reply.raw);
    done();
  });

  // After helmet, so the refusal carries the headers; before access control, which would say 404.
  app.addHook('onRequest', async (request, reply) => {
    if (KNOWN_METHODS.includes(request.method)) return;
    reply.header('Allow', KNOWN_METHODS.join(', '));
    throw new ApiError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
  });

  // The local stand-ins (identity provider, outbox, casework, clock, card page) hand out links and change
  // state without signing in: they answer only a caller on this machine. Not found for anyone else.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith(LOCAL_PREFIX) && !isLoopback(remoteAddress(request))) {
      throw new ApiError(404, 'NOT_FOUND', 'Not found');
    }
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

  // The API's answers and a signed-in person's pages are never kept by a browser or a proxy. The web build's files
  // (platform/web.ts) are the same for everyone and hold nothing personal: they keep the public caching they were
  // sent with, signed in or not. (Overriding it made a signed-in browser fetch every script again on each page
  // load: about 45 requests a page.)
  app.addHook('onSend', async (request, reply) => {
    const publicFile = String(reply.getHeader('cache-control') ?? '').startsWith('public');
    if (PRIVATE_PREFIXES.some((p) => request.url.startsWith(p)) || (request.user && !publicFile)) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
