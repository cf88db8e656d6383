import type { FastifyInstance } from 'fastify';
import { APPLICANT_ROLES, ORGANISATION_ROLES } from '@dis/domain';
import { enhancedPersonalDetailsContract, personalDetailsContract } from '@dis/domain/contracts';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError, notFound } from '../../platform/errors';
import { latestApplicantAddress } from '../drafts/service';
import { personalDetails } from './service';
import type { Services } from '../../services';

export async function personalDetailsRoutes(app: FastifyInstance, { db, config }: Services): Promise<void> {
  const { features } = config;
  registerContract(
    app,
    personalDetailsContract,
    { access: { roles: [...APPLICANT_ROLES, ...ORGANISATION_ROLES] } },
    async ({ request }) => {
      const details = await personalDetails(db, requireUser(request).id);
      if (!details) throw notFound('Personal details');
      return details;
    },
  );

  // Prepopulation of the PVG join journey (flag prepopulatePersonalDetails): the identity record, plus the
  // current address of the applicant's latest application when one is known.
  registerContract(
    app,
    enhancedPersonalDetailsContract,
    { access: { roles: ['APPLICANT'] } },
    async ({ request }) => {
      if (!features.prepopulatePersonalDetails) throw new ApiError(404, 'FEATURE_DISABLED', 'Not found');
      const userId = requireUser(request).id;
      const details = await personalDetails(db, userId);
      if (!details) throw notFound('Personal details');
      return { ...details, address: await latestApplicantAddress(db, userId) };
    },
  );
}
