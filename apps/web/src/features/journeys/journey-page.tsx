import {
  getOrganisationJourney,
  journeyTypeCode,
  redirectTarget,
  relativeStepPath,
  startableTypesFor,
  type OrganisationJourney,
  type OrganisationJourneyId,
} from '@dis/domain';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { useFeatureFlags } from '../../lib/config';
import { useUser } from '../../lib/session';
import { NotFoundPage } from '../errors/not-found-page';
import { AddressStep } from './address-step';
import { DeclarationStep, PaymentErrorStep, PaymentReturnStep, PaymentStep } from './after-review';
import { ConfirmationPage } from './confirmation-page';
import { useOrganisationDraft } from './draft';
import { FormStep } from './form-step';
import { ReviewStep } from './review-step';
import { journeyContext, withToken, type StepPageProps } from './shared';

export const SELECT_TYPE_PATH = '/csg-apply/select-application-type';

/** The journey of the URL, if this user may start its type (a level-1 countersignatory only level 1, when on). */
function useAllowedJourney(): OrganisationJourney | undefined {
  const { journeyId = '' } = useParams();
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  const journey = getOrganisationJourney(journeyId);
  if (!journey) return undefined;
  const allowed = startableTypesFor(user?.roles ?? [], flags);
  return allowed.includes(journeyTypeCode(journey.id as OrganisationJourneyId)) ? journey : undefined;
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

interface DraftStepPageProps {
  journey: OrganisationJourney;
  token: string;
  stepPath: string;
  edit: boolean;
}

function DraftStepPage({ journey, token, stepPath, edit }: DraftStepPageProps) {
  const draft = useOrganisationDraft(token, journey.id as OrganisationJourneyId);
  if (draft.isPending) return <LoadingPage />;
  if (draft.isError) throw draft.error;
  const answers = draft.data.answers;
  // Once handed over, the journey is finished: only the confirmation page stays.
  if (answers.complete || (answers as { status?: string }).status === 'WITH_APPLICANT') {
    return <Navigate replace to="/dashboard" />;
  }
  const redirect = redirectTarget(journey, stepPath, answers, journeyContext());
  if (redirect) return <Navigate replace to={withToken(redirect, token)} />;

  const props: StepPageProps = { journey, draft: draft.data, stepPath, edit };
  switch (stepPath) {
    case 'declaration':
      return <DeclarationStep {...props} />;
    case 'payment':
      return <PaymentStep {...props} />;
    case 'payment/redirect':
      return <PaymentReturnStep {...props} />;
    case 'payment/error':
      return <PaymentErrorStep {...props} />;
    default:
      break;
  }
  const step = journey.stepForPath(stepPath);
  if (!step) return <NotFoundPage />;
  if (step.kind === 'review') return <ReviewStep {...props} step={step} />;
  if (step.paths.length > 1) return <AddressStep {...props} step={step} />;
  return <FormStep {...props} step={step} />;
}
