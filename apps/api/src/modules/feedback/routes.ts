import type { FastifyInstance } from 'fastify';
import { ROLES } from '@dis/domain';
import { feedbackContract } from '@dis/domain/contracts';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { sendFeedback, type FeedbackDeps } from './service';
import type { Services } from '../../services';

/** The satisfaction rating of the confirmation pages. */
export async function feedbackRoutes(app: FastifyInstance, { db, clock, config }: Services): Promise<void> {
  const deps: FeedbackDeps = { db, clock, feedbackUrl: config.feedbackUrl };
  registerContract(app, feedbackContract, { access: { roles: ROLES } }, async ({ body, request }) =>
    sendFeedback(deps, body, { userId: requireUser(request).id, requestId: request.id, log: request.log }),
  );
}
