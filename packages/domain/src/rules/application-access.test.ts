import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, type Role } from '../codes';
import { mayReachApplication, organisationTypesFor } from './application-access';

const on = DEFAULT_FEATURE_FLAGS;
const off = { ...DEFAULT_FEATURE_FLAGS, level1Organisation: false, pvgConfirmationJoin: false };
const org = { organisationInitiated: true };
const own = { organisationInitiated: false };

describe('mayReachApplication: role against application type', () => {
  it.each<[Role[], string, typeof org, typeof on, boolean]>([
    // Countersignatories: the types they may start.
    [['CSG'], 'LB', org, on, true],
    [['CSG'], 'LA', org, on, true],
    [['CSG'], 'LA', org, off, false],
    [['CSG'], 'PB', org, on, false],
    [['LEVEL1_CSG'], 'LA', org, on, true],
    [['LEVEL1_CSG'], 'LB', org, on, false],
    [['LEVEL1_CSG'], 'LC', org, on, false],
    [['LEVEL1_CSG'], 'PA', org, on, false],
    [['LEVEL1_CSG'], 'LA', org, off, false],
    // Applicants who walk journeys: a type with a journey for its origin, switched on.
    [['APPLICANT'], 'LB', org, on, true],
    [['APPLICATION_ONLY'], 'PC', org, on, true],
    [['APPLICANT'], 'LA', own, on, true],
    [['APPLICANT'], 'LA', org, off, false],
    [['APPLICANT'], 'PB', own, off, false],
    [['APPLICANT'], 'BD', own, on, false],
    [['APPLICANT_BASIC'], 'LA', own, on, false],
    // Applicant roles win over organisation roles; no role reaches nothing; an unknown type is nothing.
    [['APPLICANT', 'CSG'], 'LB', org, on, true],
    [['APPLICANT_BASIC', 'CSG'], 'LB', org, on, false],
    [[], 'LB', org, on, false],
    [['CSG'], 'XX', org, on, false],
  ])('%j on %s (%j)', (roles, type, origin, flags, expected) => {
    expect(mayReachApplication(roles, type, origin, flags)).toBe(expected);
  });
});

describe('organisationTypesFor', () => {
  it('lists the types a countersignatory may reach, nothing for an applicant', () => {
    expect(organisationTypesFor(['LEVEL1_CSG'], on)).toEqual(['LA']);
    expect(organisationTypesFor(['LEVEL1_CSG'], off)).toEqual([]);
    expect(organisationTypesFor(['CSG'], off)).toEqual(['LB', 'LC', 'PA', 'PC']);
    expect(organisationTypesFor(['APPLICANT'], on)).toEqual([]);
  });
});
