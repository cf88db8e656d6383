import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPLICANT_ROLES,
  isErrorPageCode,
  ORGANISATION_ROLES,
  SIGN_OUT_FAILED_PATH,
  SIGN_OUT_REASONS,
} from '@dis/domain';
import { logoutByGetContract, logoutContract, userInformationContract } from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import { registerContract } from '../../platform/contracts';
import { cameFromThisService } from '../../platform/security';
import { ApiError } from '../../platform/errors';
import { checkFormToken, FORM_TOKEN_FIELD, formTokenCookieName } from '../../platform/pages';
import { usesSecureCookies } from '../../config';
import {
  markSignedIn,
  refreshUserSession,
  sessionExpiryTime,
  startUserSession,
} from '../../platform/session';
import { callerCountersignatory } from '../organisations/service';
import { completeSignIn } from './service';
import { findUser } from './store';
import type { Services } from '../../services';

const signInQuery = z.object({
  uuid: z.uuid().optional(),
  appId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  applicationType: z.literal('basic').optional(),
});

/**
 * Provider answers that mean "the person must sign in (again) interactively": the local session ends and a new
 * sign-in starts once. OpenID Connect Core 3.1.2.6.
 */
const SIGN_IN_AGAIN = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
]);

/** Tells the browser to drop this service's cached responses and stored data (not its cookies: the session
 * cookie is already dead, and the local identity provider on this origin still needs its own to end its session). */
export const CLEAR_SITE_DATA = '"cache", "storage"';

export async function authRoutes(
  app: FastifyInstance,
  { db, clock, identity, config }: Services,
): Promise<void> {
  const { publicUrl } = config;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errorPage = (code: string) => `/error?code=${encodeURIComponent(code)}`;

  r.get(
    '/oauth2/authorization/dis',
    {
      schema: { summary: 'Sign in: a redirect to the identity provider' },
      config: {
        access: 'public',
        errorRedirect: true,
        rateLimit: { max: config.signInRateLimitPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const parsed = signInQuery.safeParse(request.query);
      if (!parsed.success) return reply.redirect(errorPage('invalid_request'));
      const returnTo = signInReturnTo(parsed.data);

      let started;
      try {
        started = await identity.startSignIn();
      } catch (error) {
        request.log.error({ err: error }, 'identity provider discovery failed');
        return reply.redirect(errorPage('temporarily_unavailable'));
      }
      const retry = request.session.get('signInRetry') === true;
      request.session.set('signInRetry', undefined);
      request.session.set('pendingSignIn', {
        state: started.state,
        nonce: started.nonce,
        codeVerifier: started.codeVerifier,
        returnTo,
        ...(retry ? { retry } : {}),
      });
      return reply.redirect(started.url);
    },
  );

  r.get(
    '/oauth2/callback',
    {
      schema: { summary: 'The identity provider’s return: starts the session, a redirect to the page' },
      config: { access: 'public', errorRedirect: true },
    },
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const pending = request.session.get('pendingSignIn');
      if (query.error) {
        const code = String(query.error).slice(0, 64);
        // The provider's answer to our own request (its state matches): whatever is signed in here ends with it.
        // A made-up callback from another site (no matching state) ends nothing, so it cannot sign anyone out.
        const answersOurRequest = Boolean(pending && query.state === pending.state);
        const userId = request.session.get('user')?.id ?? null;
        await writeAudit(db, {
          event: 'sign-in',
          outcome: 'failure',
          userId,
          requestId: request.id,
          detail: { reason: code, sessionEnded: answersOurRequest },
        });
        if (!answersOurRequest) {
          return reply.redirect(errorPage(isErrorPageCode(code) ? code : 'server_error'));
        }
        // A fresh, empty session: the signed-in one is gone and its identifier with it.
        await request.session.regenerate();
        if (SIGN_IN_AGAIN.has(code) && !pending?.retry) {
          request.session.set('signInRetry', true);
          return reply.redirect(signInAgainPath(pending!.returnTo));
        }
        // Codes with a page of their own keep it; anything else the provider says is "service unavailable".
        return reply.redirect(errorPage(isErrorPageCode(code) ? code : 'server_error'));
      }
      if (!pending) return reply.redirect(errorPage('authorization_request_not_found'));

      let result;
      try {
        result = await identity.finishSignIn(new URL(request.url, publicUrl), pending);
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in callback refused');
        await writeAudit(db, {
          event: 'sign-in',
          outcome: 'failure',
          requestId: request.id,
          detail: { reason: 'invalid_callback' },
        });
        return reply.redirect(errorPage('invalid_request'));
      }
      const outcome = await completeSignIn(
        db,
        result.claims,
        { applicantOnly: APPLICANT_LINK_RETURN.test(pending.returnTo) },
        clock.now(),
        request.id,
      );
      if (!outcome.ok) {
        request.session.set('pendingSignIn', undefined);
        return reply.redirect(errorPage(outcome.errorCode));
      }
      const signedIn = request.session.get('user');
      if (signedIn && signedIn.id === outcome.user.id) {
        // The same person again (a second emailed link while signed in): the session keeps its identifier and
        // its limits. A new identifier would end the old one under the pages still open with its cookie, whose
        // late answers then clear or replace the new cookie (the launch page at /application-redirect: issue
        // 29 item 15). Fixation is not possible: this identifier was already issued at this person's sign-in.
        refreshUserSession(request, outcome.user);
      } else {
        await startUserSession(request, outcome.user, clock.now());
      }
      request.session.set('idToken', result.idToken);
      markSignedIn(reply, usesSecureCookies(config));
      return reply.redirect(pending.returnTo);
    },
  );

  registerContract(
    app,
    userInformationContract,
    { access: { roles: [...APPLICANT_ROLES, ...ORGANISATION_ROLES] } },
    async ({ request }) => {
      const sessionUser = request.user;
      // The name is read once per session: the user record is written only at sign-in, which starts a new one.
      let name = request.session.get('userName');
      if (sessionUser && !name) {
        const found = await findUser(db, sessionUser.id);
        if (found) {
          name = { forename: found.forename, surname: found.surname };
          request.session.set('userName', name);
        }
      }
      if (!sessionUser || !name)
        throw new ApiError(401, 'UNAUTHENTICATED', 'You are no longer signed in. Sign in again.');
      const csg = await callerCountersignatory(db, request);
      return {
        id: sessionUser.id,
        expiryTime: sessionExpiryTime(request)?.toISOString() ?? null,
        roles: sessionUser.roles.map((role) => `/${role}`),
        assuranceLevel: sessionUser.assuranceLevel,
        name,
        ...(csg
          ? {
              countersignatoryDetails: {
                organisationCode: csg.organisationCode,
                code: csg.code,
                name: csg.name,
                organisationName: csg.organisationName,
                countersignatoryCode: csg.countersignatoryCode,
                emailAddress: csg.emailAddress,
                isLead: csg.isLead,
              },
            }
          : {}),
      };
    },
  );

  /**
   * Ends the server session whatever its state (audited), and says where the provider ends its own. A sign-out
   * that cannot be completed (the session store refuses, or the provider's end-session address cannot be had)
   * ends on the signed-out page saying so, never on one that says all went well (decision 0055).
   */
  async function endSession(request: FastifyRequest, reply: FastifyReply, reason: string) {
    const userId = request.session.get('user')?.id ?? null;
    if (!(await destroySession(request))) return { oauthProviderRedirect: SIGN_OUT_FAILED_PATH };
    if (userId) {
      await writeAudit(db, {
        event: 'sign-out',
        outcome: 'success',
        userId,
        requestId: request.id,
        detail: { reason: reason || 'user' },
      });
    }
    let oauthProviderRedirect: string;
    try {
      oauthProviderRedirect = await identity.endSessionUrl(reason);
    } catch (error) {
      request.log.warn({ err: error }, 'identity provider end-session address unavailable');
      oauthProviderRedirect = SIGN_OUT_FAILED_PATH;
    }
    reply.header('Clear-Site-Data', CLEAR_SITE_DATA);
    return { oauthProviderRedirect };
  }

  // A POST, so the Origin and custom-header checks apply: another site cannot sign a person out.
  registerContract(app, logoutContract, { access: 'public' }, async ({ body, request, reply }) =>
    endSession(request, reply, body?.reason ?? ''),
  );

  // The spec's GET (decision 0048): the same, for a request from this service's own pages only. A GET from
  // another site (a link, an image, a form) ends nothing: 403, the session kept, the refusal audited.
  const ownOrigin = new URL(publicUrl).origin;
  registerContract(app, logoutByGetContract, { access: 'public' }, async ({ query, request, reply }) => {
    reply.header('Cache-Control', 'no-store');
    if (!cameFromThisService(request, ownOrigin)) {
      const userId = request.session.get('user')?.id ?? null;
      if (userId) {
        await writeAudit(db, {
          event: 'sign-out',
          outcome: 'refused',
          userId,
          requestId: request.id,
          detail: { reason: 'not_same_origin' },
        });
      }
      throw new ApiError(403, 'CSRF_REJECTED', 'This request did not come from this service');
    }
    return endSession(request, reply, query.reason ?? '');
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
      const userId = request.session.get('user')?.id ?? null;
      const idToken = request.session.get('idToken');
      const noStore = () =>
        reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      if (!(await destroySession(request))) return noStore().redirect(SIGN_OUT_FAILED_PATH, 303);
      if (userId) {
        await writeAudit(db, {
          event: 'sign-out',
          outcome: 'success',
          userId,
          requestId: request.id,
          detail: { reason: reason || 'user' },
        });
      }
      let location: string;
      try {
        location = await identity.endSessionUrl(reason, idToken);
      } catch (error) {
        request.log.warn({ err: error }, 'identity provider end-session address unavailable');
        location = SIGN_OUT_FAILED_PATH;
      }
      return noStore().header('Clear-Site-Data', CLEAR_SITE_DATA).redirect(location, 303);
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

/** Where the basic sign-in (`applicationType=basic`) lands: the dashboard's Basic disclosures (decision 0052). */
export const BASIC_SIGN_IN_RETURN = '/applicant/dashboard#basic-applications';
const BASIC_APPLICATION_RETURN = /^\/basic-applications\/([A-Za-z0-9_-]{1,64})$/;
/** Sign-ins that only an applicant may finish: an application link, a Basic application, the basic sign-in. */
const APPLICANT_LINK_RETURN =
  /^(?:\/application-redirect\?|\/basic-applications\/|\/applicant\/dashboard#basic-applications$)/;

/**
 * Where the sign-in identifiers of spec 02 section 7 land after sign-in (decision 0052): an emailed application
 * link (`uuid`) at the application redirect, which links it; a Basic application of the Basic service (`appId`)
 * at its own page; the basic sign-in (`applicationType=basic`) at the dashboard's Basic disclosures; none at
 * /dashboard.
 */
export function signInReturnTo(ids: {
  uuid?: string | undefined;
  appId?: string | undefined;
  applicationType?: 'basic' | undefined;
}): string {
  if (ids.uuid) {
    const params = new URLSearchParams({ uuid: ids.uuid });
    if (ids.appId) params.set('appId', ids.appId);
    if (ids.applicationType) params.set('applicationType', ids.applicationType);
    return `/application-redirect?${params}`;
  }
  if (ids.appId) return `/basic-applications/${ids.appId}`;
  if (ids.applicationType === 'basic') return BASIC_SIGN_IN_RETURN;
  return '/dashboard';
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

/** The sign-in start again, with the same application link identifiers as the first attempt. */
function signInAgainPath(returnTo: string): string {
  const basic = BASIC_APPLICATION_RETURN.exec(returnTo);
  const query = returnTo.startsWith('/application-redirect?')
    ? returnTo.slice(returnTo.indexOf('?'))
    : basic
      ? `?appId=${basic[1]}`
      : returnTo === BASIC_SIGN_IN_RETURN
        ? '?applicationType=basic'
        : '';
  return `/oauth2/authorization/dis${query}`;
}

function signedOutPath(reason: string): string {
  return (Object.values(SIGN_OUT_REASONS) as string[]).includes(reason)
    ? `/signed-out?reason=${encodeURIComponent(reason)}`
    : '/successfully-signed-out';
}
