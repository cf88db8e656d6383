import { afterReleasePath, intendToAppealFormSchema, shareOrReviewFormSchema } from '@dis/domain';
import { intendToAppealContract, releaseResultContract, requestReviewContract } from '@dis/domain/contracts';
import { callEndpoint } from '../../lib/endpoint-client';
import { formValues, type ActionInput, type ActionResult, type PageAction } from '../../lib/page-action';
import { issueKeys } from '../../lib/form-issues';

// The applicant's result pages posted without JavaScript (decision 0038): the same schema and the same API calls
// as the pages' own forms, the same next page.

const enc = encodeURIComponent;

/** The result id of /results/{resultId}/... */
export function resultIdOf(url: URL): string {
  return decodeURIComponent(url.pathname.split('/')[2] ?? '');
}

/** /results/{resultId}: the appeal question; yes confirms the appeal, no releases the result. */
export const appealQuestionAction: PageAction = async ({ form, url }) => {
  const base = `/results/${enc(resultIdOf(url))}`;
  const parsed = intendToAppealFormSchema.safeParse({
    intendsToAppeal: form.get('intendsToAppeal') ?? undefined,
  });
  if (!parsed.success)
    return { posted: { values: formValues(form), errors: issueKeys(parsed.error.issues) } };
  return { redirect: parsed.data.intendsToAppeal ? `${base}/confirm-appealing` : `${base}/release` };
};

/**
 * A decision page's one button: the decision posted to the API, then its next page (from the API's answer, as
 * the page's own form does); a refusal is shown again.
 */
function decisionAction<T>(
  decide: (resultId: string) => Promise<T>,
  next: (resultId: string, answer: T) => string,
  errorKey: string,
): PageAction {
  return async ({ url }: ActionInput): Promise<ActionResult> => {
    const resultId = resultIdOf(url);
    let answer: T;
    try {
      answer = await decide(resultId);
    } catch {
      return { posted: { values: {}, errors: {}, general: errorKey } };
    }
    return { redirect: next(resultId, answer) };
  };
}

/** /results/{resultId}/confirm-appealing. */
export const confirmAppealingAction = decisionAction(
  (id) => callEndpoint(intendToAppealContract, { params: { id } }),
  (id) => `/appeal-guidance?resultId=${enc(id)}`,
  'results.confirmAppealing.error',
);

/** /results/{resultId}/release. */
export const releaseAction = decisionAction(
  (id) => callEndpoint(releaseResultContract, { params: { id } }),
  (id, answer) => afterReleasePath(id, answer.shareable),
  'results.release.error',
);

const requestReview = decisionAction(
  (id) => callEndpoint(requestReviewContract, { params: { id } }),
  (id) => `/results/${enc(id)}/how-to-apply-for-review`,
  'results.requestReview.error',
);

/**
 * /results/{resultId}/share-or-review: the choice (share purpose SHARE or REVIEW). A review is requested, then how
 * to apply; a share goes to /share-confirmation (decision 0054). Nothing chosen: the page again with its problem.
 */
export const shareOrReviewAction: PageAction = async (input) => {
  const parsed = shareOrReviewFormSchema.safeParse({ purpose: input.form.get('purpose') ?? undefined });
  if (!parsed.success)
    return { posted: { values: formValues(input.form), errors: issueKeys(parsed.error.issues) } };
  if (parsed.data.purpose === 'SHARE')
    return { redirect: `/share-confirmation?resultId=${enc(resultIdOf(input.url))}` };
  return requestReview(input);
};
