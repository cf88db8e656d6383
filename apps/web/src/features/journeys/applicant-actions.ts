import {
  addressPostcodeSearchSchema,
  addressSelectionFormSchema,
  applicantApplicationTypeFormSchema,
  applicantDeclarationFormSchema,
  applicantJourneyForType,
  applicantRedirectPath,
  applicantConfirmationStep,
  applyStep,
  APPLICATION_TYPES,
  classifyPaymentOutcome,
  DEFAULT_FEATURE_FLAGS,
  DRAFT_CREATING_APPLICANT_JOURNEYS,
  getApplicantJourney,
  isApplicantJourneyEnabled,
  journeyTypeCode,
  nextPath,
  redirectTarget,
  relativeStepPath,
  residentFromFormSchema,
  type AddressAnswer,
  type ApplicationTypeCode,
  type JourneyStep,
} from '@dis/domain';
import { ADDRESS_ID_NOT_FOUND, chosenAddress, dpaToAddress } from '../../components/address-lookup';
import { configQuery } from '../../lib/config';
import { issuePathKeys } from '../../lib/form-issues';
import { formValues, type ActionResult, type PageAction } from '../../lib/page-action';
import { fetchUser } from '../../lib/session';
import {
  applicantJourneyAction,
  declarationRefused,
  refused,
  submitStep,
  type AfterReviewPost,
  type StepPost,
} from './actions';
import { entryPaths } from './address-entry';
import { journeyApi } from './api';
import { linkFailurePath } from './application-redirect-page';
import { fetchDraft, type AnyJourney, type StoredDraft } from './draft';
import { entryIndexes, fromFormData, issueKeys } from './fields';
import { applicantStartableTypes, BY_APPLICANT, journeyContext, journeyUrl, withToken } from './shared';

// The applicant's pages posted without JavaScript (decision 0038): the hand-over link, the address lookup, the
// lists, the declaration and card payment, and the start of a journey the applicant begins themselves. Each runs
// the same rules and API calls as the page does in the browser.

/** What a form field holds, '' when absent. */
const field = (form: URLSearchParams, name: string) => form.get(name) ?? '';

// ---- /application-redirect: linking the hand-over to the applicant ----

/** /application-redirect?uuid=… posted (its Continue): links the application, then where the answer leads. */
export const linkApplicationAction: PageAction = async ({ url }) => {
  const uuid = url.searchParams.get('uuid') ?? '';
  if (!uuid) return { redirect: '/applicant/dashboard' };
  try {
    return { redirect: applicantRedirectPath(await journeyApi.link(uuid)) };
  } catch (error) {
    return { redirect: linkFailurePath(error) };
  }
};

// ---- address steps: "Find address" as a submit, then the choice; manual entry as a plain form ----

/** The address step's month and year moved in, as the form's boxes hold them. */
function residentFromOf(form: URLSearchParams) {
  return { month: field(form, 'residentFrom.month'), year: field(form, 'residentFrom.year') };
}

/**
 * An address step posted. Manual entry is the step's own fields. The postcode page has two buttons:
 * "Find address" (`_action=find`) checks the postcode and shows the page again with the addresses the lookup
 * gives; "Save and continue" (`_action=save`, with the postcode searched) takes the chosen address from the
 * lookup again on the server, with the month moved in on an address of the history.
 */
export async function addressStepAction(post: StepPost, step: JourneyStep<object>): Promise<ActionResult> {
  const { form, journey, draft, edit, stepPath } = post;
  const { manual } = entryPaths(step);
  if (stepPath === manual) return submitStep(post, step, fromFormData(step.fields, form), 'manual');

  const search = addressPostcodeSearchSchema.safeParse({ postcode: field(form, 'postcode') });
  if (!search.success) return refused(form, issuePathKeys(search.error.issues));
  const postcode = String(search.data.postcode);
  // The addresses are drawn by the page itself from the postcode posted: nothing is saved by a search.
  if (form.get('_action') === 'find') return refused(form, {});

  const askResidentFrom = step.fields.some((one) => one.name === 'residentFrom');
  const chooseSchema = askResidentFrom
    ? addressSelectionFormSchema.and(residentFromFormSchema({ now: journeyContext().now }))
    : addressSelectionFormSchema;
  const chosen = chooseSchema.safeParse({
    addressId: field(form, 'addressId'),
    ...(askResidentFrom ? { residentFrom: residentFromOf(form) } : {}),
  });
  // By field, as the page shows them: the month moved in as one (its own message before its boxes').
  if (!chosen.success) return refused(form, issueKeys(chosen.error.issues));

  const dpa = await chosenAddress(postcode, field(form, 'addressId'));
  // Not found: its message names the id; any other failure the page says against the postcode it looks up again.
  if (dpa === ADDRESS_ID_NOT_FOUND) return refused(form, { addressId: ADDRESS_ID_NOT_FOUND });
  if (!dpa) return refused(form, {});
  const address: AddressAnswer = askResidentFrom
    ? { ...dpaToAddress(dpa), residentFrom: residentFromOf(form) as never }
    : dpaToAddress(dpa);
  const applied = applyStep(journey, step.id, draft.answers, address, journeyContext());
  if (!applied.success) {
    const fromIssue = applied.error.issues.find((issue) => issue.path[0] === 'residentFrom');
    if (fromIssue) return refused(form, { residentFrom: fromIssue.message });
    // A looked-up address the rules refuse (an unusual character): corrected by hand, as in the browser.
    return { redirect: journeyUrl(journey, manual, draft.token, edit) };
  }
  return submitStep(post, step, address, 'postcode');
}

// ---- the lists: add and remove as posts ----

const NAME_PARTS = ['forename', 'middleNames', 'surname'] as const;

/** The previous names posted, in order. */
export function postedNames(form: URLSearchParams): Record<(typeof NAME_PARTS)[number], string>[] {
  return entryIndexes(form.keys(), 'previousNames').map((index) => ({
    forename: field(form, `previousNames.${index}.forename`),
    middleNames: field(form, `previousNames.${index}.middleNames`),
    surname: field(form, `previousNames.${index}.surname`),
  }));
}

/** The names as the page's inputs hold them. */
function namesAsValues(names: Record<string, string>[]): Record<string, string> {
  const values: Record<string, string> = {};
  names.forEach((name, index) => {
    for (const part of NAME_PARTS) values[`previousNames.${index}.${part}`] = name[part] ?? '';
  });
  return values;
}

/**
 * previous-name posted: "Add another name" (`_action=add`) and "Remove" (`_action=remove-N`) show the page again
 * with the list changed (nothing saved); "Save and continue" saves the list as the browser does.
 */
export async function previousNamesAction(post: StepPost, step: JourneyStep<object>): Promise<ActionResult> {
  const { form, journey, draft } = post;
  const names = postedNames(form);
  const action = form.get('_action') ?? 'save';
  const removed = /^remove-(\d+)$/.exec(action);
  if (action === 'add' || removed) {
    const changed = removed
      ? names.filter((_name, index) => index !== Number(removed[1]))
      : [...names, { forename: '', middleNames: '', surname: '' }];
    return { posted: { values: namesAsValues(changed), errors: {} } };
  }
  const values = { previousNames: names };
  const applied = applyStep(journey, step.id, draft.answers, values, journeyContext());
  if (!applied.success) {
    return { posted: { values: namesAsValues(names), errors: issuePathKeys(applied.error.issues) } };
  }
  const result = await submitStep(post, step, values);
  return 'posted' in result ? { posted: { ...result.posted, values: namesAsValues(names) } } : result;
}

/** regulatory-body posted: the bodies ticked (in the order the service lists them) and their numbers. */
export async function regulatoryBodiesAction(
  post: StepPost,
  step: JourneyStep<object>,
): Promise<ActionResult> {
  const { form, journey, draft } = post;
  const bodies = await journeyApi.regulatoryBodies();
  const details = bodies.map((body, index) => ({
    code: body.code,
    selected: form.has(`details.${index}.selected`),
    registrationNumber: field(form, `details.${index}.registrationNumber`),
  }));
  const values = { details };
  const applied = applyStep(journey, step.id, draft.answers, values, journeyContext());
  if (!applied.success) return refused(form, issuePathKeys(applied.error.issues));
  const result = await submitStep(post, step, values);
  if (!('posted' in result)) return result;
  // A save refused as a whole is shown against the list.
  const { errors, general } = result.posted;
  return refused(form, Object.keys(errors).length > 0 ? errors : general ? { details: general } : {});
}

// ---- the pages after check your answers, and the start of a journey the applicant begins ----

/** Starts the card payment and follows the provider's next address (the payment page does this in the browser). */
async function startCardPayment({ journey, draft }: AfterReviewPost): Promise<ActionResult> {
  const failed = { redirect: journeyUrl(journey, 'payment/error', draft.token) };
  try {
    const payment = await journeyApi.startPayment(draft.token, {
      description: `${APPLICATION_TYPES[journeyTypeCode(journey.id)]} ${draft.applicationReference}`.trim(),
      onlinePaymentType: journey.side === 'applicant' ? 'CARD' : 'CARD_CSG',
      returnUrl: journeyUrl(journey, 'payment/redirect', draft.token),
    });
    const outcome = classifyPaymentOutcome(payment.status, payment.nextUrl);
    if (outcome.kind === 'redirect') return { redirect: outcome.url };
    if (outcome.kind === 'failure') return failed;
    return { redirect: confirmationUrl(journey, draft, payment.idVerified) };
  } catch {
    return failed;
  }
}

function confirmationUrl(journey: AnyJourney, draft: StoredDraft, idVerified?: boolean | null): string {
  if (journey.side !== 'applicant') return journeyUrl(journey, 'confirmation', draft.token);
  return journeyUrl(journey, applicantConfirmationStep(journey.id, idVerified), draft.token);
}

/** The applicant's declaration posted: the submission, then the card payment when one is due. */
export async function applicantDeclarationAction(post: AfterReviewPost): Promise<ActionResult> {
  const { form, journey, draft } = post;
  const agreed = applicantDeclarationFormSchema.safeParse({ agreed: field(form, 'agreed') });
  if (!agreed.success) return refused(form, issuePathKeys(agreed.error.issues));
  try {
    const submission = await journeyApi.submitApplicant(draft.token);
    if (submission.cardPaymentRequired) return startCardPayment(post);
    return { redirect: confirmationUrl(journey, draft) };
  } catch (error) {
    return declarationRefused(form, error, 'journeyPage.notSubmitted');
  }
}

/**
 * start of a journey the applicant begins (no draft yet): Start creates the draft and opens its first step. A draft
 * that could not be made is the page's general error, or the error of `errorField` when the post names one.
 */
async function createDraftStartAction(
  journey: AnyJourney,
  form: URLSearchParams,
  errorField?: string,
): Promise<ActionResult> {
  if (journey.side !== 'applicant' || !DRAFT_CREATING_APPLICANT_JOURNEYS.includes(journey.id)) {
    return { redirect: '/dashboard' };
  }
  try {
    const created = await journeyApi.createApplicantDraft(journeyTypeCode(journey.id));
    const answers = { applicationReference: created.applicationReference };
    return {
      redirect: withToken(
        nextPath(journey, 'start', answers, journeyContext()),
        created.draftApplicationToken,
      ),
    };
  } catch {
    return errorField
      ? refused(form, { [errorField]: 'journeyPage.notStarted' })
      : refused(form, {}, 'journeyPage.notStarted');
  }
}

/**
 * /select-application posted without JavaScript: the type chosen (one this applicant may start, as the page
 * offers) creates the draft and opens its journey's first step, as choosing it does in the browser.
 */
export const selectApplicationAction: PageAction = async ({ form }) => {
  const parsed = applicantApplicationTypeFormSchema.safeParse(formValues(form));
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  const type = parsed.data.applicationType as ApplicationTypeCode;
  const [user, config] = await Promise.all([fetchUser(), configQuery.queryFn()]);
  const startable = applicantStartableTypes(user?.roles ?? [], config.features ?? DEFAULT_FEATURE_FLAGS);
  const journey = startable.includes(type)
    ? getApplicantJourney(applicantJourneyForType(type, BY_APPLICANT) ?? '')
    : undefined;
  // A type this person may not start is refused as the page would never have offered it.
  if (!journey) return refused(form, { applicationType: 'applicationType.required' });
  return createDraftStartAction(journey, form, 'applicationType');
};

/**
 * /applicant-apply/:journeyId/* posted without JavaScript: the start of a journey the applicant begins, the
 * declaration and the card payment here; every step of the walk through the journeys' step actions.
 */
export const applicantPageAction: PageAction = async (input) => {
  const { url, form } = input;
  const journeyId = url.pathname.split('/')[2] ?? '';
  const journey = getApplicantJourney(journeyId);
  const { features } = await configQuery.queryFn();
  // A journey whose feature is off does not exist: its page says so.
  if (!journey || !isApplicantJourneyEnabled(journey.id, features)) {
    return { redirect: url.pathname + url.search };
  }
  const stepPath = relativeStepPath(journey, url.pathname);
  const token = url.searchParams.get('token');
  if (!token) {
    return stepPath === 'start' ? createDraftStartAction(journey, form) : { redirect: '/dashboard' };
  }
  if (stepPath !== 'declaration' && stepPath !== 'payment') return applicantJourneyAction(input);
  const draft = await fetchDraft(token, journey);
  const here = url.pathname + url.search;
  if (redirectTarget(journey, stepPath, draft.answers, journeyContext())) return { redirect: here };
  const post = { ...input, journey, draft };
  return stepPath === 'payment' ? startCardPayment(post) : applicantDeclarationAction(post);
};
