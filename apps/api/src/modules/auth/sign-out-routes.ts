import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGN_OUT_FAILED_PATH, SIGN_OUT_REASONS } from '@dis/domain';
import { logoutByGetContract, logoutContract } from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import { registerContract } from '../../platform/contracts';
import { cameFromThisService } from '../../platform/security';
import { ApiError } from '../../platform/errors';
import { checkFormToken, FORM_TOKEN_FIELD, formTokenCookieName } from '../../platform/pages';
import { usesSecureCookies } from '../../config';
import type { Services } from '../../services';

/** Tells the browser to drop this service's cached responses and stored data (not its cookies: the session
 * cookie is already dead, and the local identity provider on this origin still needs its own to end its session). */
export const CLEAR_SITE_DATA = '"cache", "storage"';

/** Sign-out: the JSON POST, the spec's same-origin GET, the page's form, and the provider's return. */
export function signOutRoutes(app: FastifyInstance, { db, identity, config }: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A signed-in person's sign-out, or its refusal, in the audit trail (nobody signed in: nothing to record). */
  async function auditSignOut(
    request: FastifyRequest,
    userId: string | null,
    outcome: 'success' | 'refused',
    reason: string,
  ) {
    if (!userId) return;
    await writeAudit(db, { event: 'sign-out', outcome, userId, requestId: request.id, detail: { reason } });
  }

  /**
   * Ends the server session whatever its state (audited), and says where the provider ends its own. A sign-out
   * that cannot be completed (the session store refuses, or the provider's end-session address cannot be had)
   * ends on the signed-out page saying so, never on one that says all went well (decision 0055). `ended` is
   * false when the session itself could not be ended.
   */
  async function endSession(request: FastifyRequest, reason: string, idToken?: string) {
    const userId = request.session.get('user')?.id ?? null;
    if (!(await destroySession(request))) return { ended: false, location: SIGN_OUT_FAILED_PATH };
    await auditSignOut(request, userId, 'success', reason || 'user');
    let location: string;
    try {
      location = await identity.endSessionUrl(reason, idToken);
    } catch (error) {
      request.log.warn({ err: error }, 'identity provider end-session address unavailable');
      location = SIGN_OUT_FAILED_PATH;
    }
    return { ended: true, location };
  }

  /** The JSON sign-outs' answer: where the provider ends its session. */
  const signOutByCall = async (request: FastifyRequest, reply: FastifyReply, reason: string) => {
    const { ended, location } = await endSession(request, reason);
    if (ended) reply.header('Clear-Site-Data', CLEAR_SITE_DATA);
    return { oauthProviderRedirect: location };
  };

  // A POST, so the Origin and custom-header checks apply: another site cannot sign a person out.
  registerContract(app, logoutContract, { access: 'public' }, async ({ body, request, reply }) =>
    signOutByCall(request, reply, body?.reason ?? ''),
  );

  // The spec's GET (decision 0048): the same, for a request from this service's own pages only. A GET from
  // another site (a link, an image, a form) ends nothing: 403, the session kept, the refusal audited.
  const ownOrigin = new URL(config.publicUrl).origin;
  registerContract(app, logoutByGetContract, { access: 'public' }, async ({ query, request, reply }) => {
    reply.header('Cache-Control', 'no-store');
    if (!cameFromThisService(request, ownOrigin)) {
      await auditSignOut(request, request.session.get('user')?.id ?? null, 'refused', 'not_same_origin');
      throw new ApiError(403, 'CSRF_REJECTED', 'This request did not come from this service');
    }
    return signOutByCall(request, reply, query.reason ?? '');
  });

  // The sign-out page's form (a plain HTML form, so it works without JavaScript): ends the server session and
  // answers 303 to the provider's end-session URL with the id_token_hint, so the provider honours the return
  // address. The ID token travels only in this redirect, never in an answer a script can read. A form post is
  // accepted on this route only, and only from this service's own origin (the request-forgery check), repeating
  // the form token of this browser's cookie as every page's form does (decision 0038).
  const formCookie = formTokenCookieName(usesSecureCookies(config));
  r.post(
    '/oauth2/logout',
    {
      schema: { summary: 'Sign out from the page’s form: a 303 to the identity provider’s logout' },
      config: { access: 'public', formPost: true },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as { reason?: unknown; [FORM_TOKEN_FIELD]?: unknown };
      checkFormToken(request.cookies[formCookie], body[FORM_TOKEN_FIELD]);
      const reason = typeof body.reason === 'string' && body.reason.length <= 100 ? body.reason : '';
      const { ended, location } = await endSession(request, reason, request.session.get('idToken'));
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      if (ended) reply.header('Clear-Site-Data', CLEAR_SITE_DATA);
      return reply.redirect(location, 303);
    },
  );

  // Where the provider sends people back after ending its session.
  r.get(
    '/oauth2/signed-out',
    {
      schema: { summary: 'The identity provider’s return after sign-out: a redirect to the signed-out page' },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { state } = request.query as { state?: string };
      return reply.redirect(signedOutPath(state ?? ''));
    },
  );
}

/** Ends this request's server session; false when the session store could not do it (the person is told). */
async function destroySession(request: FastifyRequest): Promise<boolean> {
  try {
    await request.session.destroy();
    return true;
  } catch (error) {
    request.log.error({ err: error }, 'sign-out: the session could not be ended');
    return false;
  }
}

function signedOutPath(reason: string): string {
  return (Object.values(SIGN_OUT_REASONS) as string[]).includes(reason)
    ? `/signed-out?reason=${encodeURIComponent(reason)}`
    : '/successfully-signed-out';
}
