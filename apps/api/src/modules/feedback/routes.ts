import type { FastifyInstance } from 'fastify';
import { ROLES } from '@dis/domain';
import { feedbackContract } from '@dis/domain/contracts';
import { requestCaller } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import type { Services } from '../../services';

/** The satisfaction rating of the confirmation pages. */
export async function feedbackRoutes(app: FastifyInstance, { feedback }: Services): Promise<void> {
  registerContract(app, feedbackContract, { access: { roles: ROLES } }, async ({ body, request }) =>
    feedback.send(body, { ...requestCaller(request), log: request.log }),
  );
}
