import {
  getOrganisationJourney,
  organisationJourneyForType,
  stepUrl,
  type ApplicationTypeCode,
} from '@dis/domain';
import { withToken } from './shared';

/** The organisation journey an application type opens, and its first page for a new draft; none without one. */
export function organisationJourneyStart(type: ApplicationTypeCode) {
  const journey = getOrganisationJourney(organisationJourneyForType(type) ?? '');
  const first = journey?.step(journey.firstStepId);
  if (!journey || !first) return undefined;
  return { journey, firstPage: (token: string) => withToken(stepUrl(journey, first), token) };
}
