import { redirectTarget } from '@dis/domain';
import { useEffect } from 'react';
import { Navigate } from '../../lib/navigate';
import { LoadingPage } from '../../components/loading-page';
import { ApiError } from '../../lib/api-client';
import { NotFoundPage } from '../../components/not-found-page';
import { useJourneyDraft, type AnyJourney } from './draft';
import { journeyContext, withToken, type StepPageProps } from './shared';
import { AFTER_REVIEW_PAGES, STEP_VIEWS, viewAt } from './step-views';

// A journey's page of a draft, for both sides: each side's route module (organisation-journey-page.tsx,
// applicant-journey-page.tsx) finds its journey and hands the draft's step here.

interface DraftStepPageProps {
  journey: AnyJourney;
  token: string;
  stepPath: string;
  edit: boolean;
}

/** The draft's page at `stepPath` (a fresh page and form for each draft and step), in edit mode with `edit=true`. */
export function draftStepPage(journey: AnyJourney, token: string, stepPath: string, params: URLSearchParams) {
  return (
    <DraftStepPage
      key={`${token}:${stepPath}`}
      journey={journey}
      token={token}
      stepPath={stepPath}
      edit={params.get('edit') === 'true'}
    />
  );
}

/** Where a draft that is no longer being filled in sends the user; undefined while it is open. */
function finishedPath(
  journey: AnyJourney,
  answers: { complete?: boolean; status?: string },
): string | undefined {
  if (journey.side === 'organisation') {
    // Once handed over, the journey is finished: only the confirmation page stays.
    return answers.complete || answers.status === 'WITH_APPLICANT' ? '/dashboard' : undefined;
  }
  if (answers.status === 'EXPIRED') return '/application-expired';
  if (answers.status === 'TERMINATED') return '/application-terminated';
  // The status tells: `complete` only says the declaration was agreed, which a card payment follows.
  const open = [undefined, 'DRAFT', 'READY_TO_START', 'WITH_APPLICANT', 'PAYMENT_FAILED'];
  return open.includes(answers.status) ? undefined : '/dashboard';
}

function DraftStepPage({ journey, token, stepPath, edit }: DraftStepPageProps) {
  const draft = useJourneyDraft(token, journey);
  // The step's view is fetched while its draft is read (a page the server sent has it already).
  useEffect(() => {
    void viewAt(journey, stepPath)
      ?.preload()
      .catch(() => undefined);
  }, [journey, stepPath]);
  if (draft.isPending) return <LoadingPage />;
  if (draft.isError) {
    // Document 2 section 4: a 410 for an organisation's application means it has expired.
    if (draft.error instanceof ApiError && draft.error.status === 410) {
      return <Navigate replace to="/application-expired" />;
    }
    throw draft.error;
  }
  const answers = draft.data.answers;
  const finished = finishedPath(journey, answers);
  if (finished) return <Navigate replace to={finished} />;
  // The server decides which journey a draft takes (for Level 2, who pays): a link to the other one follows it.
  const serverJourney = answers.journeyId;
  if (journey.side === 'applicant' && serverJourney && serverJourney !== journey.id) {
    return <Navigate replace to={withToken(`/applicant-apply/${serverJourney}/${stepPath}`, token)} />;
  }
  const redirect = redirectTarget(journey, stepPath, answers, journeyContext(draft.data));
  if (redirect) return <Navigate replace to={withToken(redirect, token)} />;

  const props: StepPageProps = { journey, draft: draft.data, stepPath, edit };
  const AfterReview = journey.afterReviewPaths.includes(stepPath) ? AFTER_REVIEW_PAGES[stepPath] : undefined;
  if (AfterReview) return <AfterReview {...props} />;
  const step = journey.stepForPath(stepPath);
  if (!step) return <NotFoundPage />;
  const View = STEP_VIEWS[step.view];
  return <View {...props} step={step} />;
}
