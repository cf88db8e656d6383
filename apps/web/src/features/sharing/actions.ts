import {
  digitalShareFormSchema,
  otcRequestStarted,
  otcRequestSucceeded,
  oneTimeCodeFormSchema,
  pvgConfirmShareFormSchema,
  sendCodeFailure,
  verifyCodeOutcome,
  type OtcRequestCounter,
} from '@dis/domain';
import {
  otcRequestContract,
  otcVerifyContract,
  revokeShareContract,
  shareOptionsContract,
  sharePaperContract,
  shareResultContract,
  type BodyOf,
} from '@dis/domain/contracts';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/endpoint-client';
import { formValues, type ActionResult, type PageAction } from '../../lib/page-action';
import { issueKeys } from '../../lib/form-issues';
import {
  recipientDetailsPath,
  sharePaperPath,
  sharePaperSuccessPath,
  shareResultPath,
  shareSuccessPath,
  counterOf,
  oneTimeCodePath,
  verifyCodePath,
  whoCanSeePath,
} from './paths';
import { refusalKey } from './refusals';

// The one-time code and share pages posted without JavaScript (decision 0038): the same domain schemas, rules and
// API calls as the pages' own handlers, the same next pages.

const httpStatusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);
const backendCodeOf = (error: unknown) => (error instanceof ApiError ? error.backendCode : undefined);

function refused(form: URLSearchParams, errors: Record<string, string>, general?: string): ActionResult {
  return { posted: { values: formValues(form), errors, ...(general ? { general } : {}) } };
}

/** Sends a code (the counter before it), then the verify page; a failure its error page or the page again. */
async function sendCode(
  form: URLSearchParams,
  resultId: string,
  counter: OtcRequestCounter,
  resent: boolean,
): Promise<ActionResult> {
  const started = otcRequestStarted(counter);
  try {
    const answer = await callEndpoint(otcRequestContract);
    return {
      redirect: verifyCodePath(
        resultId,
        { partialPhoneNumber: answer.partialPhoneNumber, counter: otcRequestSucceeded(started) },
        resent,
      ),
    };
  } catch (error) {
    const outcome = sendCodeFailure(httpStatusOf(error));
    if (outcome.kind === 'error-page') return { redirect: `/error?code=${outcome.code}` };
    return refused(form, {}, 'oneTimeCode.notifications.generic');
  }
}

/** /one-time-code: sends the first code. */
export const sendCodeAction: PageAction = ({ form, url }) =>
  sendCode(form, url.searchParams.get('resultId') ?? '', { requests: 0, limitNoticeShown: false }, false);

/** /one-time-code/verify: the code entered (or, with `_action=resend`, a new code). */
export const verifyCodeAction: PageAction = async ({ form, url }) => {
  const resultId = url.searchParams.get('resultId') ?? '';
  const counter = counterOf(url.searchParams);
  if (!counter) return { redirect: oneTimeCodePath(resultId) };
  if (form.get('_action') === 'resend') return sendCode(form, resultId, counter, true);
  const parsed = oneTimeCodeFormSchema.safeParse({ oneTimeCode: form.get('oneTimeCode') ?? undefined });
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  let outcome;
  try {
    const { validationStatus } = await callEndpoint(otcVerifyContract, {
      body: { oneTimeCode: String(parsed.data.oneTimeCode) },
    });
    outcome = verifyCodeOutcome({ validationStatus }, counter.requests);
  } catch (error) {
    outcome = verifyCodeOutcome({ httpStatus: httpStatusOf(error) }, counter.requests);
  }
  if (outcome.kind === 'verified') return { redirect: shareResultPath(resultId) };
  if (outcome.kind === 'error-page') return { redirect: `/error?code=${outcome.code}` };
  return refused(form, {}, `oneTimeCode.notifications.${outcome.key}`);
};

/** The share; refused by the server: the step-up again, or the refusal's message on the page (`general`). */
async function share(
  form: URLSearchParams,
  resultId: string,
  body: BodyOf<typeof shareResultContract>,
): Promise<ActionResult> {
  try {
    await callEndpoint(shareResultContract, { params: { id: resultId }, body });
    return { redirect: shareSuccessPath(resultId) };
  } catch (error) {
    if (error instanceof ApiError && error.backendCode === 'STEP_UP_REQUIRED')
      return { redirect: oneTimeCodePath(resultId) };
    return refused(form, {}, refusalKey(backendCodeOf(error)));
  }
}

/** /share-result: digitally (the share, or the recipient's details) or on paper; or the one share button. */
export const shareResultAction: PageAction = async ({ form, url }) => {
  const resultId = url.searchParams.get('resultId') ?? '';
  const here = shareResultPath(resultId);
  const options = await callEndpoint(shareOptionsContract, { params: { id: resultId } });
  // Anything the page itself would not offer: the page again, which says why.
  if (!options.allowed || options.stepUpRequired) return { redirect: here };
  const toRecipient = options.route === 'recipient-details';
  if (options.paperOffered) {
    const parsed = digitalShareFormSchema.safeParse({
      shareDigitally: form.get('shareDigitally') ?? undefined,
    });
    if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
    if (!parsed.data.shareDigitally) return { redirect: sharePaperPath(resultId) };
  }
  if (toRecipient) return { redirect: recipientDetailsPath(resultId) };
  if (options.route !== 'direct') return { redirect: here };
  return share(form, resultId, {});
};

/** /share/consent: the consent box must be ticked; then the share. */
export const shareConsentAction: PageAction = async ({ form, url }) => {
  const resultId = url.searchParams.get('resultId') ?? '';
  const parsed = pvgConfirmShareFormSchema.safeParse({ confirmShare: form.get('confirmShare') ?? undefined });
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  return share(form, resultId, { confirmShare: true });
};

/** /share-paper-result: one paper copy. */
export const sharePaperAction: PageAction = async ({ form, url }) => {
  const resultId = url.searchParams.get('resultId') ?? '';
  try {
    await callEndpoint(sharePaperContract, { params: { id: resultId } });
    return { redirect: sharePaperSuccessPath(resultId) };
  } catch (error) {
    if (error instanceof ApiError && error.backendCode === 'STEP_UP_REQUIRED')
      return { redirect: oneTimeCodePath(resultId) };
    return refused(form, {}, refusalKey(backendCodeOf(error)));
  }
};

/** /who-can-see-my-result/stop: the link stopped, then the list again (which says so). */
export const stopSharingAction: PageAction = async ({ form, url }) => {
  const resultId = url.searchParams.get('resultId') ?? '';
  const shareId = url.searchParams.get('shareId') ?? '';
  try {
    await callEndpoint(revokeShareContract, { params: { id: resultId, shareId } });
  } catch (error) {
    const cannotStop = httpStatusOf(error) === 404 || backendCodeOf(error) === 'SHARE_NOT_REVOCABLE';
    return refused(
      form,
      {},
      cannotStop ? 'sharing.whoCanSee.confirm.cannotStop' : 'sharing.refusals.generic',
    );
  }
  return { redirect: `${whoCanSeePath(resultId)}&stopped=${encodeURIComponent(shareId)}` };
};
