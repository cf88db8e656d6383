import type { FastifyInstance } from 'fastify';
import { schemeMembershipContract } from '@dis/domain/contracts';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import { userById } from '../auth/service';
import { membershipBySubject } from './store';
import type { Services } from '../../services';

/** Scheme membership of the signed-in applicant (spec 02 section 3), APPLICANT only. */
export async function schemeMembershipRoutes(app: FastifyInstance, { db }: Services): Promise<void> {
  registerContract(
    app,
    schemeMembershipContract,
    { access: { roles: ['APPLICANT'] } },
    async ({ request }) => {
      const user = await userById(db, requireUser(request).id);
      const membership = user ? await membershipBySubject(db, user.subject) : undefined;
      if (!membership)
        throw new ApiError(404, 'SCHEME_MEMBERSHIP_NOT_FOUND', 'You are not a member of the PVG scheme');
      return {
        pvgMembershipNumber: membership.pvg_membership_number,
        joinedChildSchemeOn: membership.joined_child_scheme_on,
        joinedAdultSchemeOn: membership.joined_adult_scheme_on,
      };
    },
  );
}
