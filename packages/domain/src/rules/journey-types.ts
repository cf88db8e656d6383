import type {
  ApplicantJourneyId,
  ApplicationTypeCode,
  FeatureFlags,
  OrganisationJourneyId,
  PaymentMethod,
} from '../codes';

/** The journey an organisation user walks to start an application of this type. */
export function organisationJourneyForType(code: ApplicationTypeCode): OrganisationJourneyId | null {
  switch (code) {
    case 'LA':
      return 'level-1';
    case 'LB':
      return 'level-2';
    case 'LC':
      return 'level-2-barred';
    case 'PA':
      return 'pvg-join';
    case 'PC':
      return 'pvg-existing';
    default:
      return null;
  }
}

/** Who started an application, as far as choosing the applicant's journey goes. */
export interface ApplicationOrigin {
  /** An organisation started it and handed it over (false: the applicant started it). */
  organisationInitiated: boolean;
  /** The organisation's payment type at hand-over; CARD means the applicant pays by card. */
  onlinePaymentType?: PaymentMethod | string | null;
}

/**
 * The journey an applicant walks for an application of this type. Level 1 has a "-csg" journey for
 * the applicant's part of an application an organisation started (handover) and a plain one the
 * applicant starts. Level 2 is only ever started by an organisation, so its two journeys split on who
 * pays: `level-2` when the organisation left the card payment to the applicant, `level-2-csg` when the
 * countersignatory's organisation pays (invoice or its own card). The other types have one applicant
 * journey each (docs/decisions/0003-rules-where-the-spec-is-silent.md, 0009-level-2-journeys.md).
 */
export function applicantJourneyForType(
  code: ApplicationTypeCode,
  origin: ApplicationOrigin,
): ApplicantJourneyId | null {
  switch (code) {
    case 'LA':
      return origin.organisationInitiated ? 'level-1-csg' : 'level-1';
    case 'LB':
      return origin.organisationInitiated && origin.onlinePaymentType !== 'CARD' ? 'level-2-csg' : 'level-2';
    case 'LC':
      return 'level-2-barred';
    case 'PA':
      return 'pvg-join';
    case 'PC':
      return 'pvg-existing';
    case 'PB':
      return 'pvgcj';
    case 'PD':
      return 'pvgce';
    default:
      return null;
  }
}

const JOURNEY_TYPES = {
  'level-1': 'LA',
  'level-1-csg': 'LA',
  'level-2': 'LB',
  'level-2-csg': 'LB',
  'level-2-barred': 'LC',
  'pvg-join': 'PA',
  'pvg-existing': 'PC',
  pvgcj: 'PB',
  pvgce: 'PD',
} as const satisfies Record<ApplicantJourneyId | OrganisationJourneyId, ApplicationTypeCode>;

/** The application type a journey (of either side; the ids overlap and mean the same type) creates. */
export function journeyTypeCode(journeyId: ApplicantJourneyId | OrganisationJourneyId): ApplicationTypeCode {
  return JOURNEY_TYPES[journeyId];
}

/** Feature-flagged applicant journeys show not-found when their flag is off. */
export function isApplicantJourneyEnabled(journeyId: ApplicantJourneyId, flags: FeatureFlags): boolean {
  switch (journeyId) {
    case 'level-1-csg':
      return flags.level1Organisation;
    case 'pvgcj':
      return flags.pvgConfirmationJoin;
    case 'pvgce':
      return flags.pvgConfirmationExisting;
    default:
      return true;
  }
}

export function isOrganisationJourneyEnabled(journeyId: OrganisationJourneyId, flags: FeatureFlags): boolean {
  return journeyId === 'level-1' ? flags.level1Organisation : true;
}

/** The PVG scheme membership journeys (joining, or an existing member), the same ids on both sides. */
export const PVG_MEMBERSHIP_JOURNEYS = ['pvg-join', 'pvg-existing'] as const;

/** Whether a journey of either side is a PVG scheme membership journey: the one definition. */
export function isPvgMembershipJourney(
  journeyId: ApplicantJourneyId | OrganisationJourneyId | null,
): boolean {
  return (PVG_MEMBERSHIP_JOURNEYS as readonly string[]).includes(journeyId ?? '');
}
