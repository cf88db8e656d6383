import { additionalInformationFormSchema, oneTimeCodeFormSchema } from '@dis/domain';
import {
  basicOnlineResultCodeContract,
  basicOnlineResultVerifyContract,
  sharedAdditionalInformationContract,
} from '@dis/domain/contracts';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/endpoint-client';
import { formValues, type ActionResult, type PageAction } from '../../lib/page-action';
import { issueKeys } from '../../lib/form-issues';
import { basicSharedResultPath, errorPageFor, isAttemptsExceeded, NO_MATCH, sharedResultPath } from './links';

// The recipient's pages posted without JavaScript (decision 0038): the same schemas, the same calls (under the
// link's cookie) and the same next pages as the pages' own handlers. These pages send no script at all.

function refused(form: URLSearchParams, errors: Record<string, string>, general?: string): ActionResult {
  return { posted: { values: formValues(form), errors, ...(general ? { general } : {}) } };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** /additional-information: the applicant's date of birth and the reference, checked by the server. */
export const additionalInformationAction: PageAction = async ({ form }) => {
  const parsed = additionalInformationFormSchema.safeParse({
    dateOfBirth: {
      day: form.get('dateOfBirth.day') ?? '',
      month: form.get('dateOfBirth.month') ?? '',
      year: form.get('dateOfBirth.year') ?? '',
    },
    applicationReference: form.get('applicationReference') ?? '',
  });
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  const { day, month, year } = parsed.data.dateOfBirth as { day: number; month: number; year: number };
  try {
    const { sharedResultId } = await callEndpoint(sharedAdditionalInformationContract, {
      body: {
        applicantDateOfBirth: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`,
        applicationReference: parsed.data.applicationReference,
      },
      // The attempts-exceeded 401 is the recipient's page, not a signed-out person's.
      suppressUnauthorised: true,
    });
    return { redirect: sharedResultPath(sharedResultId) };
  } catch (error) {
    // Spec 02 section 8: a wrong answer is a message in the form; the attempts-exceeded 401 is incorrect-details.
    if (isAttemptsExceeded(error)) return { redirect: '/incorrect-details' };
    if (error instanceof ApiError && error.backendCode === 'VALIDATE_VIEW_SHARED_RESULT_INVALID')
      return refused(form, { dateOfBirth: NO_MATCH });
    if (error instanceof ApiError && error.status === 400) {
      const server = error.fieldErrors ?? {};
      return refused(form, {
        ...(server.applicantDateOfBirth ? { dateOfBirth: server.applicantDateOfBirth } : {}),
        ...(server.applicationReference ? { applicationReference: server.applicationReference } : {}),
      });
    }
    return { redirect: errorPageFor(error) };
  }
};

/** /shared-basic: a code sent by text message, then the page to enter it; too many codes says so. */
export const sendBasicCodeAction: PageAction = async ({ form }) => {
  try {
    await callEndpoint(basicOnlineResultCodeContract, { body: {} });
    return { redirect: '/shared-basic-otc' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429)
      return refused(form, {}, 'sharedResult.basic.tooMany');
    return { redirect: errorPageFor(error, true) };
  }
};

/** /shared-basic-otc: the code from the text message opens the result. */
export const verifyBasicCodeAction: PageAction = async ({ form }) => {
  const parsed = oneTimeCodeFormSchema.safeParse({ oneTimeCode: form.get('oneTimeCode') ?? '' });
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  try {
    const { sharedResultId, viewId } = await callEndpoint(basicOnlineResultVerifyContract, {
      body: { oneTimeCode: String(parsed.data.oneTimeCode) },
    });
    return { redirect: basicSharedResultPath(sharedResultId, viewId) };
  } catch (error) {
    if (error instanceof ApiError && error.backendCode === 'CODE_INVALID')
      return refused(form, { oneTimeCode: 'sharedResult.basicCode.invalid' });
    if (error instanceof ApiError && error.backendCode === 'CODE_ATTEMPTS_EXCEEDED')
      return { redirect: '/incorrect-details?basic' };
    if (error instanceof ApiError && error.status === 400) return refused(form, {});
    return { redirect: errorPageFor(error, true) };
  }
};
