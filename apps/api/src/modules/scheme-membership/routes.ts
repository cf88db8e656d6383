import type { FastifyInstance } from 'fastify';
import { schemeMembershipContract } from '@dis/domain/contracts';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import type { Services } from '../../services';

/** Scheme membership of the signed-in applicant (spec 02 section 3), APPLICANT only. */
export async function schemeMembershipRoutes(
  app: FastifyInstance,
  { schemeMembership }: Services,
): Promise<void> {
  registerContract(
    app,
    schemeMembershipContract,
    { access: { roles: ['APPLICANT'] } },
    async ({ request }) => {
      const membership = await schemeMembership.membershipOf(requireUser(request).id);
      if (!membership)
        throw new ApiError(404, 'SCHEME_MEMBERSHIP_NOT_FOUND', 'You are not a member of the PVG scheme');
      return membership;
    },
  );
}
