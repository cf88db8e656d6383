import type { FastifyInstance } from 'fastify';
import {
  checkAResultContract,
  jwksContract,
  resultCheckCodeContract,
  resultChecksContract,
  sharedResultCheckCodeContract,
  signedResultContract,
  withdrawCheckCodeContract,
} from '@dis/domain/contracts';
import { requestCaller } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import { usesSecureCookies } from '../../config';
import { recipientBrowserCookieName, recipientCookieName } from '../share-links/service';
import { RESULT_READER_ACCESS } from '../results/service';
import type { Services } from '../../services';

/** The applicant's own result (as the result pages). */
const readers = RESULT_READER_ACCESS;

const tooMany = () =>
  new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many checks. Wait a few minutes and try again.');

/** Signed results, check codes, the public check and the published keys (decision 0051). */
export async function resultCheckRoutes(
  app: FastifyInstance,
  { resultChecks: checks, shareLinks, config }: Services,
): Promise<void> {
  const secureCookies = usesSecureCookies(config);

  registerContract(app, jwksContract, { access: 'public' }, async ({ reply }) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return checks.publicJwks();
  });

  registerContract(app, signedResultContract, readers, async ({ request, reply, params }) => {
    const signed = await checks.signedResult(requestCaller(request), params.id);
    reply.header(
      'Content-Disposition',
      `attachment; filename="result-${signed.payload.applicationReference.replace(/[^A-Za-z0-9-]/g, '')}-v${signed.payload.version}.json"`,
    );
    return signed;
  });

  registerContract(app, resultCheckCodeContract, readers, async ({ request, params }) =>
    checks.applicantCheckCode(requestCaller(request), params.id),
  );

  registerContract(app, resultChecksContract, readers, async ({ request, params }) =>
    checks.checks(requestCaller(request), params.id),
  );

  registerContract(app, withdrawCheckCodeContract, readers, async ({ request, params }) =>
    checks.withdraw(requestCaller(request), params.id, params.copyId),
  );

  // The recipient's print: only a session that passed the identity check for this share.
  registerContract(
    app,
    sharedResultCheckCodeContract,
    { access: 'public' },
    async ({ request, reply, params }) => {
      reply.header('Referrer-Policy', 'no-referrer');
      const share = await shareLinks.recipientShare(
        {
          session: request.cookies[recipientCookieName(secureCookies)],
          browser: request.cookies[recipientBrowserCookieName(secureCookies)],
        },
        params.id,
      );
      if (!share)
        throw new ApiError(
          401,
          'SHARED_RESULT_LINK_EXPIRED',
          'This link has expired. Ask the person who shared it.',
        );
      return checks.recipientCheckCode(request.id, share.resultId, share.shareId);
    },
  );

  // The public check: per client address (the route's limit) and per code (a limiter keyed by the code's hash).
  const perCode = app.createRateLimit({
    max: config.checkCodeRateLimitPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request) =>
      `check-code:${checks.limitKeyOf(String((request.body as { checkCode?: unknown } | undefined)?.checkCode ?? ''))}`,
  });
  registerContract(
    app,
    checkAResultContract,
    {
      access: 'public',
      rateLimit: {
        max: config.checkRateLimitPerMinute,
        timeWindow: '1 minute',
        keyGenerator: (request) => `check-client:${request.ip}`,
        // Refused before the handler: still an attempt, so still audited.
        onExceeded: (request) => {
          checks.refusedForLimit(request.id, 'client').catch((error: unknown) => {
            request.log.error({ err: error }, 'audit of a refused check failed');
          });
        },
      },
    },
    async ({ request, reply, body }) => {
      reply.header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex');
      const limit = await perCode(request);
      if (!limit.isAllowed && limit.isExceeded) {
        await checks.refusedForLimit(request.id, 'code');
        throw tooMany();
      }
      return checks.check(request.id, body);
    },
  );
}
