import { getApplicantJourney, isApplicantJourneyEnabled, relativeStepPath } from '@dis/domain';
import { useLocation, useParams, useSearchParams } from '../../lib/router';
import { Navigate } from '../../lib/navigate';
import { useFeatureFlags } from '../../lib/config';
import { NotFoundPage } from '../../components/not-found-page';
import { lazyView } from '../../lib/lazy-view';
import { draftStepPage } from './journey-page';

// The applicant's journey pages: their own module, so that an applicant's page loads neither the organisation
// journeys nor their pages (and a countersignatory's page not these).

export const SELECT_APPLICATION_PATH = '/select-application';
const APPLICANT_CONFIRMATIONS = ['applicant-confirmation', 'basic-confirmation'] as const;

// The start and confirmation pages, fetched when drawn (a journey step has no use for them).
const CreateDraftStartPage = lazyView(
  'applicant-start',
  () => import('./applicant-pages'),
  'CreateDraftStartPage',
);
const ApplicantConfirmationPage = lazyView(
  'applicant-confirmation',
  () => import('./applicant-pages'),
  'ApplicantConfirmationPage',
);

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
