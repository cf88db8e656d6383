import { journeyTypeCode, type ApplicantDraft, type ApplicantJourneyId } from '@dis/domain';

// The applicant save payload of document 2 section 7 (PUT /api/draftApplications/{token}/applicant),
// built from the answers the journey's own rules accepted. The server derives residentTo, sets the fees
// and payment type, and keeps the hand-over fields the organisation gave (role, workforces, payment).

function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

/**
 * A "yes" whose details come on the next page (passport, driving licence, regulatory bodies) is sent at once,
 * bare until the details are complete, so the server's draft holds every answer given and a reload (which
 * reads the draft back from the server) keeps the person on the details page. "No" goes at once too.
 */
function withDetails<T extends object>(
  value: T | undefined,
  yes: Partial<T>,
  answeredYes: boolean | undefined,
  complete: boolean,
): T | Partial<T> | undefined {
  if (value === undefined || answeredYes === undefined) return undefined;
  return answeredYes && !complete ? yes : value;
}

export function toApplicantSavePayload(journeyId: string, answers: ApplicantDraft): Record<string, unknown> {
  const passport = answers.passport;
  const licence = answers.drivingLicence;
  const bodies = answers.regulatoryBodies;
  const { residentTo: _derived, ...currentAddress } = answers.currentAddress ?? {};
  return compact({
    schemeInfo: compact({
      ...answers.schemeInfo,
      applicationType: journeyTypeCode(journeyId as ApplicantJourneyId),
    }),
    personalInfoAgreed: answers.personalInfoAgreed,
    currentName: answers.currentName,
    hasPreviousNames: answers.hasPreviousNames,
    previousNames: answers.previousNames,
    mothersMaidenName: answers.mothersMaidenName,
    dateOfBirth: answers.dateOfBirth,
    gender: answers.gender,
    placeOfBirth: answers.placeOfBirth,
    countryOfBirth: answers.countryOfBirth,
    nationality: answers.nationality,
    currentAddress: answers.currentAddress ? currentAddress : undefined,
    previousAddresses: answers.previousAddresses?.map(({ residentTo: _to, ...address }) => address),
    contactDetails: answers.contactDetails,
    pvgNumber: answers.pvgNumber,
    nationalInsuranceNumber: answers.nationalInsuranceNumber,
    passport: withDetails(
      passport,
      { hasPassport: true },
      passport?.hasPassport,
      Boolean(passport?.passportNumber),
    ),
    drivingLicence: withDetails(
      licence,
      { hasDrivingLicence: true },
      licence?.hasDrivingLicence,
      Boolean(licence?.licenceNumber),
    ),
    regulatoryBodies: withDetails(
      bodies,
      { isRegulatoryBodyMember: true },
      bodies?.isRegulatoryBodyMember,
      (bodies?.details ?? []).some((body) => body.selected === true),
    ),
  });
}
