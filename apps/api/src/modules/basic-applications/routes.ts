import type { FastifyInstance } from 'fastify';
import { applicantBasicApplicationContract, applicantBasicApplicationsContract } from '@dis/domain/contracts';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import type { Services } from '../../services';

/** The applicant's own Basic applications (decision 0052). APPLICANT and APPLICANT_BASIC; anyone else 404. */
export async function basicApplicationRoutes(
  app: FastifyInstance,
  { basicApplications }: Services,
): Promise<void> {
  const applicants = { access: { roles: ['APPLICANT', 'APPLICANT_BASIC'] } } as const;
  const caller = (request: Parameters<typeof requireUser>[0]) => ({
    userId: requireUser(request).id,
    requestId: request.id,
  });
  registerContract(app, applicantBasicApplicationsContract, applicants, async ({ request }) =>
    basicApplications.applicantList(caller(request)),
  );
  registerContract(app, applicantBasicApplicationContract, applicants, async ({ params, request }) =>
    basicApplications.applicantOne(caller(request), params.appId),
  );
}
