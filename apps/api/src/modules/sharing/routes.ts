import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '@dis/domain/contracts';
import { requireUser, requestCaller } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { isSteppedUp } from '../one-time-codes/service';
import { isSharePurposeConfirmed, recordSharePurpose } from './purpose';
import { SHARER_ACCESS } from './service';
import type { Services } from '../../services';

/** Digital share, recipient details, consent and success. */
const sharers = { access: SHARER_ACCESS } as const;
/** Paper pages are APPLICANT only. */
const applicantOnly = { access: { roles: ['APPLICANT'] as const, identityVerified: true } } as const;

/** The signed-in applicant making the call, as the service's audit trail names them. */

export async function sharingRoutes(app: FastifyInstance, { clock, sharing }: Services): Promise<void> {
  /** What the session says before a share: a verified one-time code, and the share purpose (decision 0054). */
  const sessionOf = (request: FastifyRequest, resultId: string) =>
    [isSteppedUp(request, clock.now()), isSharePurposeConfirmed(request, resultId)] as const;
  registerContract(app, contracts.shareOptionsContract, sharers, async ({ params, request }) =>
    sharing.options(
      requestCaller(request),
      params.id,
      isSteppedUp(request, clock.now()),
      requireUser(request).roles.includes('APPLICANT'),
      isSharePurposeConfirmed(request, params.id),
    ),
  );
  // The share-or-review choice's "share", confirmed (decision 0054): APPLICANT only, as the review is.
  registerContract(app, contracts.sharePurposeContract, applicantOnly, async ({ params, request }) => {
    const { resultId } = await sharing.confirmPurpose(requestCaller(request), params.id);
    recordSharePurpose(request, resultId);
    return { purpose: 'SHARE' as const };
  });
  registerContract(app, contracts.shareResultContract, sharers, async ({ params, body, request }) =>
    sharing.share(requestCaller(request), params.id, body, ...sessionOf(request, params.id)),
  );
  registerContract(app, contracts.shareThirdPartyContract, sharers, async ({ params, body, request }) =>
    sharing.shareThirdParty(requestCaller(request), params.id, body, ...sessionOf(request, params.id)),
  );
  registerContract(app, contracts.sharePaperContract, applicantOnly, async ({ params, request }) =>
    sharing.sharePaper(requestCaller(request), params.id, ...sessionOf(request, params.id)),
  );
  // Who can see my result: the list of shares and stopping one (no step-up: stopping only takes access away).
  registerContract(app, contracts.resultSharesContract, sharers, async ({ params, request }) =>
    sharing.list(requestCaller(request), params.id),
  );
  registerContract(app, contracts.revokeShareContract, sharers, async ({ params, request }) =>
    sharing.revoke(requestCaller(request), params.id, params.shareId),
  );
}
