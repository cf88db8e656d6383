import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIdentityVerified, type AssuranceLevel, type Role } from '@dis/domain';
import { writeAudit } from './audit';
import type { Db } from './db/database';
import { ApiError } from './errors';

/**
 * Every route says who may call it. 'public' is a deliberate choice; anything else names roles.
 * A route without a declaration makes the app refuse to start (deny by default).
 */
export type RouteAccess =
  | 'public'
  | { roles: readonly Role[]; identityVerified?: boolean }
  /** Protocol and service-to-service routes that check their own credentials (bearer token, client authentication). */
  | 'service';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** State-changing routes that take HTML form posts from the local stand-ins' own pages. */
    formPost?: boolean;
    /** Browser navigations (sign-in): errors become a redirect to the error page instead of JSON. */
    errorRedirect?: boolean;
    /** Organisation routes that need today's countersignatory declaration (spec 01 section 6). */
    declaration?: boolean;
    /** Set by `registerContract`: the route's schemas are its domain contract's. */
    contract?: boolean;
  }
}

export interface RouteAccessRecord {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** Registered from a domain contract (`registerContract`): its request and response are described. */
  contract: boolean;
}

export interface AccessOptions {
  declarationSignedToday(request: FastifyRequest, userId: string): Promise<boolean>;
}

export function registerAccessControl(
  app: FastifyInstance,
  db: Db,
  options: AccessOptions,
): RouteAccessRecord[] {
  const routes: RouteAccessRecord[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' && route.url !== '/*') continue;
      routes.push({
        method,
        url: route.url,
        access: route.config?.access,
        contract: route.config?.contract === true,
      });
    }
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((r) => r.access === undefined);
    if (undeclared.length > 0) {
      throw new Error(
        `Routes without an access declaration: ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
  });

  // onRequest: refused callers learn nothing from body validation.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'public' || access === 'service') return;
    if (!access) throw new ApiError(404, 'NOT_FOUND', 'Not found');
    const user = request.user;
    if (!user) {
      throw new ApiError(
        401,
        'UNAUTHENTICATED',
        request.sessionEnded
          ? 'Your session has ended. Sign in again.'
          : 'You are no longer signed in. Sign in again.',
      );
    }
    const allowed = access.roles.some((role) => user.roles.includes(role));
    const verified = !access.identityVerified || isIdentityVerified(user.assuranceLevel as AssuranceLevel);
    if (!allowed || !verified) {
      await refuse(db, request, allowed ? 'identity_not_verified' : 'wrong_role');
      // A wrong role sees "not found": the route's existence is not confirmed to people who may not use it.
      if (!allowed) throw new ApiError(404, 'NOT_FOUND', 'Not found');
      throw new ApiError(403, 'IDENTITY_NOT_VERIFIED', 'You need to prove your identity to see this');
    }
    if (
      request.routeOptions.config.declaration &&
      !(await options.declarationSignedToday(request, user.id))
    ) {
      throw new ApiError(403, 'DECLARATION_REQUIRED', 'Confirm the declaration before you continue');
    }
  });
  return routes;
}

export async function refuse(db: Db, request: FastifyRequest, reason: string): Promise<void> {
  await writeAudit(db, {
    event: 'access.refused',
    outcome: 'refused',
    userId: request.user?.id ?? null,
    requestId: request.id,
    detail: { route: request.routeOptions.url, method: request.method, reason },
  });
}

export function requireUser(request: FastifyRequest) {
  if (!request.user)
    throw new ApiError(401, 'UNAUTHENTICATED', 'You are no longer signed in. Sign in again.');
  return request.user;
}

/** The signed-in caller of a request as the services take it: who, and the request to audit it under. */
export function requestCaller(request: FastifyRequest): { userId: string; requestId: string } {
  return { userId: requireUser(request).id, requestId: request.id };
}
