import {
  applyStep,
  getApplicantJourney,
  getOrganisationJourney,
  nextPath,
  redirectTarget,
  relativeStepPath,
  wholeDraftProblem,
  type JourneyStep,
} from '@dis/domain';
import { ApiError } from '../../lib/api-client';
import { formValues, type ActionInput, type ActionResult, type PageAction } from '../../lib/page-action';
import { addressStepAction, previousNamesAction, regulatoryBodiesAction } from './applicant-actions';
import { fetchDraft, saveDraftAnswers, type AnyJourney, type StoredDraft } from './draft';
import { fromFormData, issueKeys } from './fields';
import {
  declarationServerMessage,
  DOB_MISMATCH_ATTEMPTS_EXCEEDED,
  DOB_MISMATCH_PATH,
  isMissingReference,
  journeyContext,
  MISSING_REFERENCE_PATH,
  serverErrors,
  withToken,
} from './shared';

// The journeys' pages posted without JavaScript (decision 0038): the same rules as `useStepSubmit` in the browser
// (the step's schema, the whole-draft rules, the save, the next page), run on the server.

export interface StepPost extends ActionInput {
  journey: AnyJourney;
  draft: StoredDraft;
  stepPath: string;
  edit: boolean;
}

/** The page again, with what was entered and what is wrong with it. */
export function refused(
  form: URLSearchParams,
  errors: Record<string, string>,
  general?: string,
): ActionResult {
  return { posted: { values: formValues(form), errors, ...(general ? { general } : {}) } };
}

/** What an after-review page's post knows: the journey, its draft as the server holds it, the page. */
export interface AfterReviewPost extends ActionInput {
  journey: AnyJourney;
  draft: StoredDraft;
}

/**
 * A declaration the server refused to submit: one without its application reference goes to the page that says
 * so; else the page again with the server's message, or `fallback` when it gave none.
 */
export function declarationRefused(form: URLSearchParams, error: unknown, fallback: string): ActionResult {
  if (isMissingReference(error)) return { redirect: MISSING_REFERENCE_PATH };
  return refused(form, { agreed: declarationServerMessage(error) ?? fallback });
}

/** Applies a step's answer and saves the draft, then the journey's next page: `useStepSubmit` on the server. */
export async function submitStep(
  { journey, draft, edit, form }: StepPost,
  step: JourneyStep<object>,
  values: unknown,
  addressEntry?: 'postcode' | 'manual',
): Promise<ActionResult> {
  const ctx = journeyContext();
  const result = applyStep(journey, step.id, draft.answers, values, ctx);
  if (!result.success) return refused(form, issueKeys(result.error.issues));
  const problem = wholeDraftProblem(journey, step, result.answers, ctx);
  if (problem) return refused(form, { [problem.field]: problem.key });
  try {
    const saved = await saveDraftAnswers(
      draft,
      result.answers,
      addressEntry ? { stepId: step.id, entry: addressEntry } : undefined,
    );
    return { redirect: withToken(nextPath(journey, step.id, saved.answers, ctx, { edit }), draft.token) };
  } catch (error) {
    if (error instanceof ApiError && error.backendCode === DOB_MISMATCH_ATTEMPTS_EXCEEDED) {
      return { redirect: DOB_MISMATCH_PATH };
    }
    const names = step.fields.map((field) => field.name);
    const server = serverErrors(error, names, journey.side);
    return refused(form, server.byField, server.general);
  }
}

/** A question page: its fields from the form. */
const questionAction = (post: StepPost, step: JourneyStep<object>) =>
  submitStep(post, step, fromFormData(step.fields, post.form));

/** How each kind of step answers its form; a kind not listed shows its page again. */
const STEP_ACTIONS: Partial<
  Record<JourneyStep<object>['view'], (post: StepPost, step: JourneyStep<object>) => Promise<ActionResult>>
> = {
  question: questionAction,
  // The applicant's pages (applicant-actions.ts), called late: that module imports this one.
  address: (post, step) => addressStepAction(post, step),
  'previous-names-list': (post, step) => previousNamesAction(post, step),
  'regulatory-bodies-list': (post, step) => regulatoryBodiesAction(post, step),
};

async function journeyPost(input: ActionInput, journey: AnyJourney | undefined): Promise<ActionResult> {
  const { url } = input;
  const here = url.pathname + url.search;
  const token = url.searchParams.get('token');
  if (!journey || !token) return { redirect: here };
  const stepPath = relativeStepPath(journey, url.pathname);
  const draft = await fetchDraft(token, journey);
  // A page the draft cannot reach yet: the page itself sends the person to the right one.
  if (redirectTarget(journey, stepPath, draft.answers, journeyContext())) return { redirect: here };
  const step = journey.stepForPath(stepPath);
  const action = step && STEP_ACTIONS[step.view];
  if (!step || !action) return { redirect: here };
  return action({ ...input, journey, draft, stepPath, edit: url.searchParams.get('edit') === 'true' }, step);
}

const journeyIdOf = (url: URL) => url.pathname.split('/')[2] ?? '';

/** /csg-apply/:journeyId/* posted without JavaScript. */
export const organisationJourneyAction: PageAction = (input) =>
  journeyPost(input, getOrganisationJourney(journeyIdOf(input.url)) as AnyJourney | undefined);

/** /applicant-apply/:journeyId/* posted without JavaScript. */
export const applicantJourneyAction: PageAction = (input) =>
  journeyPost(input, getApplicantJourney(journeyIdOf(input.url)) as AnyJourney | undefined);
