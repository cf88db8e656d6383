import { APPLICANT_ROLES, ORGANISATION_ROLES, ROLES } from '@dis/domain';
import { NotFoundPage } from '../components/not-found-page';
import { SELECT_TYPE_PATH } from '../features/journeys/paths';
import { LaunchPage } from '../features/launch/launch-page';
import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import type { AppRoute } from './route-types';

const PUBLIC = [] as const;
/** Document 2 section 6: journeys, selection, redirect and submitted details are APPLICANT and APPLICATION_ONLY. */
const JOURNEY_ROLES = ['APPLICANT', 'APPLICATION_ONLY'] as const;
/** Document 2 section 2: result pages are APPLICANT and APPLICANT_BASIC with a verified identity. */
const RESULT_ROLES = ['APPLICANT', 'APPLICANT_BASIC'] as const;
/** Release, appeal and review pages are APPLICANT only. */
const DECISION_ROLES = ['APPLICANT'] as const;

/**
 * Every page of the app with who may see it. Add a journey page here with its roles (and
 * identityVerified / declaration / feature where the spec asks); the guard does the rest.
 */
export const ROUTES: readonly AppRoute[] = [
  // General
  { path: '/', roles: PUBLIC, Component: LaunchPage, script: false },
  {
    path: '/dashboard',
    roles: ROLES,
    declaration: true,
    Component: lazyPage(() => import('../features/dashboard/dashboard-redirect'), 'DashboardRedirect'),
  },
  {
    path: '/sign-out',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/account/sign-out-page'), 'SignOutPage'),
  },
  {
    path: '/signed-out',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/account/signed-out-page'), 'SignedOutPage'),
    script: false,
  },
  {
    path: '/successfully-signed-out',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/account/signed-out-page'), 'SuccessfullySignedOutPage'),
    script: false,
  },
  {
    path: '/error',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/errors/error-code-page'), 'ErrorCodePage'),
    script: false,
  },
  { path: '/not-found', roles: PUBLIC, Component: NotFoundPage, script: false },
  {
    path: '/help',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/help/help-page'), 'HelpPage'),
    script: false,
  },
  {
    path: '/static/about',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/static/about-page'), 'AboutPage'),
    script: false,
  },
  {
    path: '/static/accessibility',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/static/accessibility-page'), 'AccessibilityPage'),
    script: false,
  },
  {
    path: '/static/cookies',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/static/cookies-page'), 'CookiesPage'),
    action: lazyAction(() => import('../features/static/cookies-page'), 'cookiesAction'),
    script: false,
  },
  {
    path: '/static/privacy',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/static/privacy-page'), 'PrivacyPage'),
    script: false,
  },
  // The header's Account item (decision 0055).
  {
    path: '/account',
    roles: ROLES,
    Component: lazyPage(() => import('../features/account/account-page'), 'AccountPage'),
  },
  {
    path: '/personal-details',
    roles: ROLES,
    Component: lazyPage(() => import('../features/account/personal-details-page'), 'PersonalDetailsPage'),
    action: lazyAction(() => import('../features/account/reminder-setting'), 'reminderSettingAction'),
  },

  // Applicants (document 2)
  {
    // With the enhanced applicant dashboard off, the page is the applicant's results (decision 0052).
    path: '/applicant/dashboard',
    roles: APPLICANT_ROLES,
    Component: lazyPage(
      () => import('../features/dashboard/applications-dashboard'),
      'ApplicantDashboardPage',
    ),
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
    Component: lazyPage(
      () => import('../features/errors/date-of-birth-mismatch-page'),
      'DateOfBirthMismatchPage',
    ),
  },
  {
    path: '/application-redirect',
    roles: JOURNEY_ROLES,
    Component: lazyPage(
      () => import('../features/journeys/application-redirect-page'),
      'ApplicationRedirectPage',
    ),
    action: lazyAction(() => import('../features/journeys/applicant-actions'), 'linkApplicationAction'),
  },
  {
    path: '/select-application',
    roles: JOURNEY_ROLES,
    Component: lazyPage(
      () => import('../features/journeys/select-application-page'),
      'SelectApplicationPage',
    ),
  },
  {
    path: '/personal-information',
    roles: JOURNEY_ROLES,
    Component: lazyPage(
      () => import('../features/journeys/select-application-page'),
      'PersonalInformationRedirect',
    ),
  },
  // The nine applicant journeys: the page checks the journey's feature flag.
  {
    path: '/applicant-apply/:journeyId/*',
    roles: JOURNEY_ROLES,
    Component: lazyPage(() => import('../features/journeys/journey-page'), 'ApplicantJourneyPage'),
    action: lazyAction(() => import('../features/journeys/applicant-actions'), 'applicantPageAction'),
  },
  {
    path: '/submitted/:applicationToken',
    roles: JOURNEY_ROLES,
    Component: lazyPage(() => import('../features/dashboard/applicant-pages'), 'SubmittedApplicationPage'),
  },
  {
    path: '/application-expired',
    roles: APPLICANT_ROLES,
    Component: lazyPage(() => import('../features/dashboard/applicant-pages'), 'ApplicationExpiredPage'),
  },
  {
    path: '/application-terminated',
    roles: APPLICANT_ROLES,
    Component: lazyPage(() => import('../features/dashboard/applicant-pages'), 'ApplicationTerminatedPage'),
  },
  {
    path: '/scheme-membership-details',
    roles: ['APPLICANT'],
    Component: lazyPage(() => import('../features/account/scheme-membership-page'), 'SchemeMembershipPage'),
  },
  // Results (document 2 sections 2 and 4)
  {
    path: '/results/:resultId',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/result-page'), 'ResultPage'),
    action: lazyAction(() => import('../features/results/actions'), 'appealQuestionAction'),
  },
  // The one-time code before sharing, and the share pages (the result id in the query).
  {
    path: '/one-time-code',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/one-time-code-pages'), 'OneTimeCodeLandingPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'sendCodeAction'),
  },
  {
    path: '/one-time-code/verify',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/one-time-code-pages'), 'OneTimeCodeVerifyPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'verifyCodeAction'),
  },
  {
    path: '/share-result',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/share-pages'), 'ShareResultPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'shareResultAction'),
  },
  {
    // The share-or-review choice's "share": the purpose confirmed (decision 0054). Scheme records: APPLICANT only.
    path: '/share-confirmation',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/share-pages'), 'ShareConfirmationPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'shareConfirmationAction'),
  },
  {
    path: '/share/consent',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/share-pages'), 'ShareConsentPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'shareConsentAction'),
  },
  {
    path: '/share-success',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/share-pages'), 'ShareSuccessPage'),
  },
  {
    path: '/share/recipient-details',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/recipient-details-page'), 'RecipientDetailsPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'recipientDetailsAction'),
  },
  // The recipient of a shared result: no account, only the link (its token becomes a cookie on the server).
  {
    path: '/before-you-continue',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/pages'), 'BeforeYouContinuePage'),
    script: false,
  },
  {
    path: '/additional-information',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/pages'), 'AdditionalInformationPage'),
    action: lazyAction(() => import('../features/shared-result/actions'), 'additionalInformationAction'),
    script: false,
  },
  {
    path: '/shared-result',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/pages'), 'SharedResultPage'),
  },
  {
    path: '/incorrect-details',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/pages'), 'IncorrectDetailsPage'),
    script: false,
  },
  {
    path: '/complete',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/pages'), 'SharedResultCompletePage'),
    script: false,
  },
  {
    path: '/shared-basic',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/basic-pages'), 'SharedBasicPage'),
    action: lazyAction(() => import('../features/shared-result/actions'), 'sendBasicCodeAction'),
    script: false,
  },
  {
    path: '/shared-basic-otc',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/basic-pages'), 'SharedBasicCodePage'),
    action: lazyAction(() => import('../features/shared-result/actions'), 'verifyBasicCodeAction'),
    script: false,
  },
  {
    path: '/shared-basic-result',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/basic-pages'), 'SharedBasicResultPage'),
  },
  // Who can see my result (not in the spec): every share, and stopping a link.
  {
    path: '/who-can-see-my-result',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/who-can-see-pages'), 'WhoCanSeeMyResultPage'),
  },
  {
    path: '/who-can-see-my-result/stop',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/who-can-see-pages'), 'StopSharingPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'stopSharingAction'),
  },
  {
    path: '/who-can-see-my-result/withdraw-check-code',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/check-a-result/withdraw-page'), 'WithdrawCheckCodePage'),
    action: lazyAction(() => import('../features/check-a-result/actions'), 'withdrawCheckCodeAction'),
  },
  // Signed results and check codes (decision 0051): the print layouts and the public check.
  {
    path: '/results/:resultId/print',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/check-a-result/print-pages'), 'ResultPrintPage'),
  },
  {
    path: '/shared-result/print',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/check-a-result/print-pages'), 'SharedResultPrintPage'),
  },
  {
    path: '/results/:resultId/basic/print',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/check-a-result/print-pages'), 'BasicResultPrintPage'),
  },
  {
    path: '/shared-basic-result/print',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/check-a-result/print-pages'), 'SharedBasicResultPrintPage'),
  },
  {
    path: '/check-a-result',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/check-a-result/check-page'), 'CheckAResultPage'),
    action: lazyAction(() => import('../features/check-a-result/actions'), 'checkAResultAction'),
    script: false,
  },
  // Paper pages are APPLICANT only.
  {
    path: '/share-paper-result',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/paper-pages'), 'SharePaperResultPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'sharePaperAction'),
  },
  {
    path: '/share-paper-success',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/paper-pages'), 'SharePaperSuccessPage'),
  },
  {
    path: '/already-shared-paper',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/paper-pages'), 'AlreadySharedPaperPage'),
  },
  {
    path: '/results/:resultId/basic',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/basic-result-page'), 'BasicResultPage'),
  },
  {
    path: '/results/:resultId/release',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'ReleasePage'),
    action: lazyAction(() => import('../features/results/actions'), 'releaseAction'),
  },
  {
    path: '/results/:resultId/release-success',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'ReleaseSuccessPage'),
  },
  {
    path: '/results/:resultId/confirm-appealing',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'ConfirmAppealingPage'),
    action: lazyAction(() => import('../features/results/actions'), 'confirmAppealingAction'),
  },
  {
    path: '/appeal-guidance',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'AppealGuidancePage'),
  },
  {
    path: '/results/:resultId/share-or-review',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'ShareOrReviewPage'),
    action: lazyAction(() => import('../features/results/actions'), 'shareOrReviewAction'),
  },
  {
    path: '/results/:resultId/how-to-apply-for-review',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'HowToApplyForReviewPage'),
  },

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

  { path: '*', roles: PUBLIC, Component: NotFoundPage, script: false },
];
