import type { ApplicantRole, ApplicationTypeCode, FeatureFlags, OrganisationRole, Role } from '../codes';
import { APPLICANT_ROLES, APPLICATION_TYPE_CODES, ORGANISATION_ROLES, ROLES } from '../codes';

/** Roles arrive prefixed with a slash (`/CSG`); unknown strings are dropped, so they grant nothing. */
export function normaliseRoles(raw: readonly string[] | null | undefined): Role[] {
  const roles = new Set<Role>();
  for (const value of raw ?? []) {
    const name = value.trim().replace(/^\/+/, '').toUpperCase();
    if ((ROLES as readonly string[]).includes(name)) roles.add(name as Role);
  }
  return [...roles];
}

export function hasApplicantRole(roles: readonly Role[]): boolean {
  return roles.some((r) => (APPLICANT_ROLES as readonly string[]).includes(r));
}

export function hasOrganisationRole(roles: readonly Role[]): boolean {
  return roles.some((r) => (ORGANISATION_ROLES as readonly string[]).includes(r));
}

export type Audience = 'applicant' | 'organisation';

/** Applicant roles win when an account somehow carries both, as in the dashboard redirect's order. */
export function audienceFor(roles: readonly Role[]): Audience | null {
  if (hasApplicantRole(roles)) return 'applicant';
  if (hasOrganisationRole(roles)) return 'organisation';
  return null;
}

/** Where /dashboard sends a user. */
export function dashboardPathFor(roles: readonly Role[], flags: FeatureFlags): string {
  switch (audienceFor(roles)) {
    case 'applicant':
      return '/applicant/dashboard';
    case 'organisation':
      return flags.enhancedDashboardOrganisation ? '/csg/dashboard' : '/results-summary';
    default:
      return '/not-found';
  }
}

export type MenuKey =
  'applications' | 'schemeMembership' | 'personalDetails' | 'help' | 'organisationDetails' | 'results';

export interface MenuItem {
  key: MenuKey;
  label: string;
  href: string;
}

/** Each menu item's label and address, by its key. */
const ITEMS: Record<MenuKey, Omit<MenuItem, 'key'>> = {
  applications: { label: 'Applications', href: '/applicant/dashboard' },
  schemeMembership: { label: 'PVG scheme membership', href: '/scheme-membership-details' },
  personalDetails: { label: 'Personal details', href: '/personal-details' },
  help: { label: 'Help', href: '/help' },
  organisationDetails: { label: 'Organisation details', href: '/countersignatory-details' },
  results: { label: 'Results', href: '/results-summary' },
};

/** The header menu (sign-out is a separate header item, shown to every signed-in user). */
export function menuFor(roles: readonly Role[], flags: FeatureFlags): MenuItem[] {
  switch (audienceFor(roles)) {
    case 'applicant': {
      const keys: MenuKey[] = ['applications'];
      if (roles.includes('APPLICANT')) keys.push('schemeMembership');
      keys.push('personalDetails', 'help');
      return keys.map((key) => ({ key, ...ITEMS[key] }));
    }
    case 'organisation': {
      const keys: MenuKey[] = ['organisationDetails', 'personalDetails', 'help'];
      if (!flags.enhancedDashboardOrganisation) keys.push('results');
      return keys.map((key) => ({ key, ...ITEMS[key] }));
    }
    default:
      return [];
  }
}

/**
 * Spec 01 section 2 lists two menu items overall that no role's menu names: Account and Scheme membership
 * (decision 0055). Like Sign out, which is also only in the overall list, Account is shown to every signed-in
 * person, just before Sign out; it opens /account, the list of the person's account pages, where Scheme membership
 * is the applicant's link to their PVG scheme membership.
 */
export const ACCOUNT_MENU_ITEM = { key: 'account', label: 'Account', href: '/account' } as const;

export type AccountLinkKey = 'personalDetails' | 'schemeMembership' | 'organisationDetails';

/** The links of the Account page, by role: the same pages and the same role rules as the menus. */
export function accountLinksFor(roles: readonly Role[]): { key: AccountLinkKey; href: string }[] {
  switch (audienceFor(roles)) {
    case 'applicant':
      return [
        { key: 'personalDetails', href: ITEMS.personalDetails.href },
        ...(roles.includes('APPLICANT')
          ? [{ key: 'schemeMembership' as const, href: ITEMS.schemeMembership.href }]
          : []),
      ];
    case 'organisation':
      return [
        { key: 'organisationDetails', href: ITEMS.organisationDetails.href },
        { key: 'personalDetails', href: ITEMS.personalDetails.href },
      ];
    default:
      return [];
  }
}

export type Tagline = 'countersignatory' | 'applicant' | 'sharedDisclosure';

/** The banner tagline; a visitor without a role is on the shared-disclosure (recipient) side. */
export function taglineFor(roles: readonly Role[]): Tagline {
  switch (audienceFor(roles)) {
    case 'applicant':
      return 'applicant';
    case 'organisation':
      return 'countersignatory';
    default:
      return 'sharedDisclosure';
  }
}

function typesFor(role: Role, flags: FeatureFlags): ApplicationTypeCode[] {
  switch (role as ApplicantRole | OrganisationRole) {
    case 'CSG':
      return [...(flags.level1Organisation ? (['LA'] as const) : []), 'LB', 'LC', 'PA', 'PC'];
    case 'LEVEL1_CSG':
      return flags.level1Organisation ? ['LA'] : [];
    case 'APPLICANT':
    case 'APPLICATION_ONLY':
      return [
        'LA',
        ...(flags.pvgConfirmationJoin ? (['PB'] as const) : []),
        ...(flags.pvgConfirmationExisting ? (['PD'] as const) : []),
      ];
    default:
      // APPLICANT_BASIC only views results.
      return [];
  }
}

/** The application types a user may start, in code order. */
export function startableTypesFor(roles: readonly Role[], flags: FeatureFlags): ApplicationTypeCode[] {
  const allowed = new Set(roles.flatMap((role) => typesFor(role, flags)));
  return APPLICATION_TYPE_CODES.filter((code) => allowed.has(code));
}

/** 'Start new application' on the results summary: CSG, or LEVEL1_CSG when the level-1 feature is on. */
export function canStartNewApplication(roles: readonly Role[], flags: FeatureFlags): boolean {
  return hasOrganisationRole(roles) && startableTypesFor(roles, flags).length > 0;
}
