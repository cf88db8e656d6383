import type { FastifyInstance } from 'fastify';
import { messageText } from '@dis/domain';
import { otcRequestContract, otcVerifyContract } from '@dis/domain/contracts';
import { requestCaller } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import { assertStrictBody } from '../../platform/input';
import { SHARER_ACCESS } from '../sharing/service';
import { recordStepUp } from './service';
import type { Services } from '../../services';

/** The code is the step-up before a share: for the applicants who may share a result. */
const sharers = { access: SHARER_ACCESS } as const;

// The verify body is read here rather than by the route schema, so that a code that is not a code (missing, or
// not 6 digits) answers the spec's OTC_INVALID (spec 02 section 8) with its field message, not the generic
// VALIDATION_FAILED; a body of the wrong shape (not an object, unknown fields) still is a validation failure.
const { body: verifyBody, ...verifyRoute } = otcVerifyContract;

function submittedCode(body: unknown): string {
  const parsed = verifyBody.safeParse(assertStrictBody(verifyBody, body));
  if (parsed.success) return parsed.data.oneTimeCode;
  const issue = parsed.error.issues[0];
  throw new ApiError(400, 'OTC_INVALID', 'The security code is not valid', {
    oneTimeCode: messageText(issue?.message ?? 'oneTimeCode.invalid'),
  });
}

/** The applicant's one-time code (spec 02 section 7): request and verify under /oauth2/api/otc. */
export async function oneTimeCodeRoutes(app: FastifyInstance, { clock, codes }: Services): Promise<void> {
  registerContract(app, otcRequestContract, sharers, async ({ request }) =>
    codes.request(requestCaller(request)),
  );
  registerContract(
    app,
    verifyRoute,
    sharers,
    async ({ request }) => {
      const validationStatus = await codes.verify(requestCaller(request), submittedCode(request.body));
      if (validationStatus === 'VALID') recordStepUp(request, clock.now());
      return { validationStatus };
    },
    { documentedBody: verifyBody },
  );
}
