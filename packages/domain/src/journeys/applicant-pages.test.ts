import { describe, expect, it } from 'vitest';
import type { ApplicantDraft } from './answers';
import { applicantJourneys } from './applicant';
import {
  addressHistory,
  addressIndex,
  prefillAnswers,
  startsFromIdentityRecord,
  wholeDraftProblem,
} from './applicant-pages';
import { organisationJourneys } from './organisation';

const ctx = { now: new Date('2025-06-15T12:00:00Z') };
const address = (month: number, year: number) => ({
  line1: '1 High Street',
  town: 'Leeds',
  postcode: 'LS1 1AA',
  country: 'United Kingdom',
  residentFrom: { month, year },
});

describe('the applicant pages’ rules', () => {
  it('numbers the address steps: the current one 0, each previous one by its place', () => {
    expect(addressIndex('address/current')).toBe(0);
    expect(addressIndex('address/3')).toBe(3);
    expect(addressIndex('name')).toBeUndefined();
    expect(
      addressHistory({ currentAddress: address(1, 2024), previousAddresses: [address(1, 2019)] }),
    ).toEqual([address(1, 2024), address(1, 2019)]);
    expect(addressHistory({})).toEqual([]);
  });

  it('refuses a previous address that starts after the one following it, with the history’s own message', () => {
    const journey = applicantJourneys['level-1'];
    const step = journey.step('address/1')!;
    const answers: ApplicantDraft = {
      currentAddress: address(1, 2023),
      previousAddresses: [address(6, 2023)],
    };
    expect(wholeDraftProblem(journey, step, answers, ctx)).toEqual({
      field: 'residentFrom',
      key: expect.stringMatching(/^addressHistory\./),
    });
    const fine: ApplicantDraft = { currentAddress: address(1, 2023), previousAddresses: [address(1, 2019)] };
    expect(wholeDraftProblem(journey, step, fine, ctx)).toBeUndefined();
    const name = journey.step('name')!;
    expect(wholeDraftProblem(journey, name, answers, ctx)).toBeUndefined();
  });

  it('turns the identity record into answers, leaving out what it does not hold', () => {
    expect(
      prefillAnswers({
        name: { forename: 'Alex', surname: 'Smith' },
        dateOfBirth: '1990-04-02',
        emailAddress: 'alex@example.com',
        phoneNumber: null,
      }),
    ).toEqual({
      currentName: { forename: 'Alex', surname: 'Smith' },
      dateOfBirth: { year: 1990, month: 4, day: 2 },
      contactDetails: { email: 'alex@example.com' },
    });
    expect(prefillAnswers({ dateOfBirth: null })).toEqual({});
  });

  it('starts only the PVG join journey’s name, date of birth and contact details from the record', () => {
    const join = applicantJourneys['pvg-join'];
    expect(join.steps.filter((step) => startsFromIdentityRecord(join, step)).map((step) => step.id)).toEqual([
      'name',
      'date-of-birth',
      'contact-details',
    ]);
    const level1 = applicantJourneys['level-1'];
    expect(level1.steps.some((step) => startsFromIdentityRecord(level1, step))).toBe(false);
    const organisation = Object.values(organisationJourneys)[0]!;
    expect(organisation.steps.some((step) => startsFromIdentityRecord(organisation, step))).toBe(false);
  });
});
