import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { feedbackPayloadSchema } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { insertFeedback } from './store';

type FeedbackPayload = z.output<typeof feedbackPayloadSchema>;

export interface FeedbackDeps {
  db: Db;
  clock: Clock;
  /** The survey service; without it ratings are kept in the feedback table. */
  feedbackUrl: string | undefined;
}

/** A rating from a confirmation page: sent on to the survey service, or stored; audited (the journey, no rating). */
export async function sendFeedback(
  deps: FeedbackDeps,
  feedback: FeedbackPayload,
  caller: { userId: string; requestId: string; log: FastifyBaseLogger },
): Promise<void> {
  if (deps.feedbackUrl) {
    try {
      await fetch(deps.feedbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(feedback),
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      caller.log.error({ err: error }, 'feedback post failed');
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Sorry, there is a problem with the service');
    }
  } else {
    await insertFeedback(deps.db, {
      rating: feedback.rating,
      journey: feedback.journey,
      created_at: deps.clock.now(),
    });
  }
  await writeAudit(deps.db, {
    event: 'feedback.sent',
    outcome: 'success',
    userId: caller.userId,
    requestId: caller.requestId,
    detail: { journey: feedback.journey },
  });
}

/** The feedback route's service, built once in `services.ts`. */
export function createFeedbackService(deps: FeedbackDeps) {
  return {
    send: (
      feedback: FeedbackPayload,
      caller: { userId: string; requestId: string; log: FastifyBaseLogger },
    ) => sendFeedback(deps, feedback, caller),
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
