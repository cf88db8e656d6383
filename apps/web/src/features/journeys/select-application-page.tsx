import { applicantJourneyForType, getApplicantJourney, type ApplicationTypeCode } from '@dis/domain';
import { useSearchParams } from '../../lib/router';
import { Navigate } from '../../lib/navigate';
import { useFeatureFlags } from '../../lib/config';
import { useUser } from '../../lib/session';
import { ApplicationTypeForm } from './application-type-form';
import { useStartApplicantDraft } from './applicant-pages';
import { applicantStartableTypes, BY_APPLICANT, withToken } from './shared';

/** The types this applicant may start themselves whose journey is switched on. */
export function useApplicantStartableTypes(): ApplicationTypeCode[] {
  const { data: user } = useUser();
  return applicantStartableTypes(user?.roles ?? [], useFeatureFlags());
}

/**
 * /select-application: level 1, PVG confirmation join or PVG confirmation existing (flags respected).
 * Choosing one creates the draft and opens the personal-information agreement of its journey.
 */
export function SelectApplicationPage() {
  const types = useApplicantStartableTypes();
  const create = useStartApplicantDraft();

  return (
    <ApplicationTypeForm
      side="applicant"
      types={types}
      creation={create}
      onChoose={(type) => {
        const journey = getApplicantJourney(applicantJourneyForType(type, BY_APPLICANT) ?? '');
        if (journey) create.mutate(journey);
      }}
    />
  );
}

/**
 * /personal-information: the pre-journey agreement, which is a step of each journey; this address
 * opens it for the journey and draft in the query (`?journey=level-1&token=…`).
 */
export function PersonalInformationRedirect() {
  const [params] = useSearchParams();
  const journey = getApplicantJourney(params.get('journey') ?? '');
  const token = params.get('token');
  if (!journey || !token) return <Navigate replace to="/select-application" />;
  return <Navigate replace to={withToken(`${journey.basePath}/personal-information`, token)} />;
}
