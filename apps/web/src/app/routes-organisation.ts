import { ORGANISATION_ROLES } from '@dis/domain';
import { SELECT_TYPE_PATH } from '../features/journeys/paths';
import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import { JOURNEY_ROLES } from './route-roles';
import type { AppRoute } from './route-types';

/** The organisation's pages (document 1): its journeys, results and CSV batches. */
export const ORGANISATION_PAGE_ROUTES: readonly AppRoute[] = [
  // Organisation users (document 1)
  {
    path: '/declaration',
    roles: ORGANISATION_ROLES,
    Component: lazyPage(() => import('../features/declaration/declaration-page'), 'DeclarationPage'),
    action: lazyAction(() => import('../features/declaration/actions'), 'declarationAction'),
  },
  {
    path: '/csg/dashboard',
    roles: ORGANISATION_ROLES,
    declaration: true,
    feature: 'enhancedDashboardOrganisation',
    Component: lazyPage(
      () => import('../features/dashboard/applications-dashboard'),
      'OrganisationDashboardPage',
    ),
  },
  {
    path: '/countersignatory-details',
    roles: ORGANISATION_ROLES,
    Component: lazyPage(
      () => import('../features/account/countersignatory-details-page'),
      'CountersignatoryDetailsPage',
    ),
    action: lazyAction(
      () => import('../features/account/organisation-report-form'),
      'organisationReportAction',
    ),
  },
  // Organisation journeys: the page checks the type against the user's roles and the level-1 flag.
  {
    path: SELECT_TYPE_PATH,
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: lazyPage(
      () => import('../features/journeys/select-application-type-page'),
      'SelectApplicationTypePage',
    ),
    action: lazyAction(() => import('../features/journeys/organisation-actions'), 'startApplicationAction'),
  },
  {
    path: '/csg-apply/:journeyId/*',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: lazyPage(() => import('../features/journeys/journey-page'), 'OrganisationJourneyPage'),
    action: lazyAction(() => import('../features/journeys/organisation-actions'), 'organisationPageAction'),
  },
  {
    // The organisation's application, or the applicant's own (document 2 section 2, decision 0052).
    path: '/application/:applicationToken/:status',
    roles: [...ORGANISATION_ROLES, ...JOURNEY_ROLES],
    declaration: true,
    Component: lazyPage(
      () => import('../features/dashboard/application-details-page'),
      'ApplicationDetailsPage',
    ),
  },
  // Results of the organisation (document 1 sections 2 and 6)
  {
    path: '/results-summary',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: lazyPage(() => import('../features/results/organisation-pages'), 'ResultsSummaryPage'),
  },
  {
    path: '/view-result-confirmation',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: lazyPage(() => import('../features/results/organisation-pages'), 'ViewResultConfirmationPage'),
    action: lazyAction(
      () => import('../features/results/organisation-actions'),
      'viewResultConfirmationAction',
    ),
  },
  {
    path: '/organisation/:orgCode/results/:resultId',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: lazyPage(() => import('../features/results/organisation-pages'), 'OrganisationResultPage'),
  },
  {
    path: '/applicant-payment-failed',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: lazyPage(
      () => import('../features/dashboard/applicant-payment-failed-page'),
      'ApplicantPaymentFailedPage',
    ),
  },
  // CSV batches: only with the batch feature on.
  {
    path: '/b2b/csv-upload',
    roles: ORGANISATION_ROLES,
    declaration: true,
    feature: 'b2bBatchUpload',
    Component: lazyPage(() => import('../features/batches/csv-upload-page'), 'CsvUploadPage'),
    action: lazyAction(() => import('../features/batches/actions'), 'uploadBatchAction'),
  },
  {
    path: '/b2b/csv-upload-results',
    roles: ORGANISATION_ROLES,
    declaration: true,
    feature: 'b2bBatchUpload',
    Component: lazyPage(() => import('../features/batches/csv-upload-results-page'), 'CsvUploadResultsPage'),
  },
  {
    path: '/b2b/csv-guidance',
    roles: ORGANISATION_ROLES,
    feature: 'b2bBatchUpload',
    Component: lazyPage(() => import('../features/batches/csv-guidance-page'), 'CsvGuidancePage'),
  },
];
