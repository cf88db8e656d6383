import { describe, expect, it } from 'vitest';
import { APPLICANT_JOURNEY_IDS, DEFAULT_FEATURE_FLAGS, ORGANISATION_JOURNEY_IDS } from '../codes';
import {
  applicantJourneyForType,
  isApplicantJourneyEnabled,
  isOrganisationJourneyEnabled,
  journeyTypeCode,
  organisationJourneyForType,
} from './journey-types';

const off = {
  ...DEFAULT_FEATURE_FLAGS,
  level1Organisation: false,
  pvgConfirmationJoin: false,
  pvgConfirmationExisting: false,
};

describe('journey and type mapping', () => {
  it('maps organisation types to their journeys and back', () => {
    for (const id of ORGANISATION_JOURNEY_IDS)
      expect(organisationJourneyForType(journeyTypeCode(id))).toBe(id);
    expect(organisationJourneyForType('PB')).toBeNull();
    expect(organisationJourneyForType('BD')).toBeNull();
  });

  it('maps applicant types by who started the application', () => {
    expect(applicantJourneyForType('LA', true)).toBe('level-1-csg');
    expect(applicantJourneyForType('LA', false)).toBe('level-1');
    expect(applicantJourneyForType('LB', true)).toBe('level-2-csg');
    expect(applicantJourneyForType('LB', false)).toBe('level-2');
    expect(applicantJourneyForType('LC', true)).toBe('level-2-barred');
    expect(applicantJourneyForType('PA', true)).toBe('pvg-join');
    expect(applicantJourneyForType('PC', true)).toBe('pvg-existing');
    expect(applicantJourneyForType('PB', false)).toBe('pvgcj');
    expect(applicantJourneyForType('PD', false)).toBe('pvgce');
    expect(applicantJourneyForType('SR', false)).toBeNull();
  });

  it('round-trips every applicant journey through its type', () => {
    for (const id of APPLICANT_JOURNEY_IDS) {
      const type = journeyTypeCode(id);
      const candidates = [applicantJourneyForType(type, true), applicantJourneyForType(type, false)];
      expect(candidates).toContain(id);
    }
  });

  it('switches off the flagged journeys', () => {
    for (const id of APPLICANT_JOURNEY_IDS)
      expect(isApplicantJourneyEnabled(id, DEFAULT_FEATURE_FLAGS)).toBe(true);
    expect(isApplicantJourneyEnabled('level-1-csg', off)).toBe(false);
    expect(isApplicantJourneyEnabled('pvgcj', off)).toBe(false);
    expect(isApplicantJourneyEnabled('pvgce', off)).toBe(false);
    expect(isApplicantJourneyEnabled('level-1', off)).toBe(true);
    expect(isOrganisationJourneyEnabled('level-1', off)).toBe(false);
    expect(isOrganisationJourneyEnabled('level-1', DEFAULT_FEATURE_FLAGS)).toBe(true);
    expect(isOrganisationJourneyEnabled('level-2', off)).toBe(true);
  });
});
