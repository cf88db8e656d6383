import {
  DEFAULT_FEATURE_FLAGS,
  applicantDeclarationFormSchema,
  applicationDeclarationFormSchema,
  getOrganisationJourney,
  organisationApplicationTypeFormSchema,
  organisationJourneyForType,
  startableTypesFor,
  stepUrl,
  type ApplicationTypeCode,
} from '@dis/domain';
import { ApiError } from '../../lib/api-client';
import { configQuery } from '../../lib/config';
import { formValues, type ActionInput, type ActionResult, type PageAction } from '../../lib/page-action';
import { fetchUser } from '../../lib/session';
import { confirmationPath, MISSING_REFERENCE_PATH } from './after-review';
import { journeyApi } from './api';
import type { AnyJourney, StoredDraft } from './draft';
import { issueKeys } from './fields';
import { journeyUrl, withToken } from './shared';

// The organisation journeys' pages posted without JavaScript (decision 0038), beside the question pages of
// `actions.ts`: choosing the type (which creates the draft) and the declaration after check your answers (which
// submits). The same schemas and API calls as the pages' own forms in the browser.

/** The page again, with what was entered and what is wrong with it. */
function refused(form: URLSearchParams, errors: Record<string, string>): ActionResult {
  return { posted: { values: formValues(form), errors } };
}

/** /csg-apply/select-application-type: the type chosen creates the draft, then the journey's first page. */
export const startApplicationAction: PageAction = async ({ form }) => {
  const parsed = organisationApplicationTypeFormSchema.safeParse(formValues(form));
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  const type = parsed.data.applicationType as ApplicationTypeCode;
  const [user, config] = await Promise.all([fetchUser(), configQuery.queryFn()]);
  // A type this person may not start is refused as the page would never have offered it.
  if (!startableTypesFor(user?.roles ?? [], config.features ?? DEFAULT_FEATURE_FLAGS).includes(type))
    return refused(form, { applicationType: 'applicationType.required' });
  const journey = getOrganisationJourney(organisationJourneyForType(type) ?? '');
  const first = journey?.step(journey.firstStepId);
  if (!journey || !first) return refused(form, { applicationType: 'applicationType.required' });
  try {
    const created = await journeyApi.createDraft(type);
    return { redirect: withToken(stepUrl(journey, first), created.draftApplicationToken) };
  } catch (error) {
    const key =
      error instanceof ApiError
        ? (error.fieldErrors?.applicationType ?? error.message)
        : 'journeyPage.notSaved';
    return refused(form, { applicationType: key });
  }
};

/** What an after-review page's post knows: the journey, its draft as the server holds it, the page. */
export interface AfterReviewPost extends ActionInput {
  journey: AnyJourney;
  draft: StoredDraft;
  stepPath: string;
}

/**
 * The declaration: agreeing submits the application (`DeclarationStep` on the server); then the card payment
 * when one is due, else the side's confirmation.
 */
async function declarationAction(post: AfterReviewPost): Promise<ActionResult> {
  const { journey, draft, form } = post;
  const applicant = journey.side === 'applicant';
  const schema = applicant ? applicantDeclarationFormSchema : applicationDeclarationFormSchema;
  const parsed = schema.safeParse(formValues(form));
  if (!parsed.success) return refused(form, issueKeys(parsed.error.issues));
  try {
    const submission = applicant
      ? await journeyApi.submitApplicant(draft.token)
      : await journeyApi.submit(draft.token);
    if (submission.cardPaymentRequired) return { redirect: journeyUrl(journey, 'payment', draft.token) };
    return { redirect: confirmationPath({ journey, draft, stepPath: post.stepPath, edit: false }) };
  } catch (error) {
    if (error instanceof ApiError && error.backendCode === 'MISSING_APPLICATION_REFERENCE')
      return { redirect: MISSING_REFERENCE_PATH };
    const server =
      error instanceof ApiError
        ? (error.fieldErrors?.agreed ?? (error.status === 400 && error.message ? error.message : undefined))
        : undefined;
    return refused(form, {
      agreed: server ?? (applicant ? 'journeyPage.notSubmitted' : 'Declaration.CsgApply.Error'),
    });
  }
}

/** The pages after check your answers that answer a form, by their path under the journey. */
export const AFTER_REVIEW_ACTIONS: Readonly<
  Partial<Record<string, (post: AfterReviewPost) => Promise<ActionResult>>>
> = {
  declaration: declarationAction,
};
