import { describe, expect, it } from 'vitest';
import type { FeatureFlags, Role } from '../codes';
import { DEFAULT_FEATURE_FLAGS } from '../codes';
import {
  ACCOUNT_MENU_ITEM,
  accountLinksFor,
  audienceFor,
  canStartNewApplication,
  dashboardPathFor,
  menuFor,
  normaliseRoles,
  startableTypesFor,
  taglineFor,
} from './roles';

const on = DEFAULT_FEATURE_FLAGS;
const flags = (patch: Partial<FeatureFlags>): FeatureFlags => ({ ...DEFAULT_FEATURE_FLAGS, ...patch });

describe('normaliseRoles', () => {
  it('strips the slash, dedupes and drops unknown roles', () => {
    expect(normaliseRoles(['/CSG', 'CSG', '/applicant', '/ADMIN', ' /LEVEL1_CSG '])).toEqual([
      'CSG',
      'APPLICANT',
      'LEVEL1_CSG',
    ]);
    expect(normaliseRoles(undefined)).toEqual([]);
  });
});

describe('dashboardPathFor', () => {
  it.each<[Role[], Partial<FeatureFlags>, string]>([
    [['APPLICANT'], {}, '/applicant/dashboard'],
    [['APPLICATION_ONLY'], {}, '/applicant/dashboard'],
    [['APPLICANT_BASIC'], {}, '/applicant/dashboard'],
    [['CSG'], {}, '/csg/dashboard'],
    [['LEVEL1_CSG'], {}, '/csg/dashboard'],
    [['CSG'], { enhancedDashboardOrganisation: false }, '/results-summary'],
    [['LEVEL1_CSG'], { enhancedDashboardOrganisation: false }, '/results-summary'],
    [[], {}, '/not-found'],
  ])('%j %j -> %s', (roles, patch, path) => {
    expect(dashboardPathFor(roles, flags(patch))).toBe(path);
  });

  it('gives applicant roles precedence', () => {
    expect(audienceFor(['CSG', 'APPLICANT'])).toBe('applicant');
  });
});

describe('menuFor', () => {
  const keys = (roles: Role[], f: FeatureFlags = on) => menuFor(roles, f).map((i) => i.key);
  it('gives APPLICANT the scheme membership item', () => {
    expect(menuFor(['APPLICANT'], on)).toEqual([
      { key: 'applications', label: 'Applications', href: '/applicant/dashboard' },
      { key: 'schemeMembership', label: 'PVG scheme membership', href: '/scheme-membership-details' },
      { key: 'personalDetails', label: 'Personal details', href: '/personal-details' },
      { key: 'help', label: 'Help', href: '/help' },
    ]);
  });
  it('leaves it out for the other applicant roles', () => {
    expect(keys(['APPLICATION_ONLY'])).toEqual(['applications', 'personalDetails', 'help']);
    expect(keys(['APPLICANT_BASIC'])).toEqual(['applications', 'personalDetails', 'help']);
  });
  it('adds Results for organisation users only without the enhanced dashboard', () => {
    expect(keys(['CSG'])).toEqual(['organisationDetails', 'personalDetails', 'help']);
    expect(menuFor(['LEVEL1_CSG'], flags({ enhancedDashboardOrganisation: false })).at(-1)).toEqual({
      key: 'results',
      label: 'Results',
      href: '/results-summary',
    });
    expect(menuFor(['CSG'], on)[0]?.href).toBe('/countersignatory-details');
  });
  it('is empty without a role', () => expect(keys([])).toEqual([]));
});

describe('taglineFor', () => {
  it('differs by role', () => {
    expect(taglineFor(['CSG'])).toBe('countersignatory');
    expect(taglineFor(['APPLICANT_BASIC'])).toBe('applicant');
    expect(taglineFor([])).toBe('sharedDisclosure');
  });
});

describe('startableTypesFor', () => {
  it.each<[Role[], Partial<FeatureFlags>, string[]]>([
    [['CSG'], {}, ['LA', 'LB', 'LC', 'PA', 'PC']],
    [['CSG'], { level1Organisation: false }, ['LB', 'LC', 'PA', 'PC']],
    [['LEVEL1_CSG'], {}, ['LA']],
    [['LEVEL1_CSG'], { level1Organisation: false }, []],
    [['APPLICANT'], {}, ['LA', 'PB', 'PD']],
    [['APPLICATION_ONLY'], { pvgConfirmationJoin: false }, ['LA', 'PD']],
    [['APPLICANT'], { pvgConfirmationExisting: false }, ['LA', 'PB']],
    [['APPLICANT_BASIC'], {}, []],
    [['CSG', 'LEVEL1_CSG'], {}, ['LA', 'LB', 'LC', 'PA', 'PC']],
  ])('%j %j -> %j', (roles, patch, expected) => {
    expect(startableTypesFor(roles, flags(patch))).toEqual(expected);
  });

  it('offers Start new application to CSG, and to LEVEL1_CSG only with the level-1 feature', () => {
    expect(canStartNewApplication(['CSG'], flags({ level1Organisation: false }))).toBe(true);
    expect(canStartNewApplication(['LEVEL1_CSG'], on)).toBe(true);
    expect(canStartNewApplication(['LEVEL1_CSG'], flags({ level1Organisation: false }))).toBe(false);
    expect(canStartNewApplication(['APPLICANT'], on)).toBe(false);
  });
});

describe('the Account menu item and its page (decision 0055)', () => {
  it('opens /account', () => {
    expect(ACCOUNT_MENU_ITEM).toEqual({ key: 'account', label: 'Account', href: '/account' });
  });
  it('lists Scheme membership for APPLICANT only, beside personal details', () => {
    expect(accountLinksFor(['APPLICANT'])).toEqual([
      { key: 'personalDetails', href: '/personal-details' },
      { key: 'schemeMembership', href: '/scheme-membership-details' },
    ]);
    expect(accountLinksFor(['APPLICATION_ONLY']).map((l) => l.key)).toEqual(['personalDetails']);
    expect(accountLinksFor(['APPLICANT_BASIC']).map((l) => l.key)).toEqual(['personalDetails']);
  });
  it('lists the organisation’s details for organisation users, and nothing for a visitor', () => {
    expect(accountLinksFor(['CSG']).map((l) => l.key)).toEqual(['organisationDetails', 'personalDetails']);
    expect(accountLinksFor(['LEVEL1_CSG']).map((l) => l.key)).toEqual([
      'organisationDetails',
      'personalDetails',
    ]);
    expect(accountLinksFor([])).toEqual([]);
  });
});
