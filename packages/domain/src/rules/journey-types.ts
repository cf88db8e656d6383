import type {
  ApplicantJourneyId,
  ApplicationTypeCode,
  FeatureFlags,
  OrganisationJourneyId,
  PaymentMethod,
} from '../codes';

/** Who started an application, as far as choosing the applicant's journey goes. */
export interface ApplicationOrigin {
  /** An organisation started it and handed it over (false: the applicant started it). */
  organisationInitiated: boolean;
  /** The organisation's payment type at hand-over; CARD means the applicant pays by card. */
  onlinePaymentType?: PaymentMethod | string | null;
}

/** A journey's part on one side: the feature flag it needs, if any, and (applicant side) which origins walk it. */
interface JourneySide {
  flag?: keyof FeatureFlags;
  walkedWhen?: (origin: ApplicationOrigin) => boolean;
  /**
   * Applicant side: the applicant started it without a verified identity, so it ends on the unverified (basic)
   * confirmation unless the server says the identity is verified.
   */
  unverifiedConfirmation?: true;
  /** Applicant side: its name, date of birth and contact details start from the identity record (document 2 s4). */
  prefilledFromIdentity?: true;
}

/** The organisation left the card payment of a Level 2 application to the applicant. */
const organisationPays = (origin: ApplicationOrigin) =>
  origin.organisationInitiated && origin.onlinePaymentType !== 'CARD';

/**
 * Every journey in one table: the application type it creates (the ids of the two sides overlap and mean the same
 * type), the side or sides that walk it with the flag each needs, and whether it is a PVG scheme membership
 * journey. Level 1 has a "-csg" journey for the applicant's part of an application an organisation started
 * (hand-over) and a plain one the applicant starts. Level 2 is only ever started by an organisation, so its two
 * applicant journeys split on who pays: `level-2` when the organisation left the card payment to the applicant,
 * `level-2-csg` when the countersignatory's organisation pays (invoice or its own card). The other types have one
 * applicant journey each (docs/decisions/0003-rules-where-the-spec-is-silent.md, 0009-level-2-journeys.md).
 */
const JOURNEYS = {
  'level-1': {
    type: 'LA',
    organisation: { flag: 'level1Organisation' },
    applicant: { walkedWhen: (origin) => !origin.organisationInitiated, unverifiedConfirmation: true },
  },
  'level-1-csg': {
    type: 'LA',
    applicant: { flag: 'level1Organisation', walkedWhen: (origin) => origin.organisationInitiated },
  },
  'level-2': {
    type: 'LB',
    organisation: {},
    applicant: { walkedWhen: (origin) => !organisationPays(origin) },
  },
  'level-2-csg': { type: 'LB', applicant: { walkedWhen: organisationPays } },
  'level-2-barred': { type: 'LC', organisation: {}, applicant: {} },
  'pvg-join': {
    type: 'PA',
    organisation: {},
    applicant: { prefilledFromIdentity: true },
    pvgMembership: true,
  },
  'pvg-existing': { type: 'PC', organisation: {}, applicant: {}, pvgMembership: true },
  pvgcj: { type: 'PB', applicant: { flag: 'pvgConfirmationJoin' } },
  pvgce: { type: 'PD', applicant: { flag: 'pvgConfirmationExisting' } },
} as const satisfies Record<
  ApplicantJourneyId | OrganisationJourneyId,
  {
    type: ApplicationTypeCode;
    organisation?: JourneySide;
    applicant?: JourneySide;
    pvgMembership?: true;
  }
>;

type JourneyEntry = (typeof JOURNEYS)[keyof typeof JOURNEYS];
const entries = Object.entries(JOURNEYS) as [ApplicantJourneyId | OrganisationJourneyId, JourneyEntry][];
const sideOf = (entry: JourneyEntry, side: 'organisation' | 'applicant'): JourneySide | undefined =>
  (entry as { organisation?: JourneySide; applicant?: JourneySide })[side];

/** The journey an organisation user walks to start an application of this type. */
export function organisationJourneyForType(code: ApplicationTypeCode): OrganisationJourneyId | null {
  const found = entries.find(([, entry]) => entry.type === code && sideOf(entry, 'organisation'));
  return (found?.[0] as OrganisationJourneyId | undefined) ?? null;
}

/** The journey an applicant walks for an application of this type, started as `origin` says. */
export function applicantJourneyForType(
  code: ApplicationTypeCode,
  origin: ApplicationOrigin,
): ApplicantJourneyId | null {
  const found = entries.find(([, entry]) => {
    const applicant = sideOf(entry, 'applicant');
    return entry.type === code && applicant && (applicant.walkedWhen?.(origin) ?? true);
  });
  return (found?.[0] as ApplicantJourneyId | undefined) ?? null;
}

/** The application type a journey (of either side; the ids overlap and mean the same type) creates. */
export function journeyTypeCode(journeyId: ApplicantJourneyId | OrganisationJourneyId): ApplicationTypeCode {
  return JOURNEYS[journeyId].type;
}

function isEnabled(side: JourneySide | undefined, flags: FeatureFlags): boolean {
  return side?.flag ? flags[side.flag] === true : true;
}

/** Feature-flagged applicant journeys show not-found when their flag is off. */
export function isApplicantJourneyEnabled(journeyId: ApplicantJourneyId, flags: FeatureFlags): boolean {
  return isEnabled(sideOf(JOURNEYS[journeyId], 'applicant'), flags);
}

export function isOrganisationJourneyEnabled(journeyId: OrganisationJourneyId, flags: FeatureFlags): boolean {
  return isEnabled(sideOf(JOURNEYS[journeyId], 'organisation'), flags);
}

/** The PVG scheme membership journeys (joining, or an existing member), the same ids on both sides. */
export const PVG_MEMBERSHIP_JOURNEYS = entries.flatMap(([id, entry]) =>
  'pvgMembership' in entry ? [id] : [],
) as readonly ('pvg-join' | 'pvg-existing')[];

/** Whether a journey of either side is a PVG scheme membership journey: the one definition. */
export function isPvgMembershipJourney(
  journeyId: ApplicantJourneyId | OrganisationJourneyId | null,
): boolean {
  return (PVG_MEMBERSHIP_JOURNEYS as readonly string[]).includes(journeyId ?? '');
}

/** Whether the applicant's side of a journey has a trait of the table (`unverifiedConfirmation`, `prefilledFromIdentity`). */
export function applicantJourneyHas(
  journeyId: ApplicantJourneyId,
  trait: 'unverifiedConfirmation' | 'prefilledFromIdentity',
): boolean {
  return sideOf(JOURNEYS[journeyId], 'applicant')?.[trait] === true;
}
