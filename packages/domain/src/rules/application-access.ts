import { isApplicationTypeCode, type FeatureFlags, type Role } from '../codes';
import { applicantJourneyForType, isApplicantJourneyEnabled, type ApplicationOrigin } from './journey-types';
import { hasApplicantRole, hasOrganisationRole, startableTypesFor } from './roles';

/** Applicant roles that walk journeys; APPLICANT_BASIC only views results and shares. */
const JOURNEY_ROLES: readonly Role[] = ['APPLICANT', 'APPLICATION_ONLY'];

/**
 * Whether a person's roles may reach an application of this type at all, before its owner is checked
 * (spec 01 sections 1 and 6, spec 02 section 6). An organisation user reaches only the types their roles may
 * start: a LEVEL1_CSG only Level 1, and only with the level-1 feature on, even on an application of their own
 * organisation. An applicant who walks journeys reaches a type with an applicant journey for its origin that is
 * switched on. Applicant roles win when an account carries both, as everywhere else.
 */
export function mayReachApplication(
  roles: readonly Role[],
  typeCode: string,
  origin: ApplicationOrigin,
  flags: FeatureFlags,
): boolean {
  if (!isApplicationTypeCode(typeCode)) return false;
  if (hasApplicantRole(roles)) {
    if (!roles.some((role) => JOURNEY_ROLES.includes(role))) return false;
    const journey = applicantJourneyForType(typeCode, origin);
    return journey !== null && isApplicantJourneyEnabled(journey, flags);
  }
  return hasOrganisationRole(roles) && startableTypesFor(roles, flags).includes(typeCode);
}

/** The application types an organisation user's lists show: the ones they may reach. */
export function organisationTypesFor(roles: readonly Role[], flags: FeatureFlags) {
  return hasApplicantRole(roles) ? [] : startableTypesFor(roles, flags);
}
