import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  basicOnlineResultCodeContract,
  basicOnlineResultVerifyContract,
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
    if (exchanged) {
      reply.setCookie(name, exchanged.cookie, {
        path: '/',
        httpOnly: true,
        secure: secureCookies,
        sameSite: 'lax',
        maxAge: SHARED_LINK_SESSION_MS / 1000,
      });
    } else {
      // A token that does not open a link also ends any earlier recipient session in this browser.
      reply.clearCookie(name, { path: '/' });
    }
    // A working link goes to its own first page; any other stays where it arrived, which says it is broken.
    const clean = exchanged
      ? exchanged.basic
        ? '/shared-basic'
        : '/before-you-continue'
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
  registerContract(app, sharedLinkValidateContract, recipient, async ({ request, reply }) => {
    privateResponse(reply);
    return links.validate({ requestId: request.id }, cookieOf(request));
  });
  registerContract(app, sharedAdditionalInformationContract, recipient, async ({ request, reply, body }) => {
    privateResponse(reply);
    const { binding, ...answer } = await links.additionalInformation(
      { requestId: request.id },
      cookieOf(request),
      body,
    );
    setBrowserCookie(reply, secureCookies, binding, clock.now());
    return answer;
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
  registerContract(app, sharedBasicCheckContract, recipient, async ({ request, reply }) => {
    privateResponse(reply);
    return links.basicCheck({ requestId: request.id }, cookieOf(request));
  });
  registerContract(app, basicOnlineResultCodeContract, recipient, async ({ request, reply }) => {
    privateResponse(reply);
    return links.basicSendCode({ requestId: request.id }, cookieOf(request));
  });
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
    return links.basicResult({ requestId: request.id }, cookieOf(request), params.a, params.b);
  });
}
