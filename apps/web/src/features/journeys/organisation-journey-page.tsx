import {
  getOrganisationJourney,
  journeyTypeCode,
  relativeStepPath,
  startableTypesFor,
  type OrganisationJourney,
} from '@dis/domain';
import { useLocation, useParams, useSearchParams } from '../../lib/router';
import { Navigate } from '../../lib/navigate';
import { useFeatureFlags } from '../../lib/config';
import { useUser } from '../../lib/session';
import { NotFoundPage } from '../../components/not-found-page';
import { lazyView } from '../../lib/lazy-view';
import { draftStepPage } from './journey-page';
import { SELECT_TYPE_PATH } from './paths';

// The organisation's journey pages: their own module, so that a countersignatory's page loads neither the applicant
// journeys nor their pages (and an applicant's page not these).

/** The page after the application has been handed over, fetched when drawn (a journey step has no use for it). */
const ConfirmationPage = lazyView(
  'organisation-confirmation',
  () => import('./confirmation-page'),
  'ConfirmationPage',
);

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
