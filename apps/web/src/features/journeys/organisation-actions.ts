import {
  DEFAULT_FEATURE_FLAGS,
  feedbackFormSchema,
  applicationDeclarationFormSchema,
  getOrganisationJourney,
  redirectTarget,
  relativeStepPath,
  organisationApplicationTypeFormSchema,
  startableTypesFor,
  type ApplicationTypeCode,
} from '@dis/domain';
import { ApiError } from '../../lib/api-client';
import { configQuery } from '../../lib/config';
import { formValues, type ActionInput, type ActionResult, type PageAction } from '../../lib/page-action';
import { fetchUser } from '../../lib/session';
import {
  declarationRefused,
  organisationJourneyAction,
  refused,
  submitStep,
  type AfterReviewPost,
} from './actions';
import { entryPaths } from './address-entry';
import { confirmationPath } from './after-review';
import { FEEDBACK_SENT_PARAM } from './confirmation-page';
import { journeyApi } from './api';
import { fetchDraft } from './draft';
import { fromFormData, issueKeys } from './fields';
import { journeyContext, journeyUrl } from './shared';
import { organisationJourneyStart } from './organisation-start';

// The organisation journeys' pages posted without JavaScript (decision 0038), beside the question pages of
// `actions.ts`: choosing the type (which creates the draft) and the declaration after check your answers (which
// submits). The same schemas and API calls as the pages' own forms in the browser.

/** /csg-apply/select-application-type: the type chosen creates the draft, then the journey's first page. */
export const startApplicationAction: PageAction = async ({ form }) => {
  const parsed = organisationApplicationTypeFormSchema.safeParse(formValues(form));
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  const type = parsed.data.applicationType as ApplicationTypeCode;
  const [user, config] = await Promise.all([fetchUser(), configQuery.queryFn()]);
  // A type this person may not start is refused as the page would never have offered it.
  if (!startableTypesFor(user?.roles ?? [], config.features ?? DEFAULT_FEATURE_FLAGS).includes(type))
    return refused(form, { applicationType: 'applicationType.required' });
  const start = organisationJourneyStart(type);
  if (!start) return refused(form, { applicationType: 'applicationType.required' });
  try {
    const created = await journeyApi.createDraft(type);
    return { redirect: start.firstPage(created.draftApplicationToken) };
  } catch (error) {
    const key =
      error instanceof ApiError
        ? (error.fieldErrors?.applicationType ?? error.message)
        : 'journeyPage.notSaved';
    return refused(form, { applicationType: key });
  }
};

/**
 * The countersignatory's declaration: agreeing submits the application (`DeclarationStep` on the server); then
 * the card payment when one is due, else the confirmation (which hands the application over).
 */
export async function organisationDeclarationAction(post: AfterReviewPost): Promise<ActionResult> {
  const { journey, draft, form } = post;
  const parsed = applicationDeclarationFormSchema.safeParse(formValues(form));
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  try {
    const submission = await journeyApi.submit(draft.token);
    if (submission.cardPaymentRequired) return { redirect: journeyUrl(journey, 'payment', draft.token) };
    return { redirect: confirmationPath({ journey, draft, stepPath: 'declaration', edit: false }) };
  } catch (error) {
    return declarationRefused(form, error, 'Declaration.CsgApply.Error');
  }
}

/** The confirmation's feedback rating: sent to the survey, then the page again with its thanks. */
async function feedbackAction({ form, url }: ActionInput, journeyId: string): Promise<ActionResult> {
  const parsed = feedbackFormSchema.safeParse(formValues(form));
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  try {
    await journeyApi.feedback(parsed.data.rating, journeyId);
  } catch {
    return refused(form, { rating: 'feedback.error' });
  }
  const thanks = new URL(url);
  thanks.searchParams.set(FEEDBACK_SENT_PARAM, 'sent');
  return { redirect: thanks.pathname + thanks.search };
}

/**
 * /csg-apply/:journeyId/* posted without JavaScript: the declaration here, every step of the walk through the
 * journeys' step actions (`actions.ts`).
 */
export const organisationPageAction: PageAction = async (input) => {
  const { url } = input;
  const journey = getOrganisationJourney(url.pathname.split('/')[2] ?? '');
  const token = url.searchParams.get('token');
  if (!journey || !token) return organisationJourneyAction(input);
  const stepPath = relativeStepPath(journey, url.pathname);
  if (stepPath === 'confirmation') return feedbackAction(input, journey.id);
  const step = journey.stepForPath(stepPath);
  const manualAddress = step?.view === 'address' && entryPaths(step).manual === stepPath;
  if (stepPath !== 'declaration' && !manualAddress) return organisationJourneyAction(input);
  const draft = await fetchDraft(token, journey);
  // A page the draft cannot reach yet: the page itself sends the person to the right one.
  if (redirectTarget(journey, stepPath, draft.answers, journeyContext()))
    return { redirect: url.pathname + url.search };
  if (step && manualAddress) {
    // The applicant's address typed in (the lookup needs the address step's own action): a question page.
    const edit = url.searchParams.get('edit') === 'true';
    const post = { ...input, journey, draft, stepPath, edit };
    return submitStep(post, step, fromFormData(step.fields, input.form), 'manual');
  }
  return organisationDeclarationAction({ ...input, journey, draft });
};
