import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isErrorPageCode } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import { usesSecureCookies } from '../../config';
import { markSignedIn, refreshUserSession, startUserSession } from '../../platform/session';
import { completeSignIn } from './service';
import type { Services } from '../../services';

// Sign-in as an OpenID Connect relying party: the start (a redirect to the identity provider) and its return.

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

const errorPage = (code: string) => `/error?code=${encodeURIComponent(code)}`;

/** The sign-in start and the identity provider's return. */
export function signInRoutes(app: FastifyInstance, { db, clock, identity, config }: Services): void {
  const { publicUrl } = config;
  const r = app.withTypeProvider<ZodTypeProvider>();

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

  /** The provider answered with an error: the error page, or one more interactive sign-in (audited). */
  async function providerRefused(request: FastifyRequest, reply: FastifyReply, error: string) {
    const query = request.query as Record<string, string | undefined>;
    const pending = request.session.get('pendingSignIn');
    const code = error.slice(0, 64);
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

  r.get(
    '/oauth2/callback',
    {
      schema: { summary: 'The identity provider’s return: starts the session, a redirect to the page' },
      config: { access: 'public', errorRedirect: true },
    },
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      if (query.error) return providerRefused(request, reply, String(query.error));
      const pending = request.session.get('pendingSignIn');
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
