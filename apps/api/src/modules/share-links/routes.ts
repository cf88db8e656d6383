import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  basicOnlineResultCodeContract,
  basicOnlineResultVerifyContract,
  linkTokenSchema,
  sharedAdditionalInformationContract,
  sharedBasicCheckContract,
  sharedBasicResultContract,
  sharedLinkValidateContract,
  sharedResultContract,
} from '@dis/domain/contracts';
import { SHARED_LINK_SESSION_MS } from '@dis/domain';
import { registerContract } from '../../platform/contracts';
import {
  recipientBrowserCookieName,
  recipientCookieName,
  type BrowserBinding,
  type RecipientCookies,
  type ShareLinkService,
} from './service';
import type { Services } from '../../services';
import { usesSecureCookies } from '../../config';

export { recipientBrowserCookieName, recipientCookieName };

/** Sets the browser cookie when a right answer has just bound the link to this browser. */
function setBrowserCookie(
  reply: FastifyReply,
  secure: boolean,
  binding: BrowserBinding | undefined,
  now: Date,
): void {
  if (!binding) return;
  reply.setCookie(recipientBrowserCookieName(secure), binding.secret, {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'lax',
    maxAge: Math.max(1, Math.floor((binding.until.getTime() - now.getTime()) / 1000)),
  });
}

/** The recipient's session cookie (30 minutes, never beyond the link: the server ends it then too). */
function setSessionCookie(reply: FastifyReply, secure: boolean, value: string | undefined): void {
  if (!value) return;
  reply.setCookie(recipientCookieName(secure), value, {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'lax',
    maxAge: SHARED_LINK_SESSION_MS / 1000,
  });
}

/** The recipient pages a link's token may arrive on; the token is exchanged and the browser sent to the clean URL. */
const TOKEN_PAGES = ['/before-you-continue', '/additional-information', '/shared-basic'];

/** No token may leave in a Referer header, and no response on these pages may be kept by a cache. */
function privateResponse(reply: FastifyReply): FastifyReply {
  return reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store');
}

/**
 * Runs before the web app's pages: a recipient page opened with `?token=` exchanges the token for a short-lived
 * HttpOnly cookie and redirects to the same page without it. A blank token is left to the page (invalid link, no
 * call made). The request log names only the route, never the URL, so the token never reaches a log.
 */
export function shareLinkExchangeHook(links: ShareLinkService, secureCookies: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET') return;
    const [pathname, search] = request.url.split('?', 2);
    if (!TOKEN_PAGES.includes(pathname ?? '') || !search) return;
    const token = new URLSearchParams(search).get('token')?.trim();
    if (!token) return;
    const exchanged = await links.exchange(
      { requestId: request.id },
      token,
      request.cookies[recipientBrowserCookieName(secureCookies)],
    );
    const name = recipientCookieName(secureCookies);
    if (exchanged.refused === undefined) {
      setSessionCookie(reply, secureCookies, exchanged.cookie);
      return privateResponse(reply).redirect(exchanged.basic ? '/shared-basic' : '/before-you-continue', 303);
    }
    // A token that does not open a link also ends any earlier recipient session in this browser.
    reply.clearCookie(name, { path: '/' });
    // An expired link, or one whose use is spent, goes to the expired page (decision 0053); any other stays where
    // it arrived, which says it is broken or replaced.
    const basic = exchanged.basic ?? pathname === '/shared-basic';
    const clean =
      exchanged.refused === 'expired' || exchanged.refused === 'other_browser'
        ? `/error?code=${basic ? 'expired_basic_share_link' : 'expired_link'}`
        : pathname === '/shared-basic'
          ? '/shared-basic'
          : '/before-you-continue';
    return privateResponse(reply).redirect(clean, 303);
  };
}

/** The recipient's calls (spec 02 section 7): public, each needing only the link (through its cookie). */
export async function shareLinkRoutes(
  app: FastifyInstance,
  { shareLinks: links, config, clock }: Services,
): Promise<void> {
  const secureCookies = usesSecureCookies(config);
  const cookieOf = (request: FastifyRequest): RecipientCookies => ({
    session: request.cookies[recipientCookieName(secureCookies)],
    browser: request.cookies[recipientBrowserCookieName(secureCookies)],
  });
  const recipient = { access: 'public' } as const;
  /**
   * The cookies of the call: a token the call carries (the spec's calls) is exchanged for a new session first, its
   * cookie set on the answer; without one, the cookies the browser sent.
   */
  const cookiesWith = async (request: FastifyRequest, reply: FastifyReply, token: string | undefined) => {
    privateResponse(reply);
    const { cookies, issued } = await links.withToken({ requestId: request.id }, cookieOf(request), token);
    setSessionCookie(reply, secureCookies, issued);
    return cookies;
  };
  registerContract(app, sharedLinkValidateContract, recipient, async ({ request, reply, query }) =>
    links.validate({ requestId: request.id }, await cookiesWith(request, reply, query.token)),
  );
  registerContract(app, sharedAdditionalInformationContract, recipient, async ({ request, reply, body }) => {
    const { token, ...answer } = body;
    const { binding, ...checked } = await links.additionalInformation(
      { requestId: request.id },
      await cookiesWith(request, reply, token),
      answer,
    );
    setBrowserCookie(reply, secureCookies, binding, clock.now());
    return checked;
  });
  registerContract(app, sharedResultContract, recipient, async ({ request, reply, params, query }) => {
    privateResponse(reply);
    return links.sharedResult(
      { requestId: request.id },
      cookieOf(request),
      params.id,
      query.refresh === 'true',
    );
  });
  registerContract(app, sharedBasicCheckContract, recipient, async ({ request, reply, body }) =>
    links.basicCheck({ requestId: request.id }, await cookiesWith(request, reply, body.token)),
  );
  registerContract(app, basicOnlineResultCodeContract, recipient, async ({ request, reply, body }) =>
    links.basicSendCode({ requestId: request.id }, await cookiesWith(request, reply, body.token)),
  );
  registerContract(app, basicOnlineResultVerifyContract, recipient, async ({ request, reply, body }) => {
    privateResponse(reply);
    const { binding, ...answer } = await links.basicVerify(
      { requestId: request.id },
      cookieOf(request),
      body.oneTimeCode,
    );
    setBrowserCookie(reply, secureCookies, binding, clock.now());
    return answer;
  });
  registerContract(app, sharedBasicResultContract, recipient, async ({ request, reply, params }) => {
    privateResponse(reply);
    // The spec's call: the link's token and the code from the text message (decision 0053).
    if (linkTokenSchema.safeParse(params.a).success && /^\d{6}$/.test(params.b)) {
      const { result, session, binding } = await links.basicResultByCode(
        { requestId: request.id },
        cookieOf(request),
        params.a,
        params.b,
      );
      setSessionCookie(reply, secureCookies, session);
      setBrowserCookie(reply, secureCookies, binding, clock.now());
      return result;
    }
    return links.basicResult({ requestId: request.id }, cookieOf(request), params.a, params.b);
  });
}
