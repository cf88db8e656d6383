import { ORGANISATION_ROLES } from '@dis/domain';
import { SELECT_TYPE_PATH } from '../features/journeys/paths';
import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import { JOURNEY_ROLES } from './route-roles';
import { applicationsDashboard, organisationJourneyActions, organisationResultPages } from './page-modules';
import type { AppRoute } from './route-types';

/** The organisation's pages once its user has agreed to today's declaration. */
const DECLARED = { roles: ORGANISATION_ROLES, declaration: true } as const;

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
    ...DECLARED,
    feature: 'enhancedDashboardOrganisation',
    Component: lazyPage(applicationsDashboard, 'OrganisationDashboardPage'),
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
    ...DECLARED,
    Component: lazyPage(
      () => import('../features/journeys/select-application-type-page'),
      'SelectApplicationTypePage',
    ),
    action: lazyAction(organisationJourneyActions, 'startApplicationAction'),
  },
  {
    path: '/csg-apply/:journeyId/*',
    ...DECLARED,
    Component: lazyPage(
      () => import('../features/journeys/organisation-journey-page'),
      'OrganisationJourneyPage',
    ),
    action: lazyAction(organisationJourneyActions, 'organisationPageAction'),
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
    ...DECLARED,
    Component: lazyPage(organisationResultPages, 'ResultsSummaryPage'),
  },
  {
    path: '/view-result-confirmation',
    ...DECLARED,
    Component: lazyPage(organisationResultPages, 'ViewResultConfirmationPage'),
    action: lazyAction(
      () => import('../features/results/organisation-actions'),
      'viewResultConfirmationAction',
    ),
  },
  {
    path: '/organisation/:orgCode/results/:resultId',
    ...DECLARED,
    Component: lazyPage(organisationResultPages, 'OrganisationResultPage'),
  },
  {
    path: '/applicant-payment-failed',
    ...DECLARED,
    Component: lazyPage(
      () => import('../features/dashboard/applicant-payment-failed-page'),
      'ApplicantPaymentFailedPage',
    ),
  },
  // CSV batches: only with the batch feature on.
  {
    path: '/b2b/csv-upload',
    ...DECLARED,
    feature: 'b2bBatchUpload',
    Component: lazyPage(() => import('../features/batches/csv-upload-page'), 'CsvUploadPage'),
    action: lazyAction(() => import('../features/batches/actions'), 'uploadBatchAction'),
  },
  {
    path: '/b2b/csv-upload-results',
    ...DECLARED,
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
