import {
  getApplicantJourney,
  getOrganisationJourney,
  isApplicantJourneyEnabled,
  journeyTypeCode,
  redirectTarget,
  relativeStepPath,
  startableTypesFor,
  type OrganisationJourney,
} from '@dis/domain';
import { useLocation, useParams, useSearchParams } from '../../lib/router';
import { Navigate } from '../../lib/navigate';
import { LoadingPage } from '../../components/loading-page';
import { useFeatureFlags } from '../../lib/config';
import { ApiError } from '../../lib/api-client';
import { useUser } from '../../lib/session';
import { NotFoundPage } from '../../components/not-found-page';
import { ApplicantConfirmationPage, CreateDraftStartPage } from './applicant-pages';
import { ConfirmationPage } from './confirmation-page';
import { useJourneyDraft, type AnyJourney } from './draft';
import { journeyContext, withToken, type StepPageProps } from './shared';
import { AFTER_REVIEW_PAGES, STEP_VIEWS } from './step-views';

import { SELECT_TYPE_PATH } from './paths';

/** The journey of the URL, if this user may start its type (a level-1 countersignatory only level 1, when on). */
function useAllowedJourney(): OrganisationJourney | undefined {
  const { journeyId = '' } = useParams();
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  const journey = getOrganisationJourney(journeyId);
  if (!journey) return undefined;
  const allowed = startableTypesFor(user?.roles ?? [], flags);
  return allowed.includes(journeyTypeCode(journey.id)) ? journey : undefined;
}

/** /csg-apply/:journeyId/* — every page of the five organisation journeys. */
export function OrganisationJourneyPage() {
  const journey = useAllowedJourney();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!journey) return <NotFoundPage />;
  const stepPath = relativeStepPath(journey, location.pathname);
  if (!token) return <Navigate replace to={SELECT_TYPE_PATH} />;
  if (stepPath === 'confirmation') return <ConfirmationPage key={token} journey={journey} token={token} />;
  return draftStepPage(journey, token, stepPath, params);
}

export const SELECT_APPLICATION_PATH = '/select-application';
const APPLICANT_CONFIRMATIONS = ['applicant-confirmation', 'basic-confirmation'] as const;

/**
 * /applicant-apply/:journeyId/* — every page of the nine applicant journeys, from the same pages as
 * the organisation journeys. A journey whose feature flag is off does not exist (not-found).
 */
export function ApplicantJourneyPage() {
  const { journeyId = '' } = useParams();
  const flags = useFeatureFlags();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const journey = getApplicantJourney(journeyId);
  if (!journey || !isApplicantJourneyEnabled(journey.id, flags)) return <NotFoundPage />;
  const stepPath = relativeStepPath(journey, location.pathname);
  const confirmation = APPLICANT_CONFIRMATIONS.find((path) => path === stepPath);
  if (!token) {
    if (stepPath === 'start') return <CreateDraftStartPage journey={journey} />;
    return <Navigate replace to="/dashboard" />;
  }
  if (confirmation) {
    return <ApplicantConfirmationPage key={token} journey={journey} token={token} variant={confirmation} />;
  }
  return draftStepPage(journey, token, stepPath, params);
}

interface DraftStepPageProps {
  journey: AnyJourney;
  token: string;
  stepPath: string;
  edit: boolean;
}

/** The draft's page at `stepPath` (a fresh page and form for each draft and step), in edit mode with `edit=true`. */
function draftStepPage(journey: AnyJourney, token: string, stepPath: string, params: URLSearchParams) {
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
  const redirect = redirectTarget(journey, stepPath, answers, journeyContext());
  if (redirect) return <Navigate replace to={withToken(redirect, token)} />;

  const props: StepPageProps = { journey, draft: draft.data, stepPath, edit };
  const AfterReview = journey.afterReviewPaths.includes(stepPath) ? AFTER_REVIEW_PAGES[stepPath] : undefined;
  if (AfterReview) return <AfterReview {...props} />;
  const step = journey.stepForPath(stepPath);
  if (!step) return <NotFoundPage />;
  const View = STEP_VIEWS[step.view];
  return <View {...props} step={step} />;
}
