import { describe, expect, it } from 'vitest';
import { APPLICANT_JOURNEY_IDS, DEFAULT_FEATURE_FLAGS, ORGANISATION_JOURNEY_IDS } from '../codes';
import {
  isPvgMembershipJourney,
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

  const byOrganisation = (onlinePaymentType: string) => ({ organisationInitiated: true, onlinePaymentType });
  const byApplicant = { organisationInitiated: false };

  it('maps applicant types by who started the application', () => {
    expect(applicantJourneyForType('LA', byOrganisation('INVOICE'))).toBe('level-1-csg');
    expect(applicantJourneyForType('LA', byOrganisation('CARD'))).toBe('level-1-csg');
    expect(applicantJourneyForType('LA', byApplicant)).toBe('level-1');
    expect(applicantJourneyForType('LC', byOrganisation('CARD'))).toBe('level-2-barred');
    expect(applicantJourneyForType('PA', byOrganisation('FREE'))).toBe('pvg-join');
    expect(applicantJourneyForType('PC', byOrganisation('INVOICE'))).toBe('pvg-existing');
    expect(applicantJourneyForType('PB', byApplicant)).toBe('pvgcj');
    expect(applicantJourneyForType('PD', byApplicant)).toBe('pvgce');
    expect(applicantJourneyForType('SR', byApplicant)).toBeNull();
  });

  it('splits level 2 on who pays: the applicant by card (level-2) or the organisation (level-2-csg)', () => {
    expect(applicantJourneyForType('LB', byOrganisation('CARD'))).toBe('level-2');
    expect(applicantJourneyForType('LB', byOrganisation('CARD_CSG'))).toBe('level-2-csg');
    expect(applicantJourneyForType('LB', byOrganisation('INVOICE'))).toBe('level-2-csg');
    expect(applicantJourneyForType('LB', { organisationInitiated: true })).toBe('level-2-csg');
    expect(applicantJourneyForType('LB', byApplicant)).toBe('level-2');
  });

  it('round-trips every applicant journey through its type', () => {
    const origins = [byApplicant, byOrganisation('CARD'), byOrganisation('INVOICE')];
    for (const id of APPLICANT_JOURNEY_IDS) {
      const type = journeyTypeCode(id);
      expect(origins.map((origin) => applicantJourneyForType(type, origin))).toContain(id);
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

describe('PVG scheme membership journeys', () => {
  it('are joining and existing membership on both sides, nothing else', () => {
    const pvg = [...ORGANISATION_JOURNEY_IDS, ...APPLICANT_JOURNEY_IDS].filter((id) =>
      isPvgMembershipJourney(id),
    );
    expect([...new Set(pvg)].sort()).toEqual(['pvg-existing', 'pvg-join']);
    expect(isPvgMembershipJourney(null)).toBe(false);
  });
});
