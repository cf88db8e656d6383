import { APPLICANT_ROLES } from '@dis/domain';
import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import { JOURNEY_ROLES, RESULT_ROLES } from './route-roles';
import {
  applicantJourneyActions,
  applicantPages,
  applicationsDashboard,
  dateOfBirthMismatchPage,
  selectApplicationPages,
} from './page-modules';
import type { AppRoute } from './route-types';

/** The applicant's pages (document 2) and the nine applicant journeys. */
export const APPLICANT_ROUTES: readonly AppRoute[] = [
  // Applicants (document 2)
  {
    // With the enhanced applicant dashboard off, the page is the applicant's results (decision 0052).
    path: '/applicant/dashboard',
    roles: APPLICANT_ROLES,
    Component: lazyPage(applicationsDashboard, 'ApplicantDashboardPage'),
  },
  {
    // A Basic disclosure made through the Basic service; sign-in with appId lands here (decision 0052).
    path: '/basic-applications/:appId',
    roles: RESULT_ROLES,
    Component: lazyPage(() => import('../features/dashboard/basic-application-page'), 'BasicApplicationPage'),
  },
  {
    path: '/date-of-birth-mismatch',
    roles: APPLICANT_ROLES,
    Component: lazyPage(dateOfBirthMismatchPage, 'DateOfBirthMismatchPage'),
  },
  {
    path: '/application-redirect',
    roles: JOURNEY_ROLES,
    Component: lazyPage(
      () => import('../features/journeys/application-redirect-page'),
      'ApplicationRedirectPage',
    ),
    action: lazyAction(applicantJourneyActions, 'linkApplicationAction'),
  },
  {
    path: '/select-application',
    roles: JOURNEY_ROLES,
    Component: lazyPage(selectApplicationPages, 'SelectApplicationPage'),
    action: lazyAction(applicantJourneyActions, 'selectApplicationAction'),
  },
  {
    path: '/personal-information',
    roles: JOURNEY_ROLES,
    Component: lazyPage(selectApplicationPages, 'PersonalInformationRedirect'),
  },
  // The nine applicant journeys: the page checks the journey's feature flag.
  {
    path: '/applicant-apply/:journeyId/*',
    roles: JOURNEY_ROLES,
    Component: lazyPage(() => import('../features/journeys/applicant-journey-page'), 'ApplicantJourneyPage'),
    action: lazyAction(applicantJourneyActions, 'applicantPageAction'),
  },
  {
    path: '/submitted/:applicationToken',
    roles: JOURNEY_ROLES,
    Component: lazyPage(applicantPages, 'SubmittedApplicationPage'),
  },
  {
    path: '/application-expired',
    roles: APPLICANT_ROLES,
    Component: lazyPage(applicantPages, 'ApplicationExpiredPage'),
  },
  {
    path: '/application-terminated',
    roles: APPLICANT_ROLES,
    Component: lazyPage(applicantPages, 'ApplicationTerminatedPage'),
  },
  {
    path: '/scheme-membership-details',
    roles: ['APPLICANT'],
    Component: lazyPage(() => import('../features/account/scheme-membership-page'), 'SchemeMembershipPage'),
  },
];
