import {
  addressPostcodeSearchSchema,
  addressSelectionFormSchema,
  digitalShareFormSchema,
  otcRequestStarted,
  otcRequestSucceeded,
  oneTimeCodeFormSchema,
  pvgConfirmShareFormSchema,
  sendCodeFailure,
  shareConfirmationFormSchema,
  verifyCodeOutcome,
  type OtcRequestCounter,
} from '@dis/domain';
import {
  otcRequestContract,
  otcVerifyContract,
  revokeShareContract,
  shareOptionsContract,
  sharePaperContract,
  sharePurposeContract,
  shareResultContract,
  shareThirdPartyContract,
  type BodyOf,
} from '@dis/domain/contracts';
import { ADDRESS_ID_NOT_FOUND, chosenAddress, dpaToAddress } from '../../components/address-lookup';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/endpoint-client';
import { formValues, type ActionResult, type PageAction } from '../../lib/page-action';
import { issueKeys } from '../../lib/form-issues';
import {
  paperShareErrorPath,
  shareConfirmationPath,
  recipientDetailsPath,
  recipientShareSuccessPath,
  sharePaperPath,
  sharePaperSuccessPath,
  shareResultPath,
  shareSuccessPath,
  counterOf,
  oneTimeCodePath,
  verifyCodePath,
  whoCanSeePath,
} from './paths';
import * as recipient from './recipient-form';
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
    outcome = verifyCodeOutcome(
      { httpStatus: httpStatusOf(error), backendCode: backendCodeOf(error) },
      counter.requests,
    );
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
  if (!options.allowed || options.stepUpRequired || options.purposeConfirmationRequired)
    return { redirect: here };
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

/**
 * /share-confirmation: a review-eligible scheme record's share purpose, confirmed (the box must be ticked), then
 * on to sharing (decision 0054); a refusal is shown on the page.
 */
export const shareConfirmationAction: PageAction = async ({ form, url }) => {
  const resultId = url.searchParams.get('resultId') ?? '';
  const parsed = shareConfirmationFormSchema.safeParse({ confirmed: form.get('confirmed') ?? undefined });
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  try {
    await callEndpoint(sharePurposeContract, {
      params: { id: resultId },
      body: { purpose: 'SHARE', confirmed: true },
    });
  } catch (error) {
    return refused(form, {}, refusalKey(backendCodeOf(error)));
  }
  return { redirect: shareResultPath(resultId) };
};

/** /share/consent: the consent box must be ticked; then the share. */
export const shareConsentAction: PageAction = async ({ form, url }) => {
  const resultId = url.searchParams.get('resultId') ?? '';
  const parsed = pvgConfirmShareFormSchema.safeParse({ confirmShare: form.get('confirmShare') ?? undefined });
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  return share(form, resultId, { confirmShare: true });
};

/** /share-paper-result: one paper copy; a failure goes to the error page (spec 02 sections 4 and 8). */
export const sharePaperAction: PageAction = async ({ url }) => {
  const resultId = url.searchParams.get('resultId') ?? '';
  try {
    await callEndpoint(sharePaperContract, { params: { id: resultId } });
    return { redirect: sharePaperSuccessPath(resultId) };
  } catch (error) {
    if (!(error instanceof ApiError)) return { redirect: paperShareErrorPath({}) };
    if (error.backendCode === 'STEP_UP_REQUIRED') return { redirect: oneTimeCodePath(resultId) };
    if (error.backendCode === 'SHARE_PURPOSE_NOT_CONFIRMED')
      return { redirect: shareConfirmationPath(resultId) };
    return {
      redirect: paperShareErrorPath({
        backendCode: error.backendCode,
        message: error.message,
        status: error.status,
        requestId: error.requestId,
      }),
    };
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

// ---- /share/recipient-details: views that carry their answers (decision 0044) ----

/** The next view of the recipient-details page, with the answers it carries (and any problems). */
function recipientView(
  view: recipient.RecipientView,
  values: Record<string, string | string[]>,
  errors: Record<string, string> = {},
  general?: string,
): ActionResult {
  return { posted: { values, errors, view, ...(general ? { general } : {}) } };
}

/** Only what a schema allows, the empty fields left out (as the page's own call sends them). */
const filled = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

/**
 * /share/recipient-details posted without JavaScript. Each form says its view (`_view`) and carries the answers
 * given so far; every carried answer is checked again here, so a changed hidden field is refused like a typed one.
 * The details lead to the address (a basic result's simpler form straight to the check); the address by postcode
 * ("Find address", then the choice, looked up again on the server) or typed in leads to the check; the check's
 * "Share result" makes the share, then its success page (post/redirect/get). Nothing is saved before the share.
 */
export const recipientDetailsAction: PageAction = async ({ form, url }) => {
  const resultId = url.searchParams.get('resultId') ?? '';
  const here = recipientDetailsPath(resultId);
  const options = await callEndpoint(shareOptionsContract, { params: { id: resultId } });
  // Anything the page itself would not offer: the page again, which says why or sends them on.
  if (
    !options.allowed ||
    options.stepUpRequired ||
    options.purposeConfirmationRequired ||
    options.route !== 'recipient-details'
  )
    return { redirect: here };
  const basic = options.disclosureTypeShortCode === 'BD';
  const fields = recipient.detailFields(basic);
  const values = formValues(form);
  const view = form.get(recipient.VIEW_FIELD) ?? 'details';
  const action = form.get('_action');

  const details = (basic ? recipient.contactSchema : recipient.detailsSchema).safeParse(
    recipient.carriedDetails(values, fields),
  );
  if (!details.success) return recipientView('details', values, issueKeys(details.error.issues));
  const given: recipient.Details | recipient.ContactDetails = details.data;
  const carried = recipient.carriedValues(given, undefined);
  if (view === 'details' || action === 'change-details')
    return recipientView(view === 'details' ? (basic ? 'check' : 'address') : 'details', carried);

  // Only the check's "Share result" shares (a basic result's check carries no address).
  const sharing = view === 'check' && action === 'share';
  if (basic)
    return sharing ? shareWithRecipient(form, resultId, given, undefined) : recipientView('check', carried);
  if (action === 'change-address') return recipientView('address', carried);
  if (view === 'address') {
    if (action === 'manual') return recipientView('manual', carried);
    const address = await lookedUpAddress(form);
    if ('errors' in address) return recipientView('address', values, address.errors);
    return recipientView('check', recipient.carriedValues(given, address.address));
  }
  if (view === 'manual') {
    const typed = Object.fromEntries(recipient.MANUAL_FIELDS.map((name) => [name, form.get(name) ?? '']));
    const address = recipient.manualSchema.safeParse(typed);
    if (!address.success) return recipientView('manual', values, issueKeys(address.error.issues));
    return recipientView('check', recipient.carriedValues(given, address.data));
  }
  if (!sharing) return recipientView('check', values);
  // The check: the carried address checked again (a changed one is typed in again), then the share.
  const address = recipient.manualSchema.safeParse(recipient.carriedAddress(values) ?? {});
  if (!address.success)
    return recipientView(
      'manual',
      { ...carried, ...recipient.carriedAddress(values) },
      issueKeys(address.error.issues),
    );
  return shareWithRecipient(form, resultId, given, address.data);
};

/** The address chosen from the postcode's lookup (taken from the lookup again on the server), or the problems. */
async function lookedUpAddress(
  form: URLSearchParams,
): Promise<{ address: recipient.ManualAddressValue } | { errors: Record<string, string> }> {
  const search = addressPostcodeSearchSchema.safeParse({ postcode: form.get('postcode') ?? '' });
  if (!search.success) return { errors: issueKeys(search.error.issues) };
  // The addresses are drawn by the page itself from the postcode posted: a search is only that.
  if (form.get('_action') === 'find') return { errors: {} };
  const chosen = addressSelectionFormSchema.safeParse({ addressId: form.get('addressId') ?? '' });
  if (!chosen.success) return { errors: issueKeys(chosen.error.issues) };
  const dpa = await chosenAddress(String(search.data.postcode), chosen.data.addressId);
  // Not found: its message names the id; any other failure the page says against the postcode it looks up again.
  if (dpa === ADDRESS_ID_NOT_FOUND) return { errors: { addressId: ADDRESS_ID_NOT_FOUND } };
  if (!dpa) return { errors: {} };
  const address = recipient.manualSchema.safeParse(dpaToAddress(dpa));
  // A looked-up address the rules refuse (an unusual character): typed in by hand, as in the browser.
  return address.success ? { address: address.data } : { errors: { addressId: 'address.unavailable' } };
}

/** The share with the named recipient; the server's field errors back on the view of their field. */
async function shareWithRecipient(
  form: URLSearchParams,
  resultId: string,
  details: recipient.Details | recipient.ContactDetails,
  address: recipient.ManualAddressValue | undefined,
): Promise<ActionResult> {
  const carried = recipient.carriedValues(details, address);
  try {
    await callEndpoint(shareThirdPartyContract, {
      params: { id: resultId },
      body: address ? { ...details, recipientAddress: filled(address) } : { ...details },
    });
    return { redirect: recipientShareSuccessPath(resultId) };
  } catch (error) {
    if (error instanceof ApiError && error.backendCode === 'STEP_UP_REQUIRED')
      return { redirect: oneTimeCodePath(resultId) };
    const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
    const onAddress = Object.entries(fieldErrors).filter(([path]) => path.startsWith('recipientAddress'));
    const onDetails = Object.entries(fieldErrors).filter(([path]) => !path.startsWith('recipientAddress'));
    if (onDetails.length > 0) return recipientView('details', carried, Object.fromEntries(onDetails));
    if (onAddress.length > 0)
      return recipientView(
        'manual',
        { ...carried, ...filled(address ?? {}) },
        Object.fromEntries(
          onAddress.map(([path, message]) => [path.replace(/^recipientAddress\.?/, '') || 'line1', message]),
        ),
      );
    if (!(error instanceof ApiError)) throw error;
    return recipientView('check', carried, {}, refusalKey(error.backendCode));
  }
}
