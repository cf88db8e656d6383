import type { FastifyInstance } from 'fastify';
import { type Role } from '@dis/domain';
import { otcRequestContract, otcVerifyContract } from '@dis/domain/contracts';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { recordStepUp } from './service';
import type { Services } from '../../services';

/** The applicants who may share a result (spec 02 section 6), with a verified identity. */
const SHARERS = ['APPLICANT', 'APPLICANT_BASIC'] as const satisfies readonly Role[];
const sharers = { access: { roles: SHARERS, identityVerified: true } } as const;

/** The applicant's one-time code (spec 02 section 7): request and verify under /oauth2/api/otc. */
export async function oneTimeCodeRoutes(app: FastifyInstance, { clock, codes }: Services): Promise<void> {
  registerContract(app, otcRequestContract, sharers, async ({ request }) =>
    codes.request({ userId: requireUser(request).id, requestId: request.id }),
  );
  registerContract(app, otcVerifyContract, sharers, async ({ body, request }) => {
    const validationStatus = await codes.verify(
      { userId: requireUser(request).id, requestId: request.id },
      body.oneTimeCode,
    );
    if (validationStatus === 'VALID') recordStepUp(request, clock.now());
    return { validationStatus };
  });
}
